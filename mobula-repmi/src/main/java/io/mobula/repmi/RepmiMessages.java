package io.mobula.repmi;

import java.io.Serializable;

/** The headers of RepMI's messages ({@link ReplicaPort}); payload bytes travel beside them. */
final class RepmiMessages {
    private RepmiMessages() {
    }

    /** The method number of a cloud creation. */
    static final int CREATE = -1;
    /** The method number of a slot a new sequencer found no survivor holding: applied as nothing everywhere. */
    static final int NOOP = -2;

    /**
     * A write (or a creation) asks the sequencer for its place in the total order.
     *
     * @param origin the pool rank of the writer's process
     * @param call   the writer's call id there
     * @param cloud  the cloud (its creation's sequence number); 0 for a creation
     * @param method the method index, or {@link #CREATE}
     */
    record Submit(int origin, long call, long cloud, int method) implements Serializable {
    }

    /**
     * The sequencer's broadcast of a write with its sequence number; {@code epoch} counts sequencers (0 for the
     * first, one more per failover), and replicas drop deliveries from an epoch they have fenced off.
     */
    record Deliver(long seq, int epoch, int origin, long call, long cloud, int method) implements Serializable {
    }

    /** A delivered write as a replica logs it, for a new sequencer to fill other replicas' gaps. */
    record Entry(Deliver header, byte[] payload) implements Serializable {
    }

    /** What a creation carries: the root class, the cloud's name, the constructor's arguments. */
    record Create(String rootClass, String rootInterface, String name, Object[] arguments) implements Serializable {
    }
}
