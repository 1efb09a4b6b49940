package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The serialization suite ({@code bench serial}): round trips per second for every object graph, one bar per system
 * (Mobula's generated and fallback serializers, Fory, Kryo, JDK serialization).
 */
final class SerialCharts implements SuiteCharts {

    @Override
    public String suite() {
        return "serial";
    }

    @Override
    public String description() {
        return "Serialization round trips (write + read of one object graph) per second, JMH; higher is better.";
    }

    @Override
    public List<Chart> charts(ResultFile file) {
        List<ResultLine> lines = Lines.where(file.measured(), l -> l.text("case") != null && l.number("ops_per_s") > 0);
        if (lines.isEmpty()) {
            return List.of();
        }
        List<String> cases = Lines.distinct(lines, l -> l.text("case"));
        List<Series> series = new ArrayList<>();
        Lines.group(lines, l -> l.text("system")).forEach((system, ls) -> series.add(Series.of(system,
                ls.stream().map(l -> Point.of(cases.indexOf(l.text("case")), l.number("ops_per_s"))).toList())));
        String unit = lines.get(0).text("unit") == null ? "ops/s" : lines.get(0).text("unit");
        return List.of(new Chart("serial-throughput", "Serialization: round trips per second by object graph",
                new Axis("object graph", "", false), new Axis("round trips", unit, true), series, cases,
                RunCaption.of(file.path().getFileName().toString(), lines)));
    }
}
