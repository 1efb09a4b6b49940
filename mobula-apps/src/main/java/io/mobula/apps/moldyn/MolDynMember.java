package io.mobula.apps.moldyn;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;

/** A rank's member: a mailbox of the summed arrays, by step. */
public class MolDynMember extends GroupMember implements MolDynSums {
    final Mailbox sums = new Mailbox();

    @Override
    public void put(int step, double[] s) {
        sums.put(step, s);
    }
}
