package io.mobula.apps.asp;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;
import io.mobula.rmi.NonBlocking;

/** A rank's member of the ASP group: a mailbox of rows. */
public class AspRowsMember extends GroupMember implements AspRows {
    final Mailbox rows = new Mailbox();

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void putRow(int k, int[] row) {
        rows.put(k, row);
    }
}
