package io.mobula.bench.gmi;

import io.mobula.bench.ranks.RankLaunch;
import io.mobula.bench.ranks.TimedWarmUp;
import io.mobula.bench.rmi.LaunchContext;
import io.mobula.bench.rmi.Progress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs every case of one system at one process count over one transport with {@link RankLaunch} (rank 0 reports) and
 * turns rank 0's RESULT lines into {@link GmiResult}s; a case rank 0 never reported comes back as an error.
 */
final class Launch {
    static final long IDLE_MILLIS = RankLaunch.IDLE_MILLIS;

    private final RankLaunch launch;
    private final Progress progress;

    Launch(LaunchContext ctx, Progress progress, long idleMillis) {
        this.launch = new RankLaunch(ctx, progress, idleMillis);
        this.progress = progress;
    }

    /** The command lines of the N rank JVMs of {@code system} (mobula or rmi-loop). */
    List<List<String>> jvmRanks(String system, String transport, int n, String poolName, int poolPort,
            List<CaseSpec> specs, Path jfr, long warmupMillis) {
        List<String> args = new ArrayList<>(List.of(system, transport));
        specs.forEach(s -> args.add(s.encode()));
        return launch.jvmRanks(GmiRank.class.getName(), args, system, transport, n, poolName, poolPort, jfr,
                List.of("-Dmobula.gmi.timeoutMs=60000", TimedWarmUp.flag(warmupMillis)));
    }

    /** Starts the processes (the first prints the results), collects one result per spec and destroys them all. */
    List<GmiResult> run(String system, String transport, int n, List<CaseSpec> specs, List<List<String>> commands) {
        String tag = system + " " + transport + " N=" + n;
        RankLaunch.Outcome o = launch.run(tag, commands, 0);
        Map<GmiCase, GmiResult> got = new LinkedHashMap<>();
        String failure = o.failure();
        for (Map<String, Object> json : o.results()) {
            GmiResult r;
            try {
                r = GmiResult.fromRank(system, transport, n, json);
            } catch (IllegalArgumentException e) {
                failure = failure != null ? failure : e.getMessage();
                continue;
            }
            if (got.put(r.benchCase(), r) != null) {
                failure = failure != null ? failure : "second result for " + r.benchCase().id();
            }
        }
        if (failure == null && got.size() < specs.size()) {
            failure = "rank 0 finished without reporting this case";
        }
        List<GmiResult> out = new ArrayList<>();
        for (CaseSpec s : specs) {
            GmiResult r = got.get(s.benchCase());
            if (r == null) {
                r = GmiResult.failed(s.benchCase(), system, transport, n, failure);
                progress.advance(1, tag + " " + s.benchCase().id() + " (failed)");
            }
            out.add(r);
        }
        return out;
    }
}
