package io.mobula.bench.repmi;

import io.mobula.bench.rmi.Json;
import java.util.Map;

/**
 * One system's measurement of one case at one process count and transport, in nanoseconds (fractions kept: a read
 * costs a few). {@code error} is non-null when the case failed. MB/s is {@link RepmiCase#payloadBytes} (10^6 bytes per
 * MB) over the median. {@code writerCounts}: for RepMI, how the writer's process ran the case's writes; else null.
 */
record RepmiResult(RepmiCase benchCase, String system, String transport, int n, int samples, double p50Nanos,
        double p99Nanos, double meanNanos, double minNanos, double maxNanos, long payloadBytes, int writer,
        WriterCounts writerCounts, String error) {

    /**
     * The writer's RepMI counters over one case, warm-up included ({@code io.mobula.repmi.CloudCounters}): writes
     * made, orders of them its waiting thread took in itself, and writes its replica ran in place or on a thread of
     * their own.
     */
    record WriterCounts(long writes, long ordersTaken, long inPlace, long handedOff) {
    }

    boolean ok() {
        return error == null;
    }

    double p50Micros() {
        return p50Nanos / 1e3;
    }

    double p99Micros() {
        return p99Nanos / 1e3;
    }

    double mbPerSecond() {
        return payloadBytes / (p50Nanos / 1e9) / 1e6;
    }

    static RepmiResult failed(RepmiCase c, String system, String transport, int n, String error) {
        return new RepmiResult(c, system, transport, n, 0, 0, 0, 0, 0, 0, 0, -1, null,
                error == null ? "unknown" : error);
    }

    /** Parses the writer's {@code RESULT} object. */
    static RepmiResult fromRank(String transport, int n, Map<String, Object> json) {
        RepmiCase c = RepmiCase.byKey(String.valueOf(json.get("case")));
        String system = String.valueOf(json.get("system"));
        Object err = json.get("error");
        if (err != null) {
            return failed(c, system, transport, n, err.toString());
        }
        RepmiResult r = new RepmiResult(c, system, transport, n, (int) num(json, "samples"), num(json, "p50_ns"),
                num(json, "p99_ns"), num(json, "mean_ns"), num(json, "min_ns"), num(json, "max_ns"),
                (long) num(json, "payload_bytes"), (int) num(json, "writer"), writerCounts(json), null);
        if (r.samples() <= 0 || r.p50Nanos() <= 0 || r.minNanos() <= 0 || r.p99Nanos() < r.p50Nanos()
                || r.minNanos() > r.p50Nanos() || r.maxNanos() < r.p99Nanos()) {
            return failed(c, system, transport, n, "implausible stats " + json);
        }
        return r;
    }

    private static WriterCounts writerCounts(Map<String, Object> json) {
        if (!json.containsKey("writer_writes")) {
            return null;
        }
        return new WriterCounts((long) num(json, "writer_writes"), (long) num(json, "writer_orders_taken"),
                (long) num(json, "writer_writes_in_place"), (long) num(json, "writer_writes_handed_off"));
    }

    private static double num(Map<String, Object> json, String key) {
        Object v = json.get(key);
        if (!(v instanceof Number x)) {
            throw new IllegalArgumentException("missing " + key + " in " + json);
        }
        return x.doubleValue();
    }

    /** The JSON line written to the results file. */
    String toJson(String mode, String timestamp, int cores) {
        Json.Obj o = new Json.Obj()
                .put("suite", "repmi")
                .put("case", benchCase.id());
        if (benchCase.array() != null) {
            o.put("array", benchCase.array());
        }
        o.put("system", system)
                .put("transport", transport)
                .put("n", n)
                .put("oversubscribed", n > cores)
                .put("mode", mode)
                .put("timestamp", timestamp);
        if (!ok()) {
            return o.put("error", error).toString();
        }
        o.put("samples", samples)
                .put("p50_us", p50Micros())
                .put("p99_us", p99Micros())
                .put("p50_ns", p50Nanos)
                .put("p99_ns", p99Nanos)
                .put("mean_us", meanNanos / 1e3)
                .put("min_us", minNanos / 1e3)
                .put("max_us", maxNanos / 1e3)
                .put("payload_bytes", payloadBytes)
                .put("mb_per_s", mbPerSecond())
                .put("writer", writer);
        if (writerCounts != null) {
            o.put("writer_writes", writerCounts.writes())
                    .put("writer_orders_taken", writerCounts.ordersTaken())
                    .put("writer_writes_in_place", writerCounts.inPlace())
                    .put("writer_writes_handed_off", writerCounts.handedOff());
        }
        return o.toString();
    }
}
