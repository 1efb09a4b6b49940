package io.mobula.apps.cli;

import io.mobula.apps.AppSettings;
import io.mobula.apps.Catalog;
import io.mobula.apps.ResultLine;
import io.mobula.apps.SequentialResult;
import io.mobula.apps.Version;
import io.mobula.apps.mpj.MpjExpress;
import io.mobula.apps.npb.OpenMpiTools;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./mobula speedup <kernel> ...}: the speedup table of a kernel (thesis 4.4.2, 5.5.2). Runs the sequential
 * version, then every parallel version for every N through the {@code mobula run} launcher, each several times, and
 * prints the median time, the speedup over the sequential version and the efficiency (speedup / N); marks N above
 * the available processors as oversubscribed. Appends one JSON line per (version, N) for the benchmark report. Exits
 * 1 if any run failed or did not verify.
 */
public final class Speedup {
    /** {@code ,"commit":"…"} when {@code ./mobula} named the source in MOBULA_COMMIT, else nothing. */
    private static final String COMMIT = commitField();

    private Speedup() {
    }

    private static String commitField() {
        String c = System.getenv("MOBULA_COMMIT");
        return c == null || c.isBlank() ? "" : ",\"commit\":\"" + c.replaceAll("[^0-9A-Za-z._-]", "") + "\"";
    }

    public static void main(String[] args) throws Exception {
        SpeedupOptions o;
        try {
            o = SpeedupOptions.parse(args, AppSettings.fromSystemProperties());
        } catch (IllegalArgumentException e) {
            System.err.println("mobula speedup: " + e.getMessage() + "\n" + SpeedupOptions.USAGE);
            System.exit(2);
            return;
        }
        System.exit(run(o));
    }

    private static int run(SpeedupOptions o) throws IOException, InterruptedException {
        int cpus = Runtime.getRuntime().availableProcessors();
        String host = hostName();
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
        Files.createDirectories(o.out());
        Path json = o.out().resolve("apps-" + stamp + ".jsonl");
        String size = String.join(",", Arrays.stream(o.kernel().sizes().parse(o.size())).mapToObj(Integer::toString)
                .toList());
        System.out.printf(Locale.ROOT, "%s, size %s (%s), on %s: %d processors, load %.2f; median of %d runs%n",
                o.kernel().name(), o.size(), size, host, cpus, load(), o.runs());
        Path kept = Files.createTempFile("mobula-speedup-", ".seq");
        try {
            return run(o, cpus, host, json, kept);
        } finally {
            Files.deleteIfExists(kept);
        }
    }

    private static int run(SpeedupOptions o, int cpus, String host, Path json, Path kept) throws IOException,
            InterruptedException {
        // the sequential run keeps its result there, and rank 0 of each parallel run compares with it rather than
        // running the sequential algorithm again (SequentialResult)
        List<String> keep = List.of("-D" + SequentialResult.PROPERTY + "=" + kept);
        boolean ok = true;
        Version seq = o.kernel().versions().getFirst();
        Point seqPoint = measure(seq, 1, o, keep);
        if (!seqPoint.ok()) {
            System.out.println("the sequential version failed:\n  " + String.join("\n  ", seqPoint.tail()));
            return 1;
        }
        double seqSeconds = seqPoint.seconds();
        System.out.printf(Locale.ROOT, "%-9s %4s %10s %8s %10s  %s%n", "version", "N", "seconds", "speedup",
                "efficiency", "notes");
        System.out.printf(Locale.ROOT, "%-9s %4d %10.3f %8s %10s%n", "seq", 1, seqSeconds, "1.00", "-");
        for (Version v : o.versions()) {
            if (v.launch() == Version.Launch.MPIRUN) {
                OpenMpiTools.Found mpi = OpenMpiTools.find();
                if (mpi.tools() == null) {
                    System.out.printf(Locale.ROOT, "%-6s skipped: %s%n", v.name(), mpi.missing());
                    continue;
                }
            } else if (v.launch() == Version.Launch.MPJ) {
                MpjExpress.Found mpj = MpjExpress.find();
                if (mpj.mpj() == null) {
                    System.out.printf(Locale.ROOT, "%-6s skipped: %s%n", v.name(), mpj.missing());
                    continue;
                }
            }
            for (int np : o.nps()) {
                double loadAtStart = load();
                Point pt = measure(v, np, o, keep);
                boolean over = np > cpus;
                double speedup = seqSeconds / pt.seconds();
                double efficiency = speedup / np;
                List<String> notes = new ArrayList<>();
                if (over) {
                    notes.add("oversubscribed: " + np + " ranks on " + cpus + " processors");
                }
                if (!pt.ok()) {
                    notes.add("FAILED or not verified");
                    ok = false;
                }
                Catalog.thesisSpeedup64(o.kernel().name(), v.name())
                        .ifPresent(s -> notes.add("thesis, 64 CPUs: " + s));
                System.out.printf(Locale.ROOT, "%-9s %4d %10.3f %8.2f %10.2f  %s%n", v.name(), np, pt.seconds(),
                        speedup, efficiency, String.join("; ", notes));
                if (!pt.ok()) {
                    System.out.println("  " + String.join("\n  ", pt.tail()));
                }
                String line = String.format(Locale.ROOT, "{\"suite\":\"apps\",\"kernel\":\"%s\",\"version\":\"%s\","
                                + "\"np\":%d,\"size\":\"%s\",\"seconds\":%s,\"seqSeconds\":%s,\"speedup\":%s,"
                                + "\"efficiency\":%s,\"oversubscribed\":%b,\"verified\":%b,\"date\":\"%s\","
                                + "\"host\":\"%s\",\"cpus\":%d,\"load\":%.2f,\"loadEnd\":%.2f%s}%n",
                        o.kernel().name(), v.name(), np, o.size(), num(pt.seconds()), num(seqSeconds), num(speedup),
                        num(efficiency), over, pt.ok(), Instant.now().toString(), host.replace("\"", ""), cpus,
                        loadAtStart, load(), COMMIT);
                Files.writeString(json, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            }
        }
        if (o.nps().stream().anyMatch(n -> n > cpus)) {
            System.out.println("N > " + cpus + " runs more ranks than processors (oversubscribed): its speedup"
                    + " measures time sharing, not parallelism.");
        }
        System.out.println("results appended to " + json);
        return ok ? 0 : 1;
    }

    /** The median of {@code runs} runs; not ok if any run failed or did not verify. */
    private record Point(double seconds, boolean ok, List<String> tail) {
    }

    private static Point measure(Version v, int np, SpeedupOptions o, List<String> jvmOptions) throws IOException,
            InterruptedException {
        double[] times = new double[o.runs()];
        boolean ok = true;
        List<String> tail = List.of();
        for (int i = 0; i < o.runs(); i++) {
            KernelProcess.Outcome out = KernelProcess.run(v, np, o.size(), jvmOptions, o.runTimeout());
            ResultLine r = out.result().orElse(null);
            if (r == null || !r.verified() || out.exitCode() != 0) {
                ok = false;
                tail = out.tail();
                times[i] = Double.NaN;
            } else {
                times[i] = r.seconds();
            }
        }
        Arrays.sort(times); // NaN sorts last
        return new Point(ok ? times[times.length / 2] : Double.NaN, ok, tail);
    }

    /** A JSON number, or null for a failed measurement. */
    private static String num(double d) {
        return Double.isFinite(d) ? String.format(Locale.ROOT, "%.6g", d) : "null";
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return System.getenv().getOrDefault("HOSTNAME", "unknown");
        }
    }
}
