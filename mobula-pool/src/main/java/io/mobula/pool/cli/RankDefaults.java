package io.mobula.pool.cli;

import java.util.List;

/**
 * Settings {@code mobula run} gives local ranks when they have no processor to spare: as many ranks on this host as
 * it has processors, or more. Their shared-memory receive threads then do not spend the window after a frame in
 * {@link Thread#yield()} ({@code mobula.shm.yieldMicros=0}): on a processor where a rank computes, a thread that
 * yielded stays runnable behind it and is slow to run when the next frame comes, while a thread asleep on the ring's
 * doorbell runs as soon as it is rung. SOR on 2 ranks and 2 processors went from a speedup of 1.05 to 1.21-1.34 with
 * it (docs/PERFORMANCE.md). Open MPI does the same for oversubscribed nodes (its {@code mpi_yield_when_idle}).
 *
 * <p>The user's word wins: a rank JVM option or a {@code JAVA_TOOL_OPTIONS} / {@code JDK_JAVA_OPTIONS} setting that
 * names the property leaves the default out. Ranks on other hosts (through ssh) get nothing: their processors are
 * not known here.
 */
final class RankDefaults {
    /** The property whose default changes. */
    static final String YIELD_PROPERTY = "mobula.shm.yieldMicros";

    private RankDefaults() {
    }

    /**
     * The JVM options to put before the user's for a local rank.
     *
     * @param localRanks      ranks this launcher starts on this host
     * @param processors      processors of this host
     * @param userJvmArgs     the ranks' JVM options from the command line
     * @param javaToolOptions {@code JAVA_TOOL_OPTIONS} of the launcher's environment, or null
     * @param jdkJavaOptions  {@code JDK_JAVA_OPTIONS} of the launcher's environment, or null
     */
    static List<String> forLocalRanks(int localRanks, int processors, List<String> userJvmArgs, String javaToolOptions,
                                      String jdkJavaOptions) {
        if (localRanks < processors || names(javaToolOptions) || names(jdkJavaOptions)
                || userJvmArgs.stream().anyMatch(RankDefaults::names)) {
            return List.of();
        }
        return List.of("-D" + YIELD_PROPERTY + "=0");
    }

    private static boolean names(String options) {
        return options != null && options.contains("-D" + YIELD_PROPERTY + "=");
    }
}
