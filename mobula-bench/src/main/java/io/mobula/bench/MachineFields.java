package io.mobula.bench;

import io.mobula.bench.rmi.Json;

import java.util.Locale;

/**
 * The machine fields every suite adds to its JSON lines, so a report can caption each chart with where and under what
 * load it was measured: {@code host}, {@code cpus} (processors available to the JVM) and {@code load} (1-minute
 * load average when the results were written; null where there is none).
 *
 * @param host host name
 * @param cpus processors available to the JVM
 * @param load 1-minute load average, NaN if unknown
 */
public record MachineFields(String host, int cpus, double load) {

    /** This machine, now. */
    public static MachineFields current() {
        return new MachineFields(Environment.hostName(), Runtime.getRuntime().availableProcessors(),
                Environment.load1());
    }

    /** {@code jsonObject} (one flat JSON object) with the three fields appended before its closing brace. */
    public String appendTo(String jsonObject) {
        String s = jsonObject.stripTrailing();
        if (!s.endsWith("}")) {
            throw new IllegalArgumentException("not a JSON object: " + jsonObject);
        }
        StringBuilder sb = new StringBuilder(s.substring(0, s.length() - 1));
        if (!s.substring(0, s.length() - 1).strip().equals("{")) {
            sb.append(',');
        }
        sb.append("\"host\":");
        Json.quote(sb, host);
        sb.append(",\"cpus\":").append(cpus).append(",\"load\":")
                .append(Double.isFinite(load) ? String.format(Locale.ROOT, "%.2f", load) : "null");
        return sb.append('}').toString();
    }
}
