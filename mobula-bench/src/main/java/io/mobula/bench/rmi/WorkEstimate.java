package io.mobula.bench.rmi;

import java.util.List;

/**
 * The suite's own estimate of how long a run takes, from the work it will do: per pass and system, a server and a
 * client JVM start ({@link #JVM_START_MILLIS} each), the client's global warm-up, then every case's budget (per-case
 * warm-up plus measurement, {@link Timing#caseBudgetMillis()}); the star cases the same again in their k client JVMs,
 * which start and warm up side by side. A case whose calls are slow can take longer than its budget (it stops only
 * once it has {@link Timing#minCalls()} samples), and a loaded machine starts JVMs more slowly: the estimate is what
 * an idle 2-core machine takes, and the progress line corrects it with the time the finished cases really took.
 */
public final class WorkEstimate {
    /** Start of one JVM up to its first useful line (server READY, client connected), on a 2-core machine. */
    static final long JVM_START_MILLIS = 1_000;

    private WorkEstimate() { }

    /**
     * Milliseconds a run of {@code cases} on {@code systems} takes: {@code passes} times, per system, the JVM starts,
     * warm-ups and case budgets of the cases the system supports.
     */
    public static long millis(List<RmiSystem> systems, List<BenchCase> cases, Timing timing, int passes) {
        long perPass = 0;
        for (RmiSystem s : systems) {
            long single = cases.stream().filter(c -> s.supports(c) && c.kernel() != Kernel.STAR).count();
            long star = cases.stream().filter(c -> s.supports(c) && c.kernel() == Kernel.STAR).count();
            if (single + star == 0) {
                continue;
            }
            perPass += JVM_START_MILLIS; // the server
            if (single > 0) {
                perPass += JVM_START_MILLIS + timing.globalWarmupMillis() + single * timing.caseBudgetMillis();
            }
            if (star > 0) {
                perPass += JVM_START_MILLIS + timing.globalWarmupMillis() + star * timing.caseBudgetMillis();
            }
        }
        return passes * perPass;
    }

    /** The estimate of a default run ({@code ./mobula bench rmi} or {@code --full}): every system, every case. */
    public static long defaultRunMillis(boolean full) {
        SuiteOptions opt = SuiteOptions.parse(full ? new String[] {"--full"} : new String[0]);
        return millis(RmiSystems.all(), CaseCatalog.cases(full), opt.timing(), opt.passes());
    }

    /** Prints the estimate of the default quick and full runs, in minutes (for the README's statement). */
    public static void main(String[] args) {
        System.out.printf("quick: %.1f min, full: %.1f min%n", defaultRunMillis(false) / 60_000.0,
                defaultRunMillis(true) / 60_000.0);
    }
}
