package io.mobula.bench.gmi;

import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.Stats;
import java.util.Map;

/**
 * One system's measurement of one case at one process count and transport. {@code stats} is null when the case
 * failed; then {@code error} says why. MB/s is {@link GmiCase#payloadBytes} (10^6 bytes per MB) over the median.
 * {@code warmupOps}: the untimed operations a Java rank ran first (its count stretched to the minimum warm-up time),
 * or -1 where the rank does not say (the MPI program runs the count).
 */
record GmiResult(GmiCase benchCase, String system, String transport, int n, Stats stats, long payloadBytes,
        long warmupOps, String error) {

    boolean ok() {
        return stats != null;
    }

    double p50Micros() {
        return stats.p50Nanos() / 1e3;
    }

    double p99Micros() {
        return stats.p99Nanos() / 1e3;
    }

    double mbPerSecond() {
        return payloadBytes / (stats.p50Nanos() / 1e9) / 1e6;
    }

    static GmiResult failed(GmiCase c, String system, String transport, int n, String error) {
        return new GmiResult(c, system, transport, n, null, 0, -1, error);
    }

    /** Parses rank 0's {@code RESULT} object (nanosecond fields), from a Java rank or the MPI program. */
    static GmiResult fromRank(String system, String transport, int n, Map<String, Object> json) {
        GmiCase c = GmiCase.byId(String.valueOf(json.get("case")));
        Object err = json.get("error");
        if (err != null) {
            return failed(c, system, transport, n, err.toString());
        }
        Stats s = new Stats((int) num(json, "samples"), num(json, "p50_ns"), num(json, "p99_ns"),
                num(json, "mean_ns"), num(json, "min_ns"), num(json, "max_ns"));
        if (s.count() <= 0 || s.p50Nanos() <= 0 || s.minNanos() <= 0 || s.p99Nanos() < s.p50Nanos()) {
            return failed(c, system, transport, n, "implausible stats " + json);
        }
        long warm = json.get("warmup_ops") instanceof Number w ? w.longValue() : -1;
        return new GmiResult(c, system, transport, n, s, num(json, "payload_bytes"), warm, null);
    }

    private static long num(Map<String, Object> json, String key) {
        Object v = json.get(key);
        if (!(v instanceof Number x)) {
            throw new IllegalArgumentException("missing " + key + " in " + json);
        }
        return x.longValue();
    }

    /** The JSON line written to the results file. */
    String toJson(String mode, String timestamp, int cores) {
        Json.Obj o = new Json.Obj()
                .put("suite", "gmi")
                .put("case", benchCase.id())
                .put("system", system)
                .put("transport", transport)
                .put("n", n)
                .put("oversubscribed", n > cores)
                .put("mode", mode)
                .put("timestamp", timestamp);
        if (!ok()) {
            return o.put("error", error).toString();
        }
        if (warmupOps >= 0) {
            o.put("warmup_ops", warmupOps);
        }
        return o.put("samples", stats.count())
                .put("p50_us", p50Micros())
                .put("p99_us", p99Micros())
                .put("mean_us", stats.meanNanos() / 1e3)
                .put("min_us", stats.minNanos() / 1e3)
                .put("max_us", stats.maxNanos() / 1e3)
                .put("payload_bytes", payloadBytes)
                .put("mb_per_s", mbPerSecond())
                .toString();
    }
}
