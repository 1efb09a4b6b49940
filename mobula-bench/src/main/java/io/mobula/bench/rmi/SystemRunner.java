package io.mobula.bench.rmi;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Runs one pass of one system: starts its server, reads the READY token (bounded wait), starts one client for all
 * cases but star, collects one RESULT line per case (each wait bounded by the case budget), then runs each star case
 * in k client processes of its own, and destroys every process whatever happens. A case the client never reported is recorded as an error, never silently dropped.
 */
final class SystemRunner {
    static final long SERVER_READY_MILLIS = 30_000;
    /** Slack per case on top of its timing budget: JVM start, first-call class loading, connection set-up. */
    static final long CASE_SLACK_MILLIS = 60_000;

    private final LaunchContext ctx;
    private final Timing timing;
    private final Progress progress;
    private final long readyMillis;
    private final long slackMillis;

    SystemRunner(LaunchContext ctx, Timing timing, Progress progress) {
        this(ctx, timing, progress, SERVER_READY_MILLIS, CASE_SLACK_MILLIS);
    }

    /** With explicit bounds on the READY wait and the per-case slack (tests use short ones). */
    SystemRunner(LaunchContext ctx, Timing timing, Progress progress, long readyMillis, long slackMillis) {
        this.ctx = ctx;
        this.timing = timing;
        this.progress = progress;
        this.readyMillis = readyMillis;
        this.slackMillis = slackMillis;
    }

    /**
     * One pass of one system: a fresh server and client process measure every case once. Cases the client never
     * reported come back as errors.
     */
    List<CaseResult> runPass(RmiSystem system, List<BenchCase> cases, int pass) {
        Map<String, CaseResult> got = new HashMap<>();
        String failure = null;
        String tag = system.name() + " pass " + pass;
        progress.note(tag + ": starting server");
        List<BenchCase> star = cases.stream().filter(c -> c.kernel() == Kernel.STAR).toList();
        List<BenchCase> single = cases.stream().filter(c -> c.kernel() != Kernel.STAR).toList();
        try (ChildProcess server = ChildProcess.start(system.name() + "-server", system.serverCommand(ctx))) {
            String token = server.awaitPrefix("READY ", readyMillis);
            if (!single.isEmpty()) {
                failure = runClient(system, token, single, got, tag);
            }
            if (!star.isEmpty()) {
                runStar(system, token, star, got, tag);
            }
        } catch (IOException | TimeoutException | RuntimeException e) {
            failure = e.getMessage() == null ? e.toString() : e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        }
        List<CaseResult> results = new ArrayList<>();
        for (BenchCase c : cases) {
            CaseResult r = got.get(c.id());
            if (r == null) {
                r = new CaseResult(system.name(), system.transport(), c, null, failure);
                progress.advance(1, tag + " " + c.id() + " (failed)");
            }
            results.add(r);
        }
        return results;
    }

    /** The client process for every case but star; returns why it stopped early, or null. */
    private String runClient(RmiSystem system, String token, List<BenchCase> cases, Map<String, CaseResult> got,
                             String tag) throws IOException, TimeoutException, InterruptedException {
        String failure = null;
        try (ChildProcess client = ChildProcess.start(system.name() + "-client",
                system.clientCommand(ctx, token, timing, cases))) {
                long idle = timing.globalWarmupMillis() + timing.caseBudgetMillis() + slackMillis;
                while (got.size() < cases.size()) {
                    String line = client.nextLine(idle);
                    if (line == null) {
                        failure = "client exited early" + client.exitSuffix() + client.stderrSuffix();
                        break;
                    }
                    if (line.equals("DONE")) {
                        break;
                    }
                    if (!line.startsWith("RESULT ")) {
                        continue;
                    }
                    Map<String, Object> json = Json.parseFlat(line.substring("RESULT ".length()));
                    CaseResult r = CaseResult.fromClient(system.name(), system.transport(), json);
                    if (got.put(r.benchCase().id(), r) != null) {
                        throw new IOException("second result for " + r.benchCase().id());
                    }
                    progress.advance(1, tag + " " + r.benchCase().id());
                }
                if (failure == null && got.size() < cases.size()) {
                    failure = "client finished without reporting this case";
                }
        }
        return failure;
    }

