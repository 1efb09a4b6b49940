package io.mobula.bench.gmi;

import io.mobula.gmi.GroupInterface;

/**
 * The group interface of the GMI benchmarks. Every rank of the pool holds one member ({@link BenchMember}); each case
 * takes a fresh group reference and configures the method it uses (thesis 5.3.1), so the cases do not share
 * configurations.
 */
public interface BenchGroup extends GroupInterface {
    /**
     * Broadcast and scatter latency: the member checks the array and acknowledges it to rank 0 (an RMI one-way call,
     * or a local count at rank 0).
     */
    void put(double[] v);

    /** Broadcast throughput: the member counts arrays and acknowledges every {@code batch}-th to rank 0. */
    void stream(double[] v);

    /**
     * The result of a reduce-to-all or gather-to-all, broadcast by participant 0 of the combined invocation: the
     * member keeps it until its own rank takes it with a local {@link BenchMember#take}.
     */
    void result(double[] v);
}
