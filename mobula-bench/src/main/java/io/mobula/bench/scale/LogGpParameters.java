package io.mobula.bench.scale;

import io.mobula.bench.rmi.Json;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of a LogGP cost model (Alexandrov et al., "LogGP: incorporating long messages into the LogP model")
 * for one transport, in microseconds. A message of {@code m} bytes is handled by its receiver
 * {@code L + 2o + m G} after its sender started sending it; a process starts at most one send and handles at most one
 * receipt per {@code g}, and a send of {@code m} bytes keeps it from the next for another {@code m G}.
 *
 * @param transport        the transport the parameters describe ({@code shm}, {@code tcp})
 * @param latency          L: the time on the wire, from the sender's last byte to the receiver's first
 * @param overhead         o: the time a process spends sending or receiving one message
 * @param gap              g: the least time between two sends (or two receipts) of one process
 * @param gapPerByte       G: the time per byte of a message
 * @param source           the results file the parameters were fitted on (for the record)
 */
public record LogGpParameters(String transport, double latency, double overhead, double gap, double gapPerByte,
        String source) {

    public LogGpParameters {
        if (transport == null || !transport.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("a transport name in lower case, not " + transport);
        }
        for (double v : new double[] {latency, overhead, gap, gapPerByte}) {
            if (!(v >= 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException("LogGP parameters are finite and not negative: L " + latency
                        + ", o " + overhead + ", g " + gap + ", G " + gapPerByte);
            }
        }
    }

    /** L + 2o: a small message's time from its sender to its receiver's handler. */
    public double oneWay() {
        return latency + 2 * overhead;
    }

    /** The time from the start of a send of {@code bytes} to its receiver handling it: L + 2o + m G. */
    public double message(long bytes) {
        return oneWay() + bytes * gapPerByte;
    }

    /** How long a send of {@code bytes} keeps its process from starting the next one: g + m G. */
    public double sendOccupancy(long bytes) {
        return gap + bytes * gapPerByte;
    }

    /** One JSON line: the parameters and where they came from. */
    public String json() {
        StringBuilder sb = new StringBuilder();
        Json.quote(sb, source);
        return String.format(Locale.ROOT, "{\"suite\":\"cost-model\",\"transport\":\"%s\",\"latency_us\":%.6f,"
                + "\"overhead_us\":%.6f,\"gap_us\":%.6f,\"gap_per_byte_us\":%.9f,\"one_way_us\":%.6f,"
                + "\"source\":%s}", transport, latency, overhead, gap, gapPerByte, oneWay(), sb);
    }

    /** The parameters of a line {@link #json} wrote (further fields, such as the fit's quality, are ignored). */
    public static LogGpParameters parse(String line) {
        Map<String, Object> m = Json.parseFlat(line);
        return new LogGpParameters(text(m, "transport"), number(m, "latency_us"), number(m, "overhead_us"),
                number(m, "gap_us"), number(m, "gap_per_byte_us"), text(m, "source"));
    }

    private static String text(Map<String, Object> m, String key) {
        if (!(m.get(key) instanceof String s)) {
            throw new IllegalArgumentException("a cost-model line without " + key + ": " + m);
        }
        return s;
    }

    private static double number(Map<String, Object> m, String key) {
        if (!(m.get(key) instanceof Number n)) {
            throw new IllegalArgumentException("a cost-model line without the number " + key + ": " + m);
        }
        return n.doubleValue();
    }
}
