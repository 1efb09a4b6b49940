package io.mobula.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Formats a suite's results: a human table (per case, each system's throughput and its ratio to the
 * baseline, the suite's first system) and JSON lines, one per (case, system).
 */
public final class Report {
    private final Suite suite;
    private final RunMode mode;
    private final Environment env;
    private final List<Result> results;

    public Report(Suite suite, RunMode mode, Environment env, List<Result> results) {
        this.suite = suite;
        this.mode = mode;
        this.env = env;
        this.results = List.copyOf(results);
    }

    /** The cells that have no result (failed or not run). */
    public List<String> missing() {
        List<String> out = new ArrayList<>();
        for (String c : suite.cases()) {
            for (String s : suite.systems()) {
                if (find(c, s).isEmpty()) {
                    out.add(c + " / " + s);
                }
            }
        }
        return out;
    }

    public String table() {
        String baseline = suite.systems().get(0);
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("case"));
        for (String s : suite.systems()) {
            header.add(s);
            if (!s.equals(baseline)) {
                header.add("/" + shortName(baseline));
            }
        }
        rows.add(header.toArray(String[]::new));
        for (String c : suite.cases()) {
            List<String> row = new ArrayList<>(List.of(c));
            Optional<Result> base = find(c, baseline);
            for (String s : suite.systems()) {
                Optional<Result> r = find(c, s);
                row.add(r.map(x -> String.format(Locale.ROOT, "%,.0f", x.score())).orElse("-"));
                if (!s.equals(baseline)) {
                    row.add(r.isPresent() && base.isPresent()
                            ? String.format(Locale.ROOT, "%.2fx", r.get().score() / base.get().score()) : "-");
                }
            }
            rows.add(row.toArray(String[]::new));
        }
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        String unit = results.isEmpty() ? "ops/s" : results.get(0).unit();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "suite %s (%s: %s), %s, %s; %s, %d cores%n", suite.name(), mode.id(),
                mode.describe(), env.date(), env.jdk(), env.cpu(), env.cores()));
        sb.append("throughput in ").append(unit).append(" (higher is better); /").append(shortName(baseline))
                .append(" = that system's throughput divided by ").append(baseline).append("'s\n");
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                String cell = i == 0 ? pad(row[i], width[i], true) : pad(row[i], width[i], false);
                sb.append(cell).append(i + 1 < row.length ? "  " : "\n");
            }
        }
        return sb.toString();
    }

    /** One JSON object per line, per result, in table order. */
    public List<String> jsonLines() {
        String baseline = suite.systems().get(0);
        List<String> out = new ArrayList<>();
        for (String c : suite.cases()) {
            Optional<Result> base = find(c, baseline);
            for (String s : suite.systems()) {
                find(c, s).ifPresent(r -> {
                    StringBuilder sb = new StringBuilder("{");
                    field(sb, "suite", suite.name());
                    field(sb, "case", r.caseName());
                    field(sb, "system", r.system());
                    number(sb, "ops_per_s", r.score());
                    number(sb, "score_error", r.scoreError());
                    field(sb, "unit", r.unit());
                    number(sb, "ratio_to_baseline", base.map(b -> r.score() / b.score()).orElse(Double.NaN));
                    field(sb, "baseline", baseline);
                    field(sb, "mode", mode.id());
                    number(sb, "forks", mode.forks());
                    number(sb, "warmup_iterations", mode.warmupIterations());
                    number(sb, "measurement_iterations", mode.measurementIterations());
                    number(sb, "iteration_s", mode.iterationSeconds());
                    field(sb, "date", env.date());
                    field(sb, "jdk", env.jdk());
                    field(sb, "vm", env.vm());
                    field(sb, "cpu", env.cpu());
                    number(sb, "cores", env.cores());
                    sb.setLength(sb.length() - 1);
                    out.add(sb.append('}').toString());
                });
            }
        }
        return out;
    }

    private Optional<Result> find(String caseName, String system) {
        return results.stream().filter(r -> r.caseName().equals(caseName) && r.system().equals(system)).findFirst();
    }

    /** "mobula-generated" -> "gen": keeps ratio columns narrow. */
    private static String shortName(String system) {
        int dash = system.lastIndexOf('-');
        String tail = dash < 0 ? system : system.substring(dash + 1);
        return tail.length() > 3 ? tail.substring(0, 3) : tail;
    }

    private static String pad(String s, int width, boolean left) {
        String fill = " ".repeat(width - s.length());
        return left ? s + fill : fill + s;
    }

    private static void field(StringBuilder sb, String name, String value) {
        sb.append('"').append(name).append("\":");
        io.mobula.bench.rmi.Json.quote(sb, value);
        sb.append(',');
    }

    private static void number(StringBuilder sb, String name, double value) {
        sb.append('"').append(name).append("\":");
        if (Double.isFinite(value)) {
            sb.append(value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                    : Double.toString(value));
        } else {
            sb.append("null"); // JSON has no NaN
        }
        sb.append(',');
    }

}
