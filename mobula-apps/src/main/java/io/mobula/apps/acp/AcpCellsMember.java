package io.mobula.apps.acp;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;

/** A rank's member of the ACP group: a mailbox of removed cells, by round and rank. */
public class AcpCellsMember extends GroupMember implements AcpCells {
    final Mailbox cells = new Mailbox();

    @Override
    public void removed(int round, int from, int[] removed) {
        cells.put(AcpRanks.key(round, from), removed);
    }
}
