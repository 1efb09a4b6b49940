package io.mobula.bench.rmi;

/**
 * How long a client measures each case. First a global warm-up of {@code globalWarmupMillis} cycles through all
 * cases of the run (a few calls each, round robin), so the JIT sees the whole mix before anything is timed; the
 * short per-case warm-up that follows could not bring java.rmi's serialization to steady state alone. Warm-up
 * runs until {@code warmupCalls} calls or {@code warmupMillis},
 * whichever comes first; measurement records up to {@code calls} calls but stops after {@code maxMillis} once at
 * least {@code minCalls} samples exist. {@code starClients} is k for the star kernel.
 */
public record Timing(int globalWarmupMillis, int warmupCalls, int warmupMillis, int calls, int maxMillis, int minCalls,
        int starClients) {

    /** Quick: the whole suite for all systems stays well under 3 minutes on 2 cores. */
    public static final Timing QUICK = new Timing(1_500, 5_000, 60, 20_000, 90, 30, 2);
    /**
     * Full: longer warm-up for the JIT, more samples for stable p99. Star uses one client thread per core (at
     * least 2, at most 8): more would measure the scheduler of a machine already shared with the server.
     */
    public static final Timing FULL = new Timing(10_000, 50_000, 1_000, 200_000, 1_500, 200,
            Math.max(2, Math.min(8, Runtime.getRuntime().availableProcessors())));

    public Timing {
        if (globalWarmupMillis < 0 || warmupCalls < 0 || warmupMillis < 0 || calls < 1 || maxMillis < 1
                || minCalls < 1 || starClients < 1) {
            throw new IllegalArgumentException("bad timing " + this);
        }
        minCalls = Math.min(minCalls, calls);
    }

    String encode() {
        return globalWarmupMillis + "," + warmupCalls + "," + warmupMillis + "," + calls + "," + maxMillis + ","
                + minCalls + "," + starClients;
    }

    static Timing decode(String s) {
        String[] p = s.split(",");
        if (p.length != 7) {
            throw new IllegalArgumentException("bad timing " + s);
        }
        int[] v = new int[7];
        for (int i = 0; i < 7; i++) {
            v[i] = Integer.parseInt(p[i].trim());
        }
        return new Timing(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    }

    /** Upper bound on one case's client time, for the parent's idle timeout. */
    long caseBudgetMillis() {
        return warmupMillis + maxMillis;
    }
}