    /**
     * The star cases (KaRMI 6.1 b): k client processes, as the paper's k client machines, connect to the server, warm
     * up and, per case, say they are ready; when all are, each gets GO at once and samples its own calls; the samples
     * are merged. Every wait is bounded and every process is destroyed whatever happens; a case that fails is
     * recorded with its reason, and a failure of a process fails the cases still to come.
     */
    private void runStar(RmiSystem system, String token, List<BenchCase> cases, Map<String, CaseResult> got,
                         String tag) throws InterruptedException {
        int k = timing.starClients();
        List<String> command = system.starCommand(ctx, token, timing, cases);
        List<ChildProcess> clients = new ArrayList<>();
        long idle = timing.globalWarmupMillis() + timing.caseBudgetMillis() + slackMillis;
        String broken = command.isEmpty() ? system.name() + " has no star clients" : null;
        try {
            for (int i = 0; i < k && broken == null; i++) {
                clients.add(ChildProcess.start(system.name() + "-star-" + i, command));
            }
            for (BenchCase c : cases) {
                CaseResult r;
                if (broken != null) {
                    r = new CaseResult(system.name(), system.transport(), c, null, "star: " + broken);
                } else {
                    try {
                        r = starCase(system, c, clients, idle);
                    } catch (IOException | TimeoutException | RuntimeException e) {
                        broken = e.getMessage() == null ? e.toString() : e.getMessage();
                        r = new CaseResult(system.name(), system.transport(), c, null, "star: " + broken);
                    }
                }
                got.put(c.id(), r);
                progress.advance(1, tag + " " + c.id() + (r.error() != null ? " (failed)" : ""));
            }
        } catch (IOException e) {
            broken = e.getMessage();
            for (BenchCase c : cases) {
                got.putIfAbsent(c.id(), new CaseResult(system.name(), system.transport(), c, null, "star: " + broken));
            }
        } finally {
            for (ChildProcess p : clients) {
                p.close();
            }
        }
    }

    /**
     * One star case on the k running star clients. A client that cannot run the case says so instead of being ready
     * and goes on with the next one; the others run it anyway (and their samples are dropped), so all stay in step.
     */
    private CaseResult starCase(RmiSystem system, BenchCase c, List<ChildProcess> clients, long idle)
            throws IOException, TimeoutException, InterruptedException {
        int k = clients.size();
        boolean[] ready = new boolean[k];
        String error = null;
        for (int i = 0; i < k; i++) {
            ChildProcess p = clients.get(i);
            try {
                String line = expect(p, "STAR-READY", idle);
                if (!line.equals("STAR-READY " + c.id())) {
                    throw new IOException(p.label() + " is ready for another case: " + line);
                }
                ready[i] = true;
            } catch (CaseFailed f) {
                error = error == null ? f.getMessage() : error;
            }
        }
        for (int i = 0; i < k; i++) {
            if (ready[i]) {
                java.io.OutputStream in = clients.get(i).process().getOutputStream();
                in.write("GO\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                in.flush();
            }
        }
        long[][] parts = new long[k][];
        int n = 0;
        for (int i = 0; i < k; i++) {
            if (!ready[i]) {
                continue;
            }
            try {
                parts[i] = parseSamples(expect(clients.get(i), "SAMPLES ", idle));
                n += parts[i].length;
            } catch (CaseFailed f) {
                error = error == null ? f.getMessage() : error;
            }
        }
        if (error != null) {
            return new CaseResult(system.name(), system.transport(), c, null, "star: " + error);
        }
        long[] all = new long[n];
        int at = 0;
        for (long[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return new CaseResult(system.name(), system.transport(), c, Stats.of(all, n), null);
    }

    /** A star client reported that one case failed (STAR-ERROR); it goes on with the next. */
    private static final class CaseFailed extends IOException {
        CaseFailed(String message) {
            super(message);
        }
    }

    /** The next line of {@code p} that starts with {@code prefix}; a STAR-ERROR line or the end fails. */
    private static String expect(ChildProcess p, String prefix, long timeoutMillis)
            throws IOException, TimeoutException, InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            String line = p.nextLine(Math.max(1, deadline - System.currentTimeMillis()));
            if (line == null) {
                throw new IOException(p.label() + " exited before " + prefix.trim() + p.exitSuffix()
                        + p.stderrSuffix());
            }
            if (line.startsWith("STAR-ERROR")) {
                throw new CaseFailed(p.label() + ": " + line.substring("STAR-ERROR".length()).trim());
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** {@code SAMPLES <n> <ns>,<ns>,...}, checked. */
    static long[] parseSamples(String line) throws IOException {
        String[] parts = line.split(" ", 3);
        try {
            int n = Integer.parseInt(parts[1]);
            String[] values = parts.length > 2 && !parts[2].isEmpty() ? parts[2].split(",") : new String[0];
            if (n <= 0 || values.length != n) {
                throw new IOException("SAMPLES line announces " + n + " samples and has " + values.length);
            }
            long[] out = new long[n];
            for (int i = 0; i < n; i++) {
                out[i] = Long.parseLong(values[i]);
                if (out[i] <= 0) {
                    throw new IOException("sample " + i + " is " + out[i] + " ns");
                }
            }
            return out;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IOException("malformed SAMPLES line: " + e.getMessage());
        }
    }
}
