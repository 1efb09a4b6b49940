package io.mobula.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;

/**
 * Where and when a run happened, recorded with every result (results are only comparable as ratios from
 * one run on one machine).
 *
 * @param date  start of the run, UTC, ISO-8601
 * @param jdk   {@code java.runtime.version}
 * @param vm    VM name and vendor
 * @param cpu   CPU model name from /proc/cpuinfo, or "unknown"
 * @param cores processors available to the JVM
 */
public record Environment(String date, String jdk, String vm, String cpu, int cores) {

    public static Environment current() {
        return new Environment(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                System.getProperty("java.runtime.version", Runtime.version().toString()),
                System.getProperty("java.vm.name", "?") + " (" + System.getProperty("java.vm.vendor", "?") + ")",
                cpuModel(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * The machine's load average over 1, 5 and 15 minutes (the first three fields of /proc/loadavg), or "n/a": printed
     * with multi-process results, because on a shared machine other processes inflate latencies and p99.
     */
    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }

    /**
     * The 1-minute load average (first field of /proc/loadavg), or NaN where there is none: recorded with every JSON
     * line, so a chart of the results can say how busy the machine was.
     */
    public static double load1() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Whether a 1-minute load average is above the number of cpus (NaN, unknown, is not). */
    public static boolean isLoaded(double load1, int cpus) {
        return Double.isFinite(load1) && load1 > cpus;
    }

    /**
     * The warning for a machine whose 1-minute load average is above its number of cpus, or empty: other processes
     * then compete with the measured ones, and latencies (p99 most) come out inflated and uneven across systems.
     */
    public static java.util.Optional<String> loadWarning(double load1, int cpus) {
        if (!isLoaded(load1, cpus)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(java.util.Locale.ROOT, "the machine is loaded: load average %.2f"
                + " on %d cpus; other processes will inflate latencies and can reverse comparisons (results record"
                + " \"loaded\":true); for figures to keep, run on an idle machine", load1, cpus));
    }

    /**
     * The commit the running code was built from, as {@code ./mobula} found it ({@code git describe --always --dirty},
     * in the environment variable {@code MOBULA_COMMIT}), or null when the suite was started another way.
     */
    public static String commit() {
        String c = System.getenv("MOBULA_COMMIT");
        return c == null || c.isBlank() ? null : c.strip();
    }

    /** This machine's host name (kernel host name, else the resolver's), or "unknown". */
    public static String hostName() {
        try {
            String h = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
            if (!h.isEmpty()) {
                return h;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: ask the resolver
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return "unknown";
        }
        try (Stream<String> lines = Files.lines(cpuinfo)) {
            return lines.filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException | java.io.UncheckedIOException e) {
            return "unknown";
        }
    }
}
