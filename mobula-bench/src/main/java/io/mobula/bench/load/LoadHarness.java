package io.mobula.bench.load;

import io.mobula.bench.rmi.ChildProcess;
import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.LaunchContext;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Runs one server JVM and {@code jvms} client JVMs of {@code threads} threads each ({@link LoadChild}) against the one
 * server object, over the default transports ({@code shm} after the upgrade, checked by every client thread) or TCP
 * forced ({@code mobula.transports=tcp}). Every client warms up, then all start together on GO; every process samples
 * its resources while the clients call. Every wait is bounded and every process is destroyed at the end.
 */
public final class LoadHarness {
    /**
     * Longest silence of a process that should be printing (samples come every period), and longest time a client
     * may go without ending a call.
     */
    private static final long SILENCE_MILLIS = 180_000;

    /**
     * What to run.
     *
     * @param transport "default" (shm after the upgrade) or "tcp"
     * @param star      the star kernel for {@code amount} seconds; otherwise the soak mix, {@code amount} calls in all
     * @param warmup    untimed calls per client thread before GO
     * @param periodMs  sampling period of every process
     * @param collect   whether each sample follows a full collection (heap in use = live heap)
     * @param pinTickets whether the server exports each ticket explicitly (pinned: never collected)
     */
    public record Plan(String transport, int jvms, int threads, boolean star, long amount, int warmup, long periodMs,
            boolean collect, boolean pinTickets) {
        public Plan {
            if (!transport.equals("default") && !transport.equals("tcp")) {
                throw new IllegalArgumentException("transport must be default or tcp, got '" + transport + "'");
            }
            if (jvms < 1 || threads < 1 || threads > 999 || amount < 1 || warmup < 0 || periodMs < 1) {
                throw new IllegalArgumentException("bad plan " + this);
            }
        }

        /** The technology the calls must travel over. */
        public String expectedTransport() {
            return transport.equals("tcp") ? "tcp" : "shm";
        }
    }

    /**
     * What a run gave.
     *
     * @param clients     each client JVM's RESULT object
     * @param samples     per process ("server", "client-0", ...): its samples {heap KiB, RSS KiB, threads, fds} (a
     *                    client's with a fifth, the calls it had ended)
     * @param server      the server's COUNTS object
     * @param wallSeconds from GO to the last client's RESULT
     * @param stderr      per process, what it wrote to stderr by the end of the run
     */
    public record Outcome(List<Map<String, Object>> clients, Map<String, List<long[]>> samples,
            Map<String, Object> server, double wallSeconds, Map<String, ChildProcess.StderrSummary> stderr) {
    }

    /** How often a client's progress is noted on stderr. */
    private static final long NOTE_NANOS = 60_000_000_000L;

    private final LaunchContext ctx;

    public LoadHarness(LaunchContext ctx) {
        this.ctx = ctx;
    }

    /** Runs the plan; a process that fails, hangs or exits early fails the run with its stderr. */
    public Outcome run(Plan plan) throws IOException, InterruptedException, TimeoutException {
        LaunchContext c = plan.transport().equals("tcp") ? ctx.withJvmFlags(List.of("-Dmobula.transports=tcp")) : ctx;
        List<ChildProcess> clients = new ArrayList<>();
        try (ChildProcess server = ChildProcess.start("server", c.javaCommand(LoadChild.class.getName(),
                List.of("server", plan.pinTickets() ? "pinned" : "collected")))) {
            String port = server.awaitPrefix("READY ", 60_000);
            try {
                long perJvm = plan.amount() / plan.jvms();
                for (int j = 0; j < plan.jvms(); j++) {
                    long amount = plan.star() ? plan.amount() : perJvm + (j < plan.amount() % plan.jvms() ? 1 : 0);
                    clients.add(ChildProcess.start("client-" + j, c.javaCommand(LoadChild.class.getName(), List.of(
                            "client", port, Integer.toString(j), Integer.toString(plan.threads()),
                            plan.star() ? "star" : "soak", Long.toString(amount), Integer.toString(plan.warmup()),
                            Long.toString(plan.periodMs()), Boolean.toString(plan.collect()),
                            plan.expectedTransport()))));
                }
                for (ChildProcess client : clients) {
                    client.awaitPrefix("READY", SILENCE_MILLIS);
                }
                tell(server, "GO " + plan.periodMs() + " " + plan.collect());
                long t0 = System.nanoTime();
                for (ChildProcess client : clients) {
                    tell(client, "GO");
                }
                Map<String, List<long[]>> samples = new LinkedHashMap<>();
                List<Map<String, Object>> results = new ArrayList<>();
                for (ChildProcess client : clients) {
                    List<long[]> mine = new ArrayList<>();
                    results.add(Json.parseFlat(untilPrefix(client, "RESULT ", mine)));
                    samples.put(client.label(), mine);
                }
                double wall = (System.nanoTime() - t0) / 1e9;
                tell(server, "COUNTS");
                List<long[]> serverSamples = new ArrayList<>();
                Map<String, Object> counts = Json.parseFlat(untilPrefix(server, "COUNTS ", serverSamples));
                Map<String, List<long[]>> all = new LinkedHashMap<>();
                all.put("server", serverSamples);
                all.putAll(samples);
                Map<String, ChildProcess.StderrSummary> stderr = new LinkedHashMap<>();
                stderr.put(server.label(), server.stderrSummary());
                clients.forEach(client -> stderr.put(client.label(), client.stderrSummary()));
                return new Outcome(results, all, counts, wall, stderr);
            } finally {
                clients.forEach(ChildProcess::close);
            }
        }
    }

    /** Reads {@code p}'s lines, keeping its SAMPLE lines, until one starts with {@code prefix}; returns the rest. */
    private static String untilPrefix(ChildProcess p, String prefix, List<long[]> samples)
            throws IOException, InterruptedException, TimeoutException {
        long progress = -1;
        long progressAt = System.nanoTime();
        long notedAt = progressAt;
        while (true) {
            String line = p.nextLine(SILENCE_MILLIS);
            if (line == null) {
                throw new IOException(p.label() + " exited before " + prefix.trim() + p.exitSuffix()
                        + p.stderrSuffix());
            }
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length());
            }
            if (line.startsWith("SAMPLE ")) {
                String[] w = line.substring(7).trim().split(" ");
                long[] s = new long[w.length];
                for (int i = 0; i < w.length; i++) {
                    s[i] = Long.parseLong(w[i]);
                }
                samples.add(s);
                if (s.length > 4 && s[4] != progress) {
                    progress = s[4];
                    progressAt = System.nanoTime();
                    if (progressAt - notedAt > NOTE_NANOS) {
                        notedAt = progressAt;
                        System.err.printf("%s: %,d calls, live heap %,d KiB, RSS %,d KiB, %d threads, %d fds%n",
                                p.label(), s[4], s[0], s[1], s[2], s[3]);
                    }
                } else if (s.length > 4 && (System.nanoTime() - progressAt) / 1_000_000 > SILENCE_MILLIS) {
                    throw new TimeoutException(p.label() + ": no call ended for " + SILENCE_MILLIS + " ms, stuck at "
                            + progress + " calls" + p.stderrSuffix());
                }
            }
        }
    }

    private static void tell(ChildProcess p, String line) throws IOException {
        OutputStream in = p.process().getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }
}
