package io.mobula.bench.rmi;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Runs one system: starts its server, reads the READY token (bounded wait), starts one client for all cases,
 * collects one RESULT line per case (each wait bounded by the case budget), and destroys both processes whatever
 * happens. A case the client never reported is recorded as an error, never silently dropped.
 */
final class SystemRunner {
    static final long SERVER_READY_MILLIS = 30_000;
    /** Slack per case on top of its timing budget: JVM start, first-call class loading, connection set-up. */
    static final long CASE_SLACK_MILLIS = 60_000;

    private final LaunchContext ctx;
    private final Timing timing;
    private final Progress progress;

    SystemRunner(LaunchContext ctx, Timing timing, Progress progress) {
        this.ctx = ctx;
        this.timing = timing;
        this.progress = progress;
    }

    /**
     * Measures every case {@code passes} times: the client gets the case list repeated, so the passes of one case
     * are spread over the whole run and a burst of load from other processes rarely hits all of them.
     */
    List<CaseResult> run(RmiSystem system, List<BenchCase> cases, int passes) {
        Map<String, List<CaseResult>> got = new LinkedHashMap<>();
        Map<String, Integer> pending = new HashMap<>();
        List<BenchCase> plan = new ArrayList<>();
        for (int p = 0; p < passes; p++) {
            plan.addAll(cases);
        }
        cases.forEach(c -> pending.put(c.id(), passes));
        String failure = null;
        progress.note(system.name() + ": starting server");
        try (ChildProcess server = ChildProcess.start(system.name() + "-server", system.serverCommand(ctx))) {
            String token = server.awaitPrefix("READY ", SERVER_READY_MILLIS);
            try (ChildProcess client = ChildProcess.start(system.name() + "-client",
                    system.clientCommand(ctx, token, timing, plan))) {
                long idle = timing.globalWarmupMillis() + timing.caseBudgetMillis() * Math.max(1, timing.starClients())
                        + CASE_SLACK_MILLIS;
                while (!pending.isEmpty()) {
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
                    String id = r.benchCase().id();
                    Integer left = pending.get(id);
                    if (left == null) {
                        throw new IOException("unexpected result for " + id);
                    }
                    if (left == 1) {
                        pending.remove(id);
                    } else {
                        pending.put(id, left - 1);
                    }
                    got.computeIfAbsent(id, k -> new ArrayList<>()).add(r);
                    progress.advance(1, system.name() + " " + id);
                }
                if (failure == null && !pending.isEmpty()) {
                    failure = "client finished without reporting these cases";
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
            List<CaseResult> mine = got.getOrDefault(c.id(), new ArrayList<>());
            int missing = pending.getOrDefault(c.id(), 0);
            for (int i = 0; i < missing; i++) {
                mine.add(new CaseResult(system.name(), system.transport(), c, null, failure));
                progress.advance(1, system.name() + " " + c.id() + " (failed)");
            }
            results.add(CaseResult.bestOf(mine));
        }
        return results;
    }
}
