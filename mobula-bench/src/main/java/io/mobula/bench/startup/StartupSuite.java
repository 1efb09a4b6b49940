package io.mobula.bench.startup;

import io.mobula.bench.Environment;
import io.mobula.bench.MachineFields;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code mobula bench startup [--runs N] [--classpath CLASSPATH] [--compare CLASSPATH] [--json FILE]}: what a short
 * job costs as a user starts it, whole processes timed from outside. Case {@code run-np2}: {@code mobula run --np 2} of the ASP kernel at its tiny
 * size (the launcher JVM and two rank JVMs: start, pool formation, a few calls, verification, exit), its result checked;
 * case {@code jvm}: {@code java -version}, the start and exit of a bare JVM, which no library can remove. Per run the
 * wall time and the processor time of the whole process tree (this process's reaped children, from
 * {@code /proc/self/stat}). With {@code --compare}, every run of {@code run-np2} is paired with one on another build's
 * class path, the two alternating, so that the machine's drift falls on both alike. Medians, minima and maxima go to
 * stdout and, with {@code --json}, one JSON line per case and class path (suite {@code "startup"}).
 *
 * <p>Measure on a quiet machine: the lines carry the load average before ({@code load_start}) and after; the load
 * after counts this suite's own JVMs (three at a time, back to back), so {@code loaded} is usually true and only
 * {@code load_start} says whether other processes competed (the suite warns when it was above the processors).
 */
public final class StartupSuite {
    static final String USAGE = """
            usage: mobula bench startup [--runs N] [--classpath CLASSPATH] [--compare CLASSPATH] [--json FILE]
              times mobula run --np 2 of the ASP kernel at its tiny size (launcher and two ranks, as a user starts it)
              and a bare JVM (java -version): wall and processor time of the whole process tree, median of N runs
              --runs N             counted runs of each (default 10), after one warm-up of each
              --classpath CLASSPATH  the build to time (default: this suite's own class path)
              --compare CLASSPATH  also time the run on another build's class path, alternating with this one's
                                   (give both in the same form, say module class directories, for a fair pair)
              --json FILE          also write one JSON line per case and class path (suite "startup")""";
    /** A bound on one run: a tiny job that takes longer is broken, not slow. */
    static final long RUN_LIMIT_SECONDS = 120;

    private StartupSuite() {
    }

