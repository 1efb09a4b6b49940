package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Mobula against every other system of every suite in one chart: for each other system, Mobula's median time divided
 * by that system's for the same cell (case, N, transport, argument), and the median of that ratio over every cell
 * both measured. Serialization compares {@code mobula-generated} (time = 1 / round trips per second), RMI every
 * {@code mobula*} system with the other systems of its transport (java.rmi, gRPC, raw ping-pong, ...), GMI
 * {@code mobula} with Open MPI and the RMI loop, RepMI {@code mobula-repmi} with its baselines.
 */
final class ComparisonCharts {
    static final String DESCRIPTION = "Mobula's median time divided by the other system's for the same case (same"
            + " N, transport and argument), as the median over all cases both measured: below 1 Mobula is faster,"
            + " above 1 slower. Each bar names the other system, its suite and how many cases were compared.";

    private ComparisonCharts() {
    }

    /**
     * One comparison: Mobula's system ({@code mobula}, named only when the suite has several Mobula systems for the
     * same cell, else empty) against {@code other} (with its transport where the name does not say it) in a suite.
     */
    record Pair(String mobula, String other, String suite) {
        /** "mobula-shm / java.rmi tcp (rmi". */
        String label() {
            return (mobula.isEmpty() ? "" : mobula + " / ") + other + " (" + suite;
        }
    }

    /** The headline table: one row per comparison, the median ratio and what it means, in suite order. */
    static List<List<String>> table(Map<String, ResultFile> files) {
        Map<Pair, List<Double>> ratios = ratios(files, new ArrayList<>());
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("Mobula system", "against", "suite", "cases", "Mobula time / other time (median)",
                "so Mobula is"));
        ratios.forEach((p, r) -> {
            double m = median(r);
            rows.add(List.of(p.mobula().isEmpty() ? "mobula" : p.mobula(), p.other(), p.suite(),
                    Integer.toString(r.size()), String.format(java.util.Locale.ROOT, "%.2f", m),
                    m < 1 ? String.format(java.util.Locale.ROOT, "%.1fx faster", 1 / m)
                            : m > 1 ? String.format(java.util.Locale.ROOT, "%.1fx slower", m) : "as fast"));
        });
        return rows;
    }

    /** Per comparison, Mobula's time / the other's over every cell both measured; the lines used go to {@code used}. */
    static Map<Pair, List<Double>> ratios(Map<String, ResultFile> files, List<ResultLine> used) {
        Map<Pair, List<Double>> ratios = new LinkedHashMap<>();
        ResultFile serial = files.get("serial");
        if (serial != null) {
            compare("serial", serial, "ops_per_s", true, l -> l.text("system").equals("mobula-generated"),
                    l -> l.text("case"), ratios, used);
        }
        ResultFile rmi = files.get("rmi");
        if (rmi != null) {
            compare("rmi", rmi, "p50_us", false, l -> l.text("system").startsWith("mobula"),
                    l -> l.text("case") + "|" + l.text("transport"), ratios, used);
        }
        ResultFile gmi = files.get("gmi");
        if (gmi != null) {
            compare("gmi", gmi, "p50_us", false, l -> l.text("system").equals("mobula"),
                    l -> l.text("case") + "|" + l.text("n") + "|" + l.text("transport"), ratios, used);
        }
        ResultFile repmi = files.get("repmi");
        if (repmi != null) {
            compare("repmi", repmi, "p50_us", false, l -> l.text("system").equals("mobula-repmi"),
                    l -> l.text("case") + "|" + l.text("array") + "|" + l.text("n") + "|" + l.text("transport"),
                    ratios, used);
        }
        return ratios;
    }

    /** The comparison chart over the suites' files, or none when no file has Mobula beside another system. */
    static List<Chart> charts(Map<String, ResultFile> files) {
        List<ResultLine> used = new ArrayList<>();
        Map<Pair, List<Double>> ratios = ratios(files, used);
        if (ratios.isEmpty()) {
            return List.of();
        }
        List<String> categories = new ArrayList<>();
        List<Point> points = new ArrayList<>();
        for (Map.Entry<Pair, List<Double>> e : ratios.entrySet()) {
            points.add(Point.of(categories.size(), median(e.getValue())));
            categories.add(e.getKey().label() + ", " + e.getValue().size() + ")");
        }
        String sources = String.join(", ", files.values().stream().filter(f -> used.stream()
                .anyMatch(l -> l.file().equals(f.path()))).map(f -> f.path().getFileName().toString()).toList());
        return List.of(new Chart("comparison", "Mobula's time relative to each other system (median over cases)",
                new Axis("other system (suite, cases compared)", "", false),
                new Axis("Mobula time / other time", "", true),
                List.of(Series.of("median ratio", points), new Series("as fast (1)", List.of(Point.of(0, 1)), true)),
                categories, RunCaption.of(sources, used)));
    }

    /**
     * Adds, per other system of {@code file}, the ratios Mobula / other of {@code value} over the cells (by
     * {@code cell}) both measured; {@code rate} means the value is a rate (higher is faster), so the time ratio is
     * other / Mobula.
     */
    private static void compare(String suite, ResultFile file, String value, boolean rate,
            java.util.function.Predicate<ResultLine> isMobula, Function<ResultLine, String> cell,
            Map<Pair, List<Double>> ratios, List<ResultLine> used) {
        List<ResultLine> ok = Lines.where(file.measured(), l -> l.text("system") != null && l.number(value) > 0);
        Map<String, List<ResultLine>> mobula = Lines.group(Lines.where(ok, isMobula), cell);
        for (ResultLine other : Lines.where(ok, l -> !isMobula.test(l) && !l.text("system").startsWith("mobula"))) {
            List<ResultLine> mine = mobula.getOrDefault(cell.apply(other), List.of());
            for (ResultLine m : mine) {
                double r = rate ? other.number(value) / m.number(value) : m.number(value) / other.number(value);
                String system = other.text("system");
                String transport = other.text("transport");
                Pair key = new Pair(mine.size() > 1 ? m.text("system") : "", system
                        + (transport == null || system.endsWith("-" + transport) ? "" : " " + transport), suite);
                ratios.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
                used.add(m);
                used.add(other);
            }
        }
    }

    static double median(List<Double> values) {
        double[] v = values.stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

}
