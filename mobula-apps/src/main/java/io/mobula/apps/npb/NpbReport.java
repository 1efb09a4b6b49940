package io.mobula.apps.npb;

import java.util.List;
import java.util.Locale;

/**
 * The result block every NPB benchmark prints at its end ({@code print_results} of the NPB sources): benchmark, class,
 * size, iterations, time, processes, Mop/s, operation type and the verdict of the published verification. The C
 * versions print the same block, so the runs can be read side by side.
 */
public final class NpbReport {
    private NpbReport() {
    }

    /**
     * The block's lines.
     *
     * @param benchmark {@code IS} or {@code CG}
     * @param npbClass the class letter, {@code U} for a size with no published verification values
     * @param size the problem size as NPB states it (keys for IS, rows for CG)
     * @param iterations the timed iterations
     * @param seconds the timed section
     * @param processes the number of ranks
     * @param mops the millions of operations per second, by NPB's operation count
     * @param operation NPB's name for the operation counted
     * @param verified whether the published verification passed
     * @param implementation which implementation ran, e.g. {@code Mobula GMI}
     */
    public static List<String> lines(String benchmark, char npbClass, long size, int iterations, double seconds,
                                     int processes, double mops, String operation, boolean verified,
                                     String implementation) {
        return List.of(
                " " + benchmark + " Benchmark Completed (" + implementation + ")",
                row("Class", String.valueOf(npbClass)),
                row("Size", Long.toString(size)),
                row("Iterations", Integer.toString(iterations)),
                row("Time in seconds", String.format(Locale.ROOT, "%.2f", seconds)),
                row("Total processes", Integer.toString(processes)),
                row("Mop/s total", String.format(Locale.ROOT, "%.2f", mops)),
                row("Operation type", operation),
                row("Verification", npbClass == 'U' ? "NOT PERFORMED (no published values for this size)"
                        : verified ? "SUCCESSFUL" : "FAILED"));
    }

    /** The implementation the block names for a kernel version: {@code MPJ Express} for mpj, else Mobula's. */
    public static String implementation(String version) {
        return version.equals("mpj") ? "MPJ Express" : "Mobula " + version;
    }

    private static String row(String name, String value) {
        return String.format(Locale.ROOT, " %-16s= %24s", name, value);
    }
}
