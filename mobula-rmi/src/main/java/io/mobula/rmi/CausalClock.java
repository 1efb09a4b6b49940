package io.mobula.rmi;

/**
 * Orders RMI messages after the writes of a layer above RMI (replicated objects, thesis 4.2.2 "Using multiple clouds
 * and mixing RepMI with RMI", Figure 4.13): every call and reply carries the sender's {@link #now} in its header, and
 * the receiver runs the call, or returns the reply to its caller, only once its own {@link #awaitAtLeast} returns.
 * So an RMI made after a replicated write never observes a replica that has not applied that write yet.
 * {@link Rmi#useCausalClock} installs one per process; without one, the header says 0 and nothing waits.
 */
public interface CausalClock {
    /** The clock of a process without replicated objects. */
    CausalClock NONE = new CausalClock() {
        @Override
        public int now() {
            return 0;
        }

        @Override
        public void awaitAtLeast(int time) {
        }
    };

    /** This process's time: the number of replicated writes it has applied (wrapping past 2^31 is not supported). */
    int now();

    /**
     * Whether the calling thread's calls take part in the order: true for application threads; false on threads
     * running the layer's own protocol (joining, sequencing, fail-over), whose calls carry time 0 and whose callers do
     * not wait for the writes a reply follows. A protocol thread that waited for them could wait for writes only its
     * own call would let this process receive (a process that is joining the replicas looks up the sequencer
     * through the pool, whose coordinator has applied writes already).
     */
    default boolean orders() {
        return true;
    }

    /**
     * Returns once this process's time is at least {@code time}; an implementation bounds the wait and throws when
     * it is exceeded.
     *
     * @throws InterruptedException when interrupted
     */
    void awaitAtLeast(int time) throws InterruptedException;
}
