package io.mobula.bench.rmi;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Runs one pass of one system: starts its server, reads the READY token (bounded wait), starts one client for all
 * cases, collects one RESULT line per case (each wait bounded by the case budget), and destroys both processes
 * whatever happens. A case the client never reported is recorded as an error, never silently dropped.
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
        try (ChildProcess server = ChildProcess.start(system.name() + "-server", system.serverCommand(ctx))) {
            String token = server.awaitPrefix("READY ", readyMillis);
            try (ChildProcess client = ChildProcess.start(system.name() + "-client",
                    system.clientCommand(ctx, token, timing, cases))) {
                long idle = timing.globalWarmupMillis() + timing.caseBudgetMillis() * Math.max(1, timing.starClients())
                        + slackMillis;
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
}
