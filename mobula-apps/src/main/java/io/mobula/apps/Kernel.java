package io.mobula.apps;

import java.io.Serializable;
import java.util.List;

/**
 * One application kernel: how to build its input from a size, its sequential algorithm, how the parts the ranks of
 * a parallel run return make a whole result, and when two results agree.
 *
 * @param <P> the problem (the input, made deterministically from the size and a fixed seed)
 * @param <R> the result
 */
public interface Kernel<P, R> {
    /** The short name used on the command line, e.g. {@code asp}. */
    String name();

    /** A few words on what the kernel computes. */
    String title();

    /** Where the thesis describes the kernel and its parallel versions, e.g. {@code "thesis 2.5.3, 4.4.2"}. */
    String thesis();

    /** The sizes: named presets and the meaning of each number. */
    Sizes sizes();

    /** The input for the size values {@code v}; throws IllegalArgumentException naming what is wrong. */
    P problem(int[] v);

    /** The sequential algorithm. */
    R sequential(P problem);

    /** The whole result from the part each rank returned, in rank order. */
    R assemble(P problem, List<Serializable> parts);

    /** Null when {@code actual} is an acceptable result given the sequential {@code expected}; else why not. */
    String compare(P problem, R expected, R actual);

    /**
     * Null when {@code result} passes the kernel's own verification, independent of the sequential version (e.g. the
     * published verification values of the NAS Parallel Benchmarks); else why not. By default every result passes;
     * the sequential version's run is verified by this alone.
     */
    default String check(P problem, R result) {
        return null;
    }

    /** A short fingerprint of a result, printed on the result line. */
    String checksum(R result);

    /** The versions: {@code seq} first, then the parallel ones. */
    List<Version> versions();

    /**
     * Lines printed after a run's result, e.g. the result block of the NAS Parallel Benchmarks with their own
     * verification; none by default.
     *
     * @param problem the input
     * @param result the result of the run
     * @param version the version that ran
     * @param np the number of ranks
     * @param seconds the timed phase
     */
    default List<String> report(P problem, R result, String version, int np, double seconds) {
        return List.of();
    }
}
