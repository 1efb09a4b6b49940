/**
 * The load and soak suites ({@code mobula bench load}, {@code mobula bench soak}): many client JVMs and threads on
 * one server object, every call verified and counted on both sides, latencies as log-linear histograms, and each
 * process's live heap, resident memory, threads and descriptors sampled to check that a long run stays flat.
 */
package io.mobula.bench.load;
