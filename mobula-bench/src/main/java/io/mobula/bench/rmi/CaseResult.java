package io.mobula.bench.rmi;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One system's measurement of one case, as the parent records it. {@code stats} is null when the case failed,
 * then {@code error} says why.
 *
 * <p>MB/s is user payload bytes of the argument ({@link BenchCase#payloadBytes()}, 10^6 bytes per MB) divided by
 * the median call time, as the thesis computes RMI throughput (thesis 2.5.3); the JSON also carries the
 * same over the mean.
 *
 * <p>A case is measured in several passes (fresh processes each); the result is the pass with the lowest median,
 * and {@code passP50Nanos} lists every pass's median (in pass order) so the spread stays visible.
 */
public record CaseResult(String system, String transport, BenchCase benchCase, Stats stats, String error,
        List<Long> passP50Nanos) {

    public CaseResult {
        passP50Nanos = List.copyOf(passP50Nanos);
    }

    CaseResult(String system, String transport, BenchCase benchCase, Stats stats, String error) {
        this(system, transport, benchCase, stats, error, stats == null ? List.of() : List.of(stats.p50Nanos()));
    }

    /**
     * Combines the passes of one case: the successful pass with the lowest median, or the first failure when no
     * pass succeeded.
     */
    static CaseResult bestOf(List<CaseResult> passes) {
        List<Long> p50s = passes.stream().filter(CaseResult::ok).map(r -> r.stats().p50Nanos()).toList();
        return passes.stream().filter(CaseResult::ok)
                .min((a, b) -> Long.compare(a.stats().p50Nanos(), b.stats().p50Nanos()))
                .map(r -> new CaseResult(r.system, r.transport, r.benchCase, r.stats, null, p50s))
                .orElse(passes.get(0));
    }

    public boolean ok() {
        return stats != null;
    }

    public double p50Micros() {
        return stats.p50Nanos() / 1e3;
    }

    public double p99Micros() {
        return stats.p99Nanos() / 1e3;
    }

    public double meanMicros() {
        return stats.meanNanos() / 1e3;
    }

    /** Payload MB/s at the median. */
    public double mbPerSecond() {
        return benchCase.payloadBytes() / (stats.p50Nanos() / 1e9) / 1e6;
    }

    /** Payload MB/s at the mean. */
    public double mbPerSecondMean() {
        return benchCase.payloadBytes() / (stats.meanNanos() / 1e9) / 1e6;
    }

    /** The JSON line written to the results file. */
    String toJson(String mode, String timestamp) {
        Json.Obj o = new Json.Obj()
                .put("suite", "rmi")
                .put("case", benchCase.id())
                .put("kernel", benchCase.kernel().signature())
                .put("payload", benchCase.payload() == null ? null : benchCase.payload().id())
                .put("system", system)
                .put("transport", transport)
                .put("mode", mode)
                .put("timestamp", timestamp);
        if (!ok()) {
            return o.put("error", error).toString();
        }
        return o.put("calls", stats.count())
                .put("p50_us", p50Micros())
                .put("p99_us", p99Micros())
                .put("mean_us", meanMicros())
                .put("min_us", stats.minNanos() / 1e3)
                .put("max_us", stats.maxNanos() / 1e3)
                .put("payload_bytes", benchCase.payloadBytes())
                .put("mb_per_s", mbPerSecond())
                .put("mb_per_s_mean", mbPerSecondMean())
                .put("passes_p50_us", passP50Nanos.stream().map(v -> String.format(java.util.Locale.ROOT, "%.3f",
                        v / 1e3)).collect(Collectors.joining(",")))
                .toString();
    }

    /** Parses a client's {@code RESULT} object (nanosecond fields) into a result. */
    static CaseResult fromClient(String system, String transport, Map<String, Object> json) {
        BenchCase c = BenchCase.parse((String) json.get("case"));
        Object err = json.get("error");
        if (err != null) {
            return new CaseResult(system, transport, c, null, err.toString());
        }
        Stats s = new Stats((int) num(json, "n"), num(json, "p50_ns"), num(json, "p99_ns"),
                num(json, "mean_ns"), num(json, "min_ns"), num(json, "max_ns"));
        if (s.count() <= 0 || s.p50Nanos() <= 0 || s.minNanos() <= 0) {
            return new CaseResult(system, transport, c, null, "implausible stats " + json);
        }
        return new CaseResult(system, transport, c, s, null);
    }

    /** Parses a line of a results file ({@link #toJson}: microsecond fields) back into a result. */
    static CaseResult fromResultsLine(Map<String, Object> json) {
        String system = (String) json.get("system");
        String transport = (String) json.get("transport");
        BenchCase c = BenchCase.parse((String) json.get("case"));
        Object err = json.get("error");
        if (err != null) {
            return new CaseResult(system, transport, c, null, err.toString());
        }
        Stats s = new Stats((int) num(json, "calls"), nanos(json, "p50_us"), nanos(json, "p99_us"),
                nanos(json, "mean_us"), nanos(json, "min_us"), nanos(json, "max_us"));
        Object passes = json.get("passes_p50_us");
        List<Long> p50s = passes == null || passes.toString().isBlank() ? List.of(s.p50Nanos())
                : java.util.Arrays.stream(passes.toString().split(","))
                        .map(v -> Math.round(Double.parseDouble(v.trim()) * 1000)).toList();
        return new CaseResult(system, transport, c, s, null, p50s);
    }

    /** A microsecond field of a results line, in nanoseconds. */
    private static long nanos(Map<String, Object> json, String key) {
        Object v = json.get(key);
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("no number \"" + key + "\" in " + json);
        }
        return Math.round(n.doubleValue() * 1000);
    }

    private static long num(Map<String, Object> json, String key) {
        Object v = json.get(key);
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("missing " + key + " in " + json);
        }
        return n.longValue();
    }

    /** The line a client prints for one case: {@code RESULT {...}} with nanosecond fields. */
    static String clientLine(BenchCase c, Stats s) {
        return "RESULT " + new Json.Obj().put("case", c.id()).put("n", s.count()).put("p50_ns", s.p50Nanos())
                .put("p99_ns", s.p99Nanos()).put("mean_ns", s.meanNanos()).put("min_ns", s.minNanos())
                .put("max_ns", s.maxNanos());
    }

    static String clientErrorLine(BenchCase c, String error) {
        return "RESULT " + new Json.Obj().put("case", c.id()).put("error", error);
    }
}
