package io.mobula.bench.load;

import io.mobula.bench.Environment;
import io.mobula.bench.MachineFields;
import io.mobula.bench.ranks.CliArgs;
import io.mobula.bench.ranks.Verdicts;
import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.LaunchContext;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./mobula bench load [--jvms J] [--threads T] [--seconds S] [--warmup W] [--transports default,tcp]
 * [--json FILE]}: the star kernel under load (KaRMI 6.1 b, scaled up): J client JVMs of T threads each (default 4 x 16
 * = 64 clients) call {@code echo} of a small node on one server object for S seconds (default 20) after W untimed
 * calls per thread. Per transport it prints calls, errors, throughput and p50/p99/p99.9/max latency, and a verdict:
 * PASS when no call failed or answered wrong and the server ran exactly the calls the clients completed. Exit code 0
 * on PASS, 1 on FAIL, 2 on a bad command line.
 */
public final class StarSuite {
    private StarSuite() {
    }

    private record Options(int jvms, int threads, int seconds, int warmup, List<String> transports, Path json) {
        static Options parse(String[] args) {
            int jvms = 4;
            int threads = 16;
            int seconds = 20;
            int warmup = 2000;
            List<String> transports = List.of("default", "tcp");
            Path json = null;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--jvms" -> jvms = CliArgs.number(CliArgs.value(args, ++i, a), a, 1);
                    case "--threads" -> threads = CliArgs.number(CliArgs.value(args, ++i, a), a, 1);
                    case "--seconds" -> seconds = CliArgs.number(CliArgs.value(args, ++i, a), a, 1);
                    case "--warmup" -> warmup = CliArgs.number(CliArgs.value(args, ++i, a), a, 0);
                    case "--transports" -> transports = CliArgs.subset(CliArgs.split(CliArgs.value(args, ++i, a)),
                            List.of("default", "tcp"), a);
                    case "--json" -> json = Path.of(CliArgs.value(args, ++i, a));
                    case "--quick", "--full" -> { }
                    default -> throw new IllegalArgumentException("unknown option " + a + "; usage: bench load"
                            + " [--jvms J] [--threads T] [--seconds S] [--warmup W] [--transports default,tcp]"
                            + " [--json FILE]");
                }
            }
            if (threads > 999) {
                throw new IllegalArgumentException("--threads must be <= 999");
            }
            if (transports.isEmpty()) {
                throw new IllegalArgumentException("--transports names none");
            }
            return new Options(jvms, threads, seconds, warmup, transports, json);
        }
    }

    /** Entry point of {@code bench load}; returns the exit code. */
    public static int run(String[] args) {
        return run(args, System.out);
    }

    /** As {@link #run(String[])}, the report going to {@code out}. */
    static int run(String[] args, PrintStream out) {
        Options opt;
        try {
            opt = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("mobula bench load: " + e.getMessage());
            return 2;
        }
        return run(opt, out);
    }

    private static int run(Options opt, PrintStream out) {
        String loadBefore = Environment.loadAverage();
        LoadHarness harness = new LoadHarness(LaunchContext.current());
        int clients = opt.jvms() * opt.threads();
        out.printf("Star: %d client JVMs x %d threads = %d clients calling echo(4-int node) on one server object,"
                + " %d s after %d warm-up calls per thread; %s%n", opt.jvms(), opt.threads(), clients, opt.seconds(),
                opt.warmup(), Instant.now());
        out.printf("%-8s %8s %10s %7s %10s %9s %9s %9s %9s  %s%n", "transp.", "clients", "calls", "errors", "calls/s",
                "p50 us", "p99 us", "p99.9 us", "max us", "verdict");
        List<String> lines = new ArrayList<>();
        boolean allPass = true;
        for (String transport : opt.transports()) {
            LoadHarness.Plan plan = new LoadHarness.Plan(transport, opt.jvms(), opt.threads(), true, opt.seconds(),
                    opt.warmup(), 1000, false, false);
            String why;
            Json.Obj line = new Json.Obj().put("suite", "load").put("transport", transport)
                    .put("clients", clients).put("jvms", opt.jvms()).put("threads", opt.threads())
                    .put("seconds", opt.seconds());
            try {
                LoadHarness.Outcome o = harness.run(plan);
                RunSummary s = new RunSummary(o);
                List<String> problems = new ArrayList<>(s.mismatches());
                if (s.errors != 0) {
                    problems.add(0, s.errors + " calls failed: " + String.join(" | ", s.firstErrors));
                }
                if (s.latencies.count() == 0) {
                    problems.add("no call was timed");
                }
                double rate = s.latencies.count() / o.wallSeconds();
                boolean pass = problems.isEmpty();
                out.printf("%-8s %8d %10d %7d %10.0f %9.1f %9.1f %9.1f %9.1f  %s%n", plan.expectedTransport(),
                        clients, s.latencies.count(), s.errors, rate, s.micros(0.5), s.micros(0.99), s.micros(0.999),
                        s.latencies.max() / 1000.0, pass ? "PASS" : "FAIL");
                problems.forEach(p -> out.println("         " + p));
                line.put("over", String.join(",", s.transports.stream().distinct().toList()))
                        .put("calls", s.latencies.count()).put("errors", s.errors).put("calls_per_s", rate)
                        .put("p50_us", s.micros(0.5)).put("p99_us", s.micros(0.99)).put("p999_us", s.micros(0.999))
                        .put("max_us", s.latencies.max() / 1000.0).put("server_calls", s.serverTotal())
                        .put("client_calls", s.clientTotal()).put("pass", pass);
                allPass &= pass;
                why = pass ? null : String.join("; ", problems);
            } catch (Exception e) {
                why = "run failed: " + e;
                out.printf("%-8s %8d  run failed: %s%n", transport, clients, Verdicts.firstLine(String.valueOf(e)));
                line.put("pass", false);
                allPass = false;
            }
            if (why != null) {
                line.put("failure", why);
            }
            lines.add(MachineFields.current().appendTo(line.toString()));
        }
        out.println("load average (1/5/15 min) before: " + loadBefore + ", after: " + Environment.loadAverage());
        Path json = opt.json() != null ? opt.json() : defaultJson("load");
        try {
            Verdicts.writeLines(json, lines);
            out.println("JSON lines: " + json.toAbsolutePath());
        } catch (Exception e) {
            out.println("could not write " + json + ": " + e);
            allPass = false;
        }
        out.println("VERDICT " + (allPass ? "PASS" : "FAIL") + " load: " + clients + " clients, transports "
                + String.join(",", opt.transports()));
        return allPass ? 0 : 1;
    }

    /** {@code bench-results/<suite>-<timestamp>.jsonl}. */
    static Path defaultJson(String suite) {
        return Path.of("bench-results", suite + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".jsonl");
    }
}
