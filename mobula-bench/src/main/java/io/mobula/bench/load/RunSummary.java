package io.mobula.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The client side of a {@link LoadHarness.Outcome} added up, and compared with the server's counts: calls completed
 * per {@link Op}, errors, callbacks received, merged latencies; {@link #mismatches()} lists every count the server
 * and the clients disagree on, and every process that wrote to stderr.
 */
final class RunSummary {
    final long[] clientCounts = new long[Op.values().length];
    final long[] serverCounts = new long[Op.values().length];
    final LatencyHistogram latencies = new LatencyHistogram();
    final long errors;
    final long callbacksReceived;
    final long outOfOrder;
    final long callbackFailures;
    final List<String> firstErrors = new ArrayList<>();
    final List<String> transports = new ArrayList<>();
    /** Per process that wrote to stderr: what it wrote (a quiet process writes nothing). */
    final Map<String, io.mobula.bench.rmi.ChildProcess.StderrSummary> stderr = new java.util.LinkedHashMap<>();

    RunSummary(LoadHarness.Outcome o) {
        o.stderr().forEach((process, written) -> {
            if (written.lines() > 0) {
                stderr.put(process, written);
            }
        });
        long err = 0;
        long cb = 0;
        for (Map<String, Object> c : o.clients()) {
            for (Op op : Op.values()) {
                clientCounts[op.ordinal()] += number(c, "op_" + op.id());
            }
            latencies.add(LatencyHistogram.decode(String.valueOf(c.get("hist"))));
            err += number(c, "errors");
            cb += number(c, "callbacks");
            String first = String.valueOf(c.get("first_errors"));
            if (!first.isEmpty()) {
                firstErrors.add(first);
            }
            transports.add(String.valueOf(c.get("transport")));
        }
        for (Op op : Op.values()) {
            serverCounts[op.ordinal()] = number(o.server(), "op_" + op.id());
        }
        errors = err;
        callbacksReceived = cb;
        outOfOrder = number(o.server(), "out_of_order");
        callbackFailures = number(o.server(), "callback_failures");
    }

    /** Calls the clients completed, all kernels (a ticket's two calls count as two). */
    long clientTotal() {
        long t = 0;
        for (long c : clientCounts) {
            t += c;
        }
        return t;
    }

    /** Calls the server ran, all kernels. */
    long serverTotal() {
        long t = 0;
        for (long c : serverCounts) {
            t += c;
        }
        return t;
    }

    /** Every disagreement between the server's counts and the clients'; empty when none. */
    List<String> mismatches() {
        List<String> m = new ArrayList<>();
        for (Op op : Op.values()) {
            if (clientCounts[op.ordinal()] != serverCounts[op.ordinal()]) {
                m.add(op.id() + ": clients completed " + clientCounts[op.ordinal()] + ", server ran "
                        + serverCounts[op.ordinal()]);
            }
        }
        if (callbacksReceived != serverCounts[Op.CALLBACK.ordinal()]) {
            m.add("callbacks: server made " + serverCounts[Op.CALLBACK.ordinal()] + ", clients received "
                    + callbacksReceived);
        }
        if (outOfOrder != 0) {
            m.add("add: " + outOfOrder + " calls out of their thread's sequence (lost or run twice)");
        }
        if (callbackFailures != 0) {
            m.add("callbacks: " + callbackFailures + " failed");
        }
        stderr.forEach((process, written) -> m.add(process + " wrote " + written.lines()
                + " lines to stderr (normal operation writes none), the first: " + String.join(" | ", written.first())));
        return m;
    }

    /** {@code q}-percentile latency in microseconds. */
    double micros(double q) {
        return latencies.percentile(q) / 1000.0;
    }

    static long number(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("no number '" + key + "' in " + m);
        }
        return n.longValue();
    }
}
