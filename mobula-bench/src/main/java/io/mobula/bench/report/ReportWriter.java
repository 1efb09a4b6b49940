package io.mobula.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.HashSet;
import javax.imageio.ImageIO;

/**
 * Makes the report: reads the latest results file of every suite, builds the charts, writes one PNG per chart and
 * {@code index.html} with the same charts inline as SVG. A suite without results gets a short note, not a failure;
 * a malformed results file fails the report with its name and line (see {@link ResultFile}).
 */
public final class ReportWriter {
    private static final System.Logger LOG = System.getLogger(ReportWriter.class.getName());

    private static final String HEADLINE = "For every system the suites measured beside Mobula: how many cases both"
            + " measured, and the median over those cases of Mobula's time divided by the other system's (for the"
            + " serializer, 1 / round trips per second). The chart at the end of the page draws the same ratios.";

    private final List<SuiteCharts> builders = List.of(new SerialCharts(), new RmiCharts(), new GmiCharts(),
            new RepmiCharts(), new AppsCharts(), new ScaleCharts());

    /** Writes the report for the results in {@code resultsDir} into {@code outDir}; returns the page's path. */
    public Path write(Path resultsDir, Path outDir) throws ReportException {
        System.setProperty("java.awt.headless", "true");
        Map<String, Optional<Path>> latest = LatestResults.in(resultsDir);
        if (latest.values().stream().allMatch(Optional::isEmpty)) {
            throw new ReportException(LatestResults.nothingToReport(resultsDir));
        }
        Map<String, ResultFile> files = new LinkedHashMap<>();
        List<Section> sections = new ArrayList<>();
        for (SuiteCharts b : builders) {
            Optional<Path> p = latest.get(b.suite());
            String id = "suite-" + b.suite();
            String heading = "Suite " + b.suite();
            if (p == null || p.isEmpty()) {
                sections.add(new Section(id, heading, b.description(), "", List.of(), "no results for suite "
                        + b.suite() + " (run ./mobula bench " + b.suite() + ")"));
                continue;
            }
            ResultFile f = ResultFile.read(b.suite(), p.get());
            files.put(b.suite(), f);
            List<Chart> charts = b.charts(f);
            sections.add(new Section(id, heading, b.description(), p.get().getFileName().toString(), charts,
                    charts.isEmpty() ? "no measurements in " + p.get().getFileName() + " (every case failed?)"
                            : failedNote(f)));
        }
        List<List<String>> headline = ComparisonCharts.table(files);
        sections.add(0, new Section("headline", "Headline: Mobula against the other systems", HEADLINE,
                String.join(", ", files.values().stream().map(f -> f.path().getFileName().toString()).toList()),
                List.of(), headline.size() > 1 ? "" : "no system to compare with in the results", headline.size() > 1
                        ? headline : List.of()));
        List<Chart> comparison = ComparisonCharts.charts(files);
        sections.add(new Section("comparison", "Mobula against the other systems", ComparisonCharts.DESCRIPTION,
                String.join(", ", files.values().stream().map(f -> f.path().getFileName().toString()).toList()),
                comparison, comparison.isEmpty() ? "no system to compare with in the results" : ""));

        Map<String, String> svgs = new LinkedHashMap<>();
        Set<String> ids = new HashSet<>();
        try {
            Files.createDirectories(outDir);
            for (Section s : sections) {
                for (Chart c : s.charts()) {
                    if (!ids.add(c.id())) {
                        throw new IllegalStateException("two charts with id " + c.id());
                    }
                    svgs.put(c.id(), svg(c));
                    writePng(c, outDir.resolve(c.id() + ".png"));
                }
            }
            Path index = outDir.resolve("index.html");
            Files.writeString(index, HtmlPage.render(sections, svgs,
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), resultsDir.toString()),
                    StandardCharsets.UTF_8);
            LOG.log(System.Logger.Level.DEBUG, "report: {0} charts in {1}", svgs.size(), index);
            return index;
        } catch (IOException e) {
            throw new ReportException("cannot write the report into " + outDir + ": " + e.getMessage(), e);
        }
    }

    /** The chart as an SVG element. */
    static String svg(Chart c) {
        SvgCanvas canvas = new SvgCanvas(ChartPainter.WIDTH, ChartPainter.HEIGHT, c.id(), c.title());
        ChartPainter.paint(c, canvas);
        return canvas.svg();
    }

    /** Draws the chart into a PNG file of {@link ChartPainter#WIDTH} x {@link ChartPainter#HEIGHT}. */
    static void writePng(Chart c, Path file) throws IOException {
        ImageCanvas canvas = new ImageCanvas(ChartPainter.WIDTH, ChartPainter.HEIGHT);
        try {
            ChartPainter.paint(c, canvas);
        } finally {
            canvas.dispose();
        }
        if (!ImageIO.write(canvas.image(), "png", file.toFile())) {
            throw new IOException("no PNG writer in this JDK");
        }
    }

    private static String failedNote(ResultFile f) {
        long failed = f.lines().size() - f.measured().size();
        return failed == 0 ? "" : failed + " case(s) in " + f.path().getFileName() + " failed and are not drawn"
                + " (see their \"error\" fields)";
    }
}
