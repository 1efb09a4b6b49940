package io.mobula.apps.lufact;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;
import io.mobula.rmi.NonBlocking;

/** A rank's member of the LUFact group: a mailbox of columns. */
public class LuFactMember extends GroupMember implements LuFactColumns {
    final Mailbox columns = new Mailbox();

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void put(int k, int pivot, double[] column) {
        columns.put(k, new LuFactRanks.Column(pivot, column));
    }
}
