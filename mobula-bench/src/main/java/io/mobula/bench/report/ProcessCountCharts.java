package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A chart of one value against the number of processes N ({@code n}), one line per group of lines (e.g. per system
 * and transport), oversubscribed points open: the shape of the GMI and RepMI charts.
 */
final class ProcessCountCharts {
    private ProcessCountCharts() {
    }

    /**
     * The chart, or null when {@code lines} has no positive {@code value}. The y axis is logarithmic when the
     * values span more than a factor of 20.
     */
    static Chart against(String id, String title, List<ResultLine> lines, Function<ResultLine, String> seriesName,
            String value, Axis yAxis, String fileName) {
        List<ResultLine> ls = Lines.where(lines, l -> l.number("n") > 0 && l.number(value) > 0);
        if (ls.isEmpty()) {
            return null;
        }
        List<Series> series = new ArrayList<>();
        Lines.group(ls, seriesName).forEach((name, g) -> series.add(Series.of(name, g.stream()
                .map(l -> new Point(l.number("n"), l.number(value), l.flag("oversubscribed"))).toList())));
        Axis y = new Axis(yAxis.label(), yAxis.unit(), Lines.spans(ls, value, 20));
        return new Chart(id, title, new Axis("processes N", "", false), y, series, List.of(),
                RunCaption.of(fileName, ls));
    }
}