    /** The command line entry of {@code mobula bench startup}. */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        int runs = 10;
        String compare = null;
        String here = System.getProperty("java.class.path");
        Path json = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "-h", "--help" -> {
                        out.println(USAGE);
                        return 0;
                    }
                    case "--runs" -> runs = Integer.parseInt(value(args, ++i, "--runs"));
                    case "--compare" -> compare = value(args, ++i, "--compare");
                    case "--classpath" -> here = value(args, ++i, "--classpath");
                    case "--json" -> json = Path.of(value(args, ++i, "--json"));
                    default -> throw new IllegalArgumentException("unexpected '" + args[i] + "'");
                }
            }
            if (runs < 1 || runs > 1000) {
                throw new IllegalArgumentException("--runs: 1 to 1000, not " + runs);
            }
        } catch (IllegalArgumentException e) {
            err.println("mobula bench startup: " + e.getMessage() + "\n" + USAGE);
            return 2;
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> lines = new ArrayList<>();
        double loadStart = Environment.load1();
        try {
            List<String> bare = List.of(java, "-version");
            Series jvm = new Series("jvm", "this");
            measure(bare, null); // warm-up: the file cache, not the figure
            for (int r = 0; r < runs; r++) {
                jvm.add(measure(bare, null));
            }
            Series mine = new Series("run-np2", "this");
            Series theirs = compare == null ? null : new Series("run-np2", "compare");
            measure(StartupJob.command(java, here), "verified");
            if (theirs != null) {
                measure(StartupJob.command(java, compare), "verified");
            }
            for (int r = 0; r < runs; r++) {
                mine.add(measure(StartupJob.command(java, here), "verified"));
                if (theirs != null) {
                    theirs.add(measure(StartupJob.command(java, compare), "verified"));
                }
            }
            MachineFields machine = MachineFields.current().withLoadAtStart(loadStart);
            for (Series s : theirs == null ? List.of(jvm, mine) : List.of(jvm, mine, theirs)) {
                out.println(s.describe());
                lines.add(machine.appendTo(s.json()));
            }
            // the load at the end counts this suite's own JVMs, three at a time: only the load it started under says
            // whether other processes competed
            if (Environment.isLoaded(loadStart, machine.cpus())) {
                err.println("mobula bench startup: the load average was above " + machine.cpus()
                        + " (the number of processors) when the runs started: these figures are noise, not results");
            }
            if (json != null) {
                Path parent = json.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.write(json, lines, StandardCharsets.UTF_8);
                err.println("results: " + json);
            }
            return 0;
        } catch (IOException | InterruptedException | IllegalStateException e) {
            err.println("mobula bench startup: " + e.getMessage());
            return 1;
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    /** One run's wall and processor seconds. */
    record Sample(double wallSeconds, double cpuSeconds) {
    }

    /**
     * Runs {@code cmd} to its end and times it; with {@code expect} non-null its output must contain that word and
     * it must exit 0.
     */
    static Sample measure(List<String> cmd, String expect) throws IOException, InterruptedException {
        long cpuBefore = childrenCpuTicks();
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        java.io.ByteArrayOutputStream output = new java.io.ByteArrayOutputStream();
        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            try (InputStream in = p.getInputStream()) {
                in.transferTo(output); // ends when every process holding the pipe has exited
            } catch (IOException ignored) {
                // the process is gone
            }
        });
        if (!p.waitFor(RUN_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " did not end within " + RUN_LIMIT_SECONDS + " s");
        }
        long wall = System.nanoTime() - t0;
        reader.join(TimeUnit.SECONDS.toMillis(10)); // a rank left holding the pipe does not hold this up for good
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        long cpu = childrenCpuTicks() - cpuBefore;
        String text = output.toString(StandardCharsets.UTF_8); // synchronized with the reader's writes
        if (expect != null && (p.exitValue() != 0 || !text.contains(expect))) {
            throw new IllegalStateException(String.join(" ", cmd) + " exited with " + p.exitValue() + " without '"
                    + expect + "':\n" + text);
        }
        return new Sample(wall / 1e9, cpuBefore < 0 ? Double.NaN : cpu / (double) TICKS_PER_SECOND);
    }

    /** Linux's USER_HZ, the unit of {@code /proc/PID/stat}'s times (100 on every Linux the JDK runs on). */
    static final int TICKS_PER_SECOND = 100;

    /**
     * The processor time (user and system, in ticks) of this process's children that it reaped, with their own
     * reaped children: fields 16 and 17 of {@code /proc/self/stat}; -1 where there is no such file.
     */
    static long childrenCpuTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // the command name (field 2) is in parentheses and may hold spaces: count from after it
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Long.parseLong(f[13]) + Long.parseLong(f[14]); // fields 16 and 17, counted from field 3
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The runs of one case on one class path. */
    static final class Series {
        private final String name;
        private final String classPath;
        private final List<Sample> samples = new ArrayList<>();

        Series(String name, String classPath) {
            this.name = name;
            this.classPath = classPath;
        }

        void add(Sample s) {
            samples.add(s);
        }

        private double[] sorted(boolean wall) {
            double[] v = samples.stream().mapToDouble(s -> wall ? s.wallSeconds() : s.cpuSeconds()).toArray();
            Arrays.sort(v);
            return v;
        }

        static double median(double[] v) {
            int n = v.length;
            return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        }

        String describe() {
            double[] w = sorted(true);
            double[] c = sorted(false);
            return String.format(Locale.ROOT, "%-8s %-8s wall %.3f s (%.3f-%.3f), cpu %.2f s (%.2f-%.2f), %d runs",
                    name, classPath, median(w), w[0], w[w.length - 1], median(c), c[0], c[c.length - 1], w.length);
        }

        String json() {
            double[] w = sorted(true);
            double[] c = sorted(false);
            return String.format(Locale.ROOT, "{\"suite\":\"startup\",\"case\":\"%s\",\"classpath\":\"%s\","
                    + "\"runs\":%d,\"wall_median_s\":%.4f,\"wall_min_s\":%.4f,\"wall_max_s\":%.4f,"
                    + "\"cpu_median_s\":%s,\"cpu_min_s\":%s,\"cpu_max_s\":%s}", name, classPath, w.length, median(w),
                    w[0], w[w.length - 1], num(median(c)), num(c[0]), num(c[c.length - 1]));
        }

        private static String num(double v) {
            return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "null";
        }
    }
}
