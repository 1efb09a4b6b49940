package io.mobula.apps.acp;

import io.mobula.gmi.GroupMember;
import io.mobula.rmi.NonBlocking;

/** A rank's member of the ACP group: queues what arrives for the rank's computing thread. */
public class AcpCellsMember extends GroupMember implements AcpCells {
    final AcpInbox inbox = new AcpInbox();
    private final int rank;

    /** The member of rank {@code rank}, which ignores its own broadcasts. */
    public AcpCellsMember(int rank) {
        this.rank = rank;
    }

    @Override
    @NonBlocking // a put into the queue: runs where the invocation arrives, no hand-off
    public void removed(int from, int[] cells) {
        if (from != rank) {
            inbox.put(new AcpInbox.Batch(from, cells));
        }
    }

    @Override
    @NonBlocking // a put into the queue: runs where the invocation arrives, no hand-off
    public void emptied(int from) {
        if (from != rank) {
            inbox.put(new AcpInbox.Emptied(from));
        }
    }

    @Override
    @NonBlocking // a put into the queue: runs where the invocation arrives, no hand-off
    public void token(long count, boolean black) {
        inbox.put(new Safra.Token(count, black));
    }

    @Override
    @NonBlocking // a put into the queue: runs where the invocation arrives, no hand-off
    public void stop(int end) {
        if (rank != 0) {
            inbox.put(new AcpInbox.Stop(end));
        }
    }
}
