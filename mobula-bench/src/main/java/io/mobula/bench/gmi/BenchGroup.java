package io.mobula.bench.gmi;

import io.mobula.gmi.GroupInterface;

/**
 * The group interface of the GMI benchmarks. Every rank of the pool holds one member ({@link BenchMember}); each case
 * takes a fresh group reference and configures the method it uses (thesis 5.3.1), so the cases do not share
 * configurations. Every method is one the annotation processor proves non-blocking, so it runs on the thread that
 * received the invocation, and every answer comes back through GMI's own reply schemes.
 */
public interface BenchGroup extends GroupInterface {
    /**
     * Broadcast and scatter latency: the member checks the array and answers 1 when it is right, 0 when not. The
     * invoker waits for every member's answer (a flat combine: one small reply per member back to rank 0) and sums
     * them.
     */
    int put(double[] v);

    /** Broadcast throughput: the member checks the array's length; nobody answers. */
    void stream(double[] v);

    /**
     * The last array of a broadcast-throughput batch: checked as {@link #stream}, then the member answers 1 (one
     * small reply per member back to rank 0, summed there).
     */
    int streamEnd(double[] v);

    /**
     * Reduce-to-all and gather-to-all: participant 0 of the combined invocation invokes it on member 0 with the
     * combined vector, which it returns; GMI hands that result to every participant.
     */
    double[] result(double[] v);
}
