package io.mobula.bench.hostile;

import io.mobula.bench.MachineFields;
import io.mobula.bench.rmi.BenchRemote;
import io.mobula.bench.rmi.ChildMain;
import io.mobula.bench.rmi.ChildProcess;
import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.LaunchContext;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiConfig;
import io.mobula.rmi.registry.LocateRegistry;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code ./mobula bench hostile [--seconds N] [--settle N] [--garbage N] [--stalls N] [--json FILE]}: a Mobula server
 * (the RMI collection's, over TCP) is attacked for N seconds (default 15) while an ordinary client keeps calling its
 * null method, for {@code --settle} seconds (default 5) before and after the attack, and during it. Prints, per phase, the client's calls and latencies and the server's
 * largest thread count, resident memory and descriptor count, then what the server did with the attackers. Then
 * the JRMP bridge's attacks ({@link BridgeAttack}) on a server of their own, and the attacks on a live pool, its
 * coordinator and its GMI and RepMI ports ({@link PoolAttack}). Ends with {@code VERDICT PASS} (exit code 0) when no
 * ordinary call failed, every attacker was shed or refused, the bridge's server answered after each attack and
 * stopped computing, and the pool held; else {@code VERDICT FAIL} with the reasons (exit code 1).
 */
public final class HostileSuite {
    private static final String[] PHASES = {"before", "attack", "after"};

    private HostileSuite() {
    }

    private record Options(int seconds, int settle, int garbage, int stalls, Path json) {
        static Options parse(String[] args) {
            int seconds = 15;
            int settle = 5;
            int garbage = 3000;
            int stalls = 200;
            Path json = null;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                    case "--settle" -> settle = Integer.parseInt(args[++i]);
                    case "--garbage" -> garbage = Integer.parseInt(args[++i]);
                    case "--stalls" -> stalls = Integer.parseInt(args[++i]);
                    case "--json" -> json = Path.of(args[++i]);
                    case "--quick", "--full" -> { }
                    default -> throw new IllegalArgumentException("unknown option " + a
                            + "; usage: bench hostile [--seconds N] [--settle N] [--garbage N] [--stalls N] [--json FILE]");
                }
            }
            if (seconds < 1 || settle < 1 || garbage < 0 || stalls < 0) {
                throw new IllegalArgumentException("--seconds must be positive, counts non-negative");
            }
            return new Options(seconds, settle, garbage, stalls, json);
        }
    }

    /** Entry point of {@code bench hostile}; returns the exit code. */
    public static int run(String[] args) {
        Options opt;
        try {
            opt = Options.parse(args);
        } catch (RuntimeException e) {
            System.err.println("mobula bench hostile: " + e.getMessage());
            return 2;
        }
        try {
            return attack(opt, System.out);
        } catch (Exception e) {
            System.err.println("mobula bench hostile failed: " + e);
            return 1;
        }
    }

    private static int attack(Options opt, PrintStream out) throws Exception {
        String startLoad = io.mobula.bench.Environment.loadAverage();
        try (ChildProcess server = ChildProcess.start("server", LaunchContext.current()
                .javaCommand(ChildMain.class.getName(), List.of("server", "mobula")))) {
            int port = Integer.parseInt(server.awaitPrefix("READY ", 60_000).trim());
            ProcSampler sampler = new ProcSampler(server.process().pid());
            try {
                Rmi.configure(RmiConfig.fromSystemProperties().withTransports(List.of("tcp")));
            } catch (IllegalStateException running) {
                // this JVM's runtime runs already; the server offers TCP only, so the connection stays on TCP
            }
            BenchRemote bench = (BenchRemote) LocateRegistry.getRegistry("127.0.0.1", port).lookup("bench");
            for (int i = 0; i < 2000; i++) {
                bench.ping(); // warm
            }
            List<List<Long>> latencies = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            long[] errors = new long[3];
            ProcSampler.Sample[] worst = new ProcSampler.Sample[3];
            int[] phase = {0};
            AtomicLong running = new AtomicLong(1);
            Thread client = Thread.ofPlatform().start(() -> {
                while (running.get() == 1) {
                    int p = phase[0];
                    long t0 = System.nanoTime();
                    try {
                        bench.ping();
                        synchronized (latencies) {
                            latencies.get(p).add(System.nanoTime() - t0);
                        }
                    } catch (Exception e) {
                        errors[p]++;
                    }
                }
            });
            Thread sampling = Thread.ofPlatform().daemon().start(() -> {
                while (running.get() == 1) {
                    int p = phase[0];
                    ProcSampler.Sample s = sampler.sample();
                    synchronized (worst) {
                        worst[p] = worst[p] == null ? s : worst[p].max(s);
                    }
                    try {
                        Thread.sleep(250);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            Thread.sleep(opt.settle() * 1000L);

            phase[0] = 1;
            Attack attack = new Attack(new InetSocketAddress("127.0.0.1", port));
            List<Thread> attackers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                attackers.add(Thread.ofPlatform().start(() -> attack.garbage(opt.garbage() / 4, 256)));
            }
            attackers.add(Thread.ofPlatform().start(attack::hugeHeader));
            List<Thread> stallers = attack.stall(opt.stalls(), 30_000);
            Thread.sleep(opt.seconds() * 1000L);

            phase[0] = 2;
            Thread.sleep(opt.settle() * 1000L);
            running.set(0);
            client.join(30_000);
            sampling.interrupt();
            for (Thread t : attackers) {
                t.join(60_000);
            }
            for (Thread t : stallers) {
                t.join(60_000);
            }
            Path json = report(opt, out, latencies, errors, worst, attack, startLoad);
            long[] idleCpu = new long[1];
            List<String> bridgeLines = new ArrayList<>();
            MachineFields machine = MachineFields.current();
            List<BridgeAttack.Outcome> bridge = BridgeAttack.run(out, idleCpu);
            for (BridgeAttack.Outcome o : bridge) {
                bridgeLines.add(machine.appendTo(new Json.Obj().put("suite", "hostile").put("phase", "bridge")
                        .put("attack", o.attack()).put("result", o.result()).put("millis", o.millis())
                        .put("told", o.told()).put("answered_after", o.answeredAfter())
                        .put("server_cpu_ms_after", idleCpu[0]).toString()));
            }
            Files.write(json, bridgeLines, java.nio.file.StandardOpenOption.APPEND);
            PoolAttack.Result pool = PoolAttack.run(out, Math.max(1, opt.garbage() / 10));
            Files.write(json, poolLines(pool, machine), java.nio.file.StandardOpenOption.APPEND);
            List<String> failures = new ArrayList<>();
            for (int p = 0; p < 3; p++) {
                if (errors[p] > 0) {
                    failures.add(errors[p] + " ordinary calls failed " + PHASES[p] + " the attack");
                }
            }
            if (attack.garbageRefusedOrClosed.get() != attack.garbageOpened.get()) {
                failures.add("garbage connections kept open");
            }
            if (!attack.hugeHeader.startsWith("closed") && !attack.hugeHeader.startsWith("reset")) {
                failures.add("2 GiB header: " + attack.hugeHeader);
            }
            if (attack.stallsStillOpen.get() > 0) {
                failures.add(attack.stallsStillOpen.get() + " stalled connections kept open");
            }
            for (BridgeAttack.Outcome o : bridge) {
                if (!o.result().equals("refused") || !o.answeredAfter()) {
                    failures.add("JRMP bridge, " + o.attack() + ": " + o.result()
                            + (o.answeredAfter() ? "" : ", no answer afterwards"));
                }
            }
            if (idleCpu[0] >= 1000) {
                failures.add("the JRMP bridge's server kept computing after the attacks (" + idleCpu[0] + " ms)");
            }
            failures.addAll(pool.failures());
            out.println("VERDICT " + (failures.isEmpty() ? "PASS" : "FAIL") + " hostile: "
                    + (failures.isEmpty() ? "every attacker was turned away and everything kept working"
                    : String.join("; ", failures)));
            return failures.isEmpty() ? 0 : 1;
        }
    }

    /** One JSON line per pool attack, then the pool's state after them and the verdict. */
    private static List<String> poolLines(PoolAttack.Result pool, MachineFields machine) {
        List<String> lines = new ArrayList<>();
        for (PoolAttack.Outcome o : pool.outcomes()) {
            lines.add(machine.appendTo(new Json.Obj().put("suite", "hostile").put("phase", "pool")
                    .put("attack", o.attack()).put("target", o.target()).put("result", o.result())
                    .put("told", o.told()).toString()));
        }
        lines.add(machine.appendTo(new Json.Obj().put("suite", "hostile").put("phase", "pool-after")
                .put("check_before", pool.checkBefore()).put("check_after", pool.checkAfter())
                .put("deaths", pool.deaths().size())
                .put("coordinator_threads_before", pool.coordinatorBefore().threads())
                .put("coordinator_threads_after", pool.coordinatorAfter().threads())
                .put("coordinator_rss_kib_before", pool.coordinatorBefore().rssKiB())
                .put("coordinator_rss_kib_after", pool.coordinatorAfter().rssKiB())
                .put("coordinator_fds_before", pool.coordinatorBefore().descriptors())
                .put("coordinator_fds_after", pool.coordinatorAfter().descriptors())
                .put("coordinator_cpu_ms", pool.coordinatorCpuMs())
                .put("rank1_rss_kib_before", pool.victimBefore().rssKiB())
                .put("rank1_rss_kib_after", pool.victimAfter().rssKiB())
                .put("verdict", pool.held() ? "held" : "FAIL: " + String.join("; ", pool.failures())).toString()));
        return lines;
    }

    /** Prints the attack's results and writes them as JSON lines; returns the file. */
    private static Path report(Options opt, PrintStream out, List<List<Long>> latencies, long[] errors,
                               ProcSampler.Sample[] worst, Attack attack, String startLoad) throws Exception {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path json = opt.json() != null ? opt.json() : Path.of("bench-results", "hostile-" + stamp + ".jsonl");
        List<String> lines = new ArrayList<>();
        out.printf("Hostile load on a Mobula server, %s; attack %d s: %d garbage connections, a 2 GiB header,"
                + " %d stalled connections%n", Instant.now(), opt.seconds(), opt.garbage(), opt.stalls());
        out.printf("%-7s %8s %8s %9s %9s %9s %8s %9s %6s%n", "phase", "calls", "errors", "p50 us", "p99 us",
                "max us", "threads", "RSS MiB", "fds");
        MachineFields machine = MachineFields.current();
        for (int p = 0; p < 3; p++) {
            long[] l = latencies.get(p).stream().mapToLong(Long::longValue).sorted().toArray();
            double p50 = percentile(l, 0.5) / 1000.0;
            double p99 = percentile(l, 0.99) / 1000.0;
            double max = l.length == 0 ? Double.NaN : l[l.length - 1] / 1000.0;
            ProcSampler.Sample s = worst[p] == null ? new ProcSampler.Sample(-1, -1, -1) : worst[p];
            out.printf("%-7s %8d %8d %9.1f %9.1f %9.1f %8d %9.1f %6d%n", PHASES[p], l.length, errors[p], p50, p99, max,
                    s.threads(), s.rssKiB() / 1024.0, s.descriptors());
            lines.add(machine.appendTo(new Json.Obj().put("suite", "hostile").put("phase", PHASES[p])
                    .put("calls", l.length).put("errors", errors[p]).put("p50_us", p50).put("p99_us", p99)
                    .put("max_us", max).put("server_threads", s.threads()).put("server_rss_kib", s.rssKiB())
                    .put("server_fds", s.descriptors()).put("attack_seconds", opt.seconds()).toString()));
        }
        long[] closed = attack.stallClosedAfterMs.stream().mapToLong(Long::longValue).sorted().toArray();
        out.printf("garbage connections: %d opened, %d closed by the server, %d could not connect%n",
                attack.garbageOpened.get(), attack.garbageRefusedOrClosed.get(), attack.connectFailures.get());
        out.printf("2 GiB header: %s%n", attack.hugeHeader);
        out.printf("stalled connections: %d closed by the server (median %s ms, max %s ms), %d still open after 30 s%n",
                closed.length, closed.length == 0 ? "-" : closed[closed.length / 2],
                closed.length == 0 ? "-" : closed[closed.length - 1], attack.stallsStillOpen.get());
        out.printf("load average before: %s, after: %s%n", startLoad, io.mobula.bench.Environment.loadAverage());
        lines.add(machine.appendTo(new Json.Obj().put("suite", "hostile").put("phase", "attackers")
                .put("garbage_opened", attack.garbageOpened.get())
                .put("garbage_closed", attack.garbageRefusedOrClosed.get())
                .put("connect_failures", attack.connectFailures.get()).put("huge_header", attack.hugeHeader)
                .put("stalls_closed", closed.length).put("stall_close_median_ms",
                        closed.length == 0 ? -1 : closed[closed.length / 2])
                .put("stall_close_max_ms", closed.length == 0 ? -1 : closed[closed.length - 1])
                .put("stalls_open", attack.stallsStillOpen.get()).toString()));
        if (json.getParent() != null) {
            Files.createDirectories(json.getParent());
        }
        Files.write(json, lines);
        out.println("JSON lines: " + json.toAbsolutePath());
        return json;
    }

    private static long percentile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return -1;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))];
    }
}
