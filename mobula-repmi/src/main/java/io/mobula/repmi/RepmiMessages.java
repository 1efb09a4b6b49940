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
     * The method number of a process joining the replicas: sequenced like a write; the sequencer's replica sends the
     * joiner a snapshot of every cloud taken at that point of the order, and the joiner applies the writes after it.
     */
    static final int JOIN = -3;

    /**
     * A write (or a creation) with its payload, from its writer: to the sequencer, which gives it its place in the total
     * order, and to the other replicas, which hold the payload until its order arrives ({@link Delivery}). {@code
     * origin} and {@code call} name the write everywhere: a write submitted again after a fail-over keeps them, and
     * replicas run only its first copy in the order ({@link WriteIds}).
     *
     * @param origin the pool rank of the writer's process
     * @param call   the writer's call id there
     * @param floor  every call of the writer below this one is settled: applied, taken in by the writer's own replica,
     *               or given up by its caller; a later copy of such a call is dropped
     * @param cloud  the cloud (its creation's sequence number); 0 for a creation
     * @param method the method index, or {@link #CREATE}
     * @param sentTo the pool ranks this submission's payload was sent to besides the sequencer (directly or along the
     *               writer's tree), the writer's own among them, as a bit set: rank r is bit {@code r % 64} of
     *               {@code sentTo[r / 64]} (N bits, not N ints: 128 bytes for 1024 ranks); the sequencer sends them
     *               only the order, and the other replicas the payload with it
     */
    record Submit(int origin, long call, long floor, long cloud, int method, long[] sentTo) implements Serializable {
        /** A submission whose payload only the sequencer receives. */
        Submit(int origin, long call, long floor, long cloud, int method) {
            this(origin, call, floor, cloud, method, NOBODY);
        }

        /** The bit set of {@code ranks} (each at least 0), for {@link #sentTo}. */
        static long[] ranks(int... ranks) {
            int max = -1;
            for (int r : ranks) {
                if (r < 0) {
                    throw new IllegalArgumentException("a pool rank is at least 0, not " + r);
                }
                max = Math.max(max, r);
            }
            long[] bits = new long[(max + 64) / 64];
            for (int r : ranks) {
                bits[r >>> 6] |= 1L << r;
            }
            return bits;
        }

        /** This submission without its list of replicas: the header of the copies its writer sends the replicas. */
        Submit withoutList() {
            return new Submit(origin, call, floor, cloud, method);
        }

        /**
         * Whether pool rank {@code rank} received this submission's payload from its writer. A set that names a
         * replica wrongly (never sent by a Mobula writer) only makes the sequencer send the payload to a replica that
         * has it, or not to one that then fetches it.
         */
        boolean sentTo(int rank) {
            long[] bits = sentTo;
            return bits != null && rank >= 0 && (rank >>> 6) < bits.length && (bits[rank >>> 6] & (1L << rank)) != 0;
        }
    }

    private static final long[] NOBODY = new long[0];

    /**
     * A write's place in the total order, the sequencer's broadcast (thesis 4.3): sent alone (an order) to the replicas
     * that hold the write's payload from its writer, and with the payload to the others. {@code epoch} counts
     * sequencers (0 for the first, one more per failover), and replicas drop orders from an epoch they have fenced off.
     * The other fields are the {@link Submit}'s.
     */
    record Deliver(long seq, int epoch, int origin, long call, long floor, long cloud, int method)
            implements Serializable {
    }

    /**
     * An ordered write as a replica logs it, for a new sequencer to fill other replicas' gaps; {@code payload} is null
     * while the replica has the order but not yet the payload.
     */
    record Entry(Deliver header, byte[] payload) implements Serializable {
    }

    /** What a creation carries: the root class, the cloud's name, the constructor's arguments. */
    record Create(String rootClass, String rootInterface, String name, Object[] arguments) implements Serializable {
    }

    /** One cloud in a snapshot: its identity, generated types, hash counter and its whole object graph. */
    record CloudState(long id, String name, String rootInterface, long hashes, Object root) {
    }

    /**
     * Every cloud of a replica at write {@code seq} (a JOIN), with the number of writes applied, the processes holding
     * replicas and the writes each writer has had taken ({@link WriteIds#export}). Travels as {@link SnapshotCodec}
     * bytes, which no depth of a cloud can exceed.
     */
    record Snapshot(long seq, long applied, int[] members, long[][] writers, java.util.List<CloudState> clouds) {
    }
}
