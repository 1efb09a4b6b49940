package io.mobula.bench;

import io.mobula.bench.rmi.Json;

import java.util.Locale;

/**
 * The machine fields every suite adds to its JSON lines, so a report can caption each chart with where and under what
 * load it was measured: {@code host}, {@code cpus} (processors available to the JVM), {@code load} (1-minute
 * load average when the results were written; null where there is none), {@code load_start} (the same when the run
 * started, for suites that record it) and {@code loaded} (whether either load average was above the number of cpus:
 * other processes competed with the measurement; absent when no load average is known) and {@code commit} (the
 * source the run was built from, as {@code git describe --always --dirty} names it; absent when unknown).
 *
 * @param host        host name
 * @param cpus        processors available to the JVM
 * @param load        1-minute load average, NaN if unknown
 * @param loadAtStart 1-minute load average when the run started, NaN if not recorded
 * @param commit      the commit the run was built from, null if unknown
 */
public record MachineFields(String host, int cpus, double load, double loadAtStart, String commit) {

    /** Without a load average at the start of the run and without a commit. */
    public MachineFields(String host, int cpus, double load) {
        this(host, cpus, load, Double.NaN, null);
    }

    /** This machine, now, and the commit {@code ./mobula} names in {@code MOBULA_COMMIT}. */
    public static MachineFields current() {
        return new MachineFields(Environment.hostName(), Runtime.getRuntime().availableProcessors(),
                Environment.load1(), Double.NaN, Environment.commit());
    }

    /** These fields with the load average the run started under. */
    public MachineFields withLoadAtStart(double load1) {
        return new MachineFields(host, cpus, load, load1, commit);
    }

    /** Whether the load average, at the start or at the end, was above the number of cpus. */
    public boolean loaded() {
        return Environment.isLoaded(load, cpus) || Environment.isLoaded(loadAtStart, cpus);
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
        if (Double.isFinite(loadAtStart)) {
            sb.append(",\"load_start\":").append(String.format(Locale.ROOT, "%.2f", loadAtStart));
        }
        if (Double.isFinite(load) || Double.isFinite(loadAtStart)) {
            sb.append(",\"loaded\":").append(loaded());
        }
        if (commit != null) {
            sb.append(",\"commit\":");
            Json.quote(sb, commit);
        }
        return sb.append('}').toString();
    }
}
