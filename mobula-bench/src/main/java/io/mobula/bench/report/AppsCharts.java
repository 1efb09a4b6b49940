package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The application kernels ({@code bench apps}): one speedup curve per kernel, a line per version (and problem size
 * when a file has several), against the ideal speedup; oversubscribed runs (more processes than cpus) are open
 * markers. Runs whose result did not verify are left out: their time means nothing.
 */
final class AppsCharts implements SuiteCharts {

    @Override
    public String suite() {
        return "apps";
    }

    @Override
    public String description() {
        return "Application kernels: speedup = sequential time / parallel time against the number of processes;"
                + " each line names the sequential time it divides and each chart the problem size;"
                + " dashed: ideal speedup; open markers: oversubscribed (more processes than cpus); runs that did"
                + " not verify are not drawn.";
    }

    @Override
    public List<Chart> charts(ResultFile file) {
        List<ResultLine> lines = Lines.where(file.measured(), l -> l.text("kernel") != null && l.text("version") != null
                && l.number("np") > 0 && l.number("speedup") > 0 && (!l.fields().containsKey("verified")
                || l.flag("verified")));
        List<Chart> charts = new ArrayList<>();
        for (Map.Entry<String, List<ResultLine>> k : Lines.group(lines, l -> l.text("kernel")).entrySet()) {
            List<ResultLine> ls = k.getValue();
            List<String> sizeList = Lines.distinct(ls, l -> l.text("size"));
            boolean sizes = sizeList.size() > 1;
            List<Series> series = new ArrayList<>();
            Lines.group(ls, l -> sizes ? l.text("version") + ", size " + l.text("size") : l.text("version"))
                    .forEach((name, vs) -> series.add(Series.of(name + sequential(vs), vs.stream()
                            .map(l -> new Point(l.number("np"), l.number("speedup"), l.flag("oversubscribed")))
                            .toList())));
            String title = "Speedup of " + k.getKey() + (sizeList.size() == 1 ? ", size " + sizeList.get(0) : "");
            double maxNp = ls.stream().mapToDouble(l -> l.number("np")).max().orElse(1);
            series.add(new Series("ideal", List.of(Point.of(1, 1), Point.of(maxNp, maxNp)), true));
            charts.add(new Chart("apps-speedup-" + Lines.slug(k.getKey()), title,
                    new Axis("processes", "", false), new Axis("speedup", "", false), series, List.of(),
                    RunCaption.of(file.path().getFileName().toString(), ls)));
        }
        return charts;
    }

    /** " (sequential 0.41 s)": the median sequential time of the lines, or "" when they do not record one. */
    static String sequential(List<ResultLine> lines) {
        List<Double> seq = lines.stream().filter(l -> l.number("seqSeconds") > 0).map(l -> l.number("seqSeconds"))
                .toList();
        return seq.isEmpty() ? "" : String.format(java.util.Locale.ROOT, " (sequential %.3g s)",
                ComparisonCharts.median(seq));
    }
}
