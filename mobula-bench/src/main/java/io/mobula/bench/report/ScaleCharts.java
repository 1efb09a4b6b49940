package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The scale simulation ({@code bench scale}): for each GMI collective and the RepMI write, against the number of
 * members N, the messages a member sends per operation (on average, and the most one member sends), the longest
 * causal chain beside log2 N, and the latency the LogGP cost model predicts per transport. Counts, not times: every
 * value is per operation (a row's counts divided by its {@code ops}).
 */
final class ScaleCharts implements SuiteCharts {
    /** Formation and the footprint lines are not operations; their counts are in the tables of PERFORMANCE-HISTORY.md. */
    private static final Set<String> NOT_OPERATIONS = Set.of("pool-form", "group-form", "cloud-form", "footprint");

    @Override
    public String suite() {
        return "scale";
    }

    @Override
    public String description() {
        return "The simulation of N members in one JVM, counting messages instead of timing them: per operation, the"
                + " messages a member sends (mean and most), the longest chain of messages one after another (dashed:"
                + " log2 N) and the latency a LogGP model fitted on one machine's RMI round trips predicts for shm"
                + " and TCP (a prediction, not a measurement).";
    }

    @Override
    public List<Chart> charts(ResultFile file) {
        String name = file.path().getFileName().toString();
        List<ResultLine> ops = Lines.where(file.measured(), l -> l.text("operation") != null
                && !NOT_OPERATIONS.contains(l.text("operation")) && l.number("n") > 0 && l.number("ops") > 0);
        List<Chart> charts = new ArrayList<>();
        add(charts, against("scale-messages-per-member", "Messages one member sends per operation (mean) against N",
                ops, l -> l.number("mean_per_member") / l.number("ops"), new Axis("messages per member", "", false),
                false, name));
        add(charts, against("scale-max-per-member", "Most messages one member sends per operation against N", ops,
                l -> l.number("max_per_member") / l.number("ops"), new Axis("messages", "", false), false, name));
        add(charts, against("scale-depth", "Longest chain of messages per operation (node clocks) against N", ops,
                l -> l.number("depth_bound") / l.number("ops"), new Axis("messages one after another", "", false),
                true, name));
        for (String transport : List.of("shm", "tcp")) {
            String field = "predicted_" + transport + "_us";
            add(charts, against("scale-predicted-" + transport, "Predicted latency over " + transport
                    + " (LogGP model) against N", Lines.where(ops, l -> l.number(field) > 0), l -> l.number(field),
                    new Axis("predicted latency", "us", false), false, name));
        }
        return charts;
    }

    /**
     * One line per operation of {@code value} against N (log x), or null when no line has a positive value; with
     * {@code log2n}, a dashed reference line of log2 N.
     */
    private static Chart against(String id, String title, List<ResultLine> lines, ToDoubleFunction<ResultLine> value,
            Axis yAxis, boolean log2n, String fileName) {
        List<ResultLine> ls = Lines.where(lines, l -> value.applyAsDouble(l) > 0);
        if (ls.isEmpty()) {
            return null;
        }
        List<Series> series = new ArrayList<>();
        Lines.group(ls, l -> l.text("operation")).forEach((op, g) -> series.add(Series.of(op, g.stream()
                .map(l -> Point.of(l.number("n"), value.applyAsDouble(l))).toList())));
        double min = ls.stream().mapToDouble(l -> value.applyAsDouble(l)).min().orElse(1);
        double max = ls.stream().mapToDouble(l -> value.applyAsDouble(l)).max().orElse(1);
        if (log2n) {
            series.add(new Series("log2 N", Lines.distinct(ls, l -> l.text("n")).stream().map(Double::parseDouble)
                    .map(n -> Point.of(n, Math.log(n) / Math.log(2))).toList(), true));
        }
        return new Chart(id, title, new Axis("members N", "", true), new Axis(yAxis.label(), yAxis.unit(),
                max / min > 20), series, List.of(), RunCaption.of(fileName, ls));
    }

    private static void add(List<Chart> charts, Chart c) {
        if (c != null) {
            charts.add(c);
        }
    }
}
