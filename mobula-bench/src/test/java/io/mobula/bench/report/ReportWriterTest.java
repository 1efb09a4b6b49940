package io.mobula.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report made from a small fixture of JSON lines per suite (subsets of real runs, with the machine fields the
 * suites now write; the apps lines in the announced format): the page parses as XML, has every chart inline and as a
 * PNG that decodes, has the chart's size, shows data and carries the fixture's machine, date and load.
 */
class ReportWriterTest {
    private static final String XHTML = "http://www.w3.org/1999/xhtml";
    private static final String SVG = "http://www.w3.org/2000/svg";

    /** Every chart the fixture must give. */
    private static final Set<String> EXPECTED = Set.of("serial-throughput", "rmi-latency-void-ping-obj",
            "rmi-small-calls", "rmi-throughput", "gmi-broadcast", "gmi-broadcast-throughput", "repmi-read-write",
            "repmi-write", "repmi-broadcast-latency", "repmi-broadcast-gap",
            "repmi-write-throughput-byte", "repmi-write-throughput-double", "apps-speedup-asp", "apps-speedup-sor",
            "scale-messages-per-member", "scale-max-per-member", "scale-depth", "scale-predicted-shm",
            "scale-predicted-tcp", "comparison");

    @TempDir
    Path tmp;

    static Path fixture() throws URISyntaxException {
        return Path.of(ReportWriterTest.class.getResource("results").toURI());
    }

    private Path copyFixture(String... suites) throws IOException, URISyntaxException {
        Path dir = Files.createDirectories(tmp.resolve("results"));
        try (Stream<Path> files = Files.list(fixture())) {
            for (Path p : files.toList()) {
                String name = p.getFileName().toString();
                if (suites.length == 0 || Stream.of(suites).anyMatch(s -> name.startsWith(s + "-"))) {
                    Files.copy(p, dir.resolve(name));
                }
            }
        }
        return dir;
    }

    private static Document parse(Path page) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(page.toFile());
    }

    @Test
    void everyChartIsInThePageAndAsAPngWithTheFixturesMachine() throws Exception {
        Path results = copyFixture();
        Path out = tmp.resolve("out");
        Path page = new ReportWriter().write(results, out);
        assertEquals(out.resolve("index.html"), page);

        Document doc = parse(page);
        NodeList figures = doc.getElementsByTagNameNS(XHTML, "figure");
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < figures.getLength(); i++) {
            Element fig = (Element) figures.item(i);
            String id = fig.getAttribute("id").substring("fig-".length());
            ids.add(id);
            NodeList svg = fig.getElementsByTagNameNS(SVG, "svg");
            assertEquals(1, svg.getLength(), id);
            assertEquals(id, ((Element) svg.item(0)).getAttribute("id"));
            assertTrue(fig.getElementsByTagNameNS(SVG, "circle").getLength()
                    + fig.getElementsByTagNameNS(SVG, "rect").getLength() > 2, id + " draws no data");
            String caption = fig.getElementsByTagNameNS(XHTML, "figcaption").item(0).getTextContent();
            assertTrue(caption.contains("machine: fixture-host, 2 cpus"), id + ": " + caption);
            assertTrue(caption.contains("load (1-min average): 0.42"), id + ": " + caption);
            assertTrue(caption.matches("(?s).*date: 2026-11-2[238]T.*"), id + ": " + caption);
            // the caption is drawn in the chart itself too
            assertTrue(((Element) svg.item(0)).getTextContent().contains("fixture-host"), id);
        }
        assertEquals(EXPECTED, ids);

        for (String id : EXPECTED) {
            Path png = out.resolve(id + ".png");
            BufferedImage img = ImageIO.read(png.toFile());
            assertTrue(img != null, id + ".png does not decode");
            assertEquals(ChartPainter.WIDTH, img.getWidth(), id);
            assertEquals(ChartPainter.HEIGHT, img.getHeight(), id);
            int background = img.getRGB(0, 0);
            int differ = 0;
            Set<Integer> systemColours = new HashSet<>();
            Palette.SYSTEMS.values().forEach(c -> systemColours.add(c.getRGB()));
            Palette.SPARE.forEach(c -> systemColours.add(c.getRGB()));
            int seriesPixels = 0;
            for (int y = 0; y < img.getHeight(); y++) {
                for (int x = 0; x < img.getWidth(); x++) {
                    int rgb = img.getRGB(x, y);
                    differ += rgb != background ? 1 : 0;
                    seriesPixels += systemColours.contains(rgb) ? 1 : 0;
                }
            }
            assertTrue(differ > 5_000, id + ".png is nearly blank: " + differ + " pixels drawn");
            assertTrue(seriesPixels > 50, id + ".png shows no series in a system's colour");
        }
        String html = Files.readString(page);
        assertTrue(!html.contains("no results for suite"), "every suite has results in the fixture");

        // the first section states the headline comparisons in one table
        Element first = (Element) doc.getElementsByTagNameNS(XHTML, "section").item(0);
        assertEquals("headline", first.getAttribute("id"));
        NodeList rows = first.getElementsByTagNameNS(XHTML, "tr");
        assertTrue(rows.getLength() > 3, "headline rows: " + rows.getLength());
        List<String> rowText = new ArrayList<>();
        for (int i = 0; i < rows.getLength(); i++) {
            rowText.add(rows.item(i).getTextContent());
        }
        assertTrue(rowText.stream().anyMatch(r -> r.contains("java.rmi") && r.contains("rmi")
                && (r.contains("faster") || r.contains("slower"))), rowText.toString());
        assertTrue(rowText.stream().anyMatch(r -> r.contains("serial")), rowText.toString());
    }

    @Test
    void aSuiteWithoutResultsGetsANoteNotAFailure() throws Exception {
        Path results = copyFixture("rmi");
        Document doc = parse(new ReportWriter().write(results, tmp.resolve("out")));
        List<String> notes = new ArrayList<>();
        NodeList sections = doc.getElementsByTagNameNS(XHTML, "section");
        for (int i = 0; i < sections.getLength(); i++) {
            Element s = (Element) sections.item(i);
            notes.add(s.getAttribute("id") + ": " + s.getTextContent());
        }
        for (String suite : List.of("serial", "gmi", "repmi", "apps", "scale")) {
            assertTrue(notes.stream().anyMatch(n -> n.startsWith("suite-" + suite + ":")
                    && n.contains("no results for suite " + suite + " (run ./mobula bench " + suite + ")")), suite);
        }
        assertTrue(Files.exists(tmp.resolve("out/rmi-latency-void-ping-obj.png")));
        assertTrue(!Files.exists(tmp.resolve("out/gmi-broadcast.png")));
    }

    @Test
    void aResultsDirectoryWithNothingTheReportRecognisesIsAnErrorThatSaysWhatItWants() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        ReportException e = org.junit.jupiter.api.Assertions.assertThrows(ReportException.class,
                () -> new ReportWriter().write(empty, tmp.resolve("out")));
        assertTrue(e.getMessage().contains("nothing to report in " + empty) && e.getMessage().contains("it is empty")
                && e.getMessage().contains("<suite>-<yyyyMMdd-HHmmss>.jsonl"), e.getMessage());
        assertTrue(!Files.exists(tmp.resolve("out/index.html")));

        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.writeString(other.resolve("my-run.jsonl"), "{}\n");
        e = org.junit.jupiter.api.Assertions.assertThrows(ReportException.class,
                () -> new ReportWriter().write(other, tmp.resolve("out")));
        assertTrue(e.getMessage().contains("1 other file (my-run.jsonl)"), e.getMessage());
        assertEquals(1, ReportMain.run(new String[] {"--results", other.toString()}));
    }

    @Test
    void theCommandLinePrintsThePathAndRejectsBadArguments() throws Exception {
        Path results = copyFixture("gmi");
        assertEquals(0, ReportMain.run(new String[] {"--results", results.toString()}));
        assertTrue(Files.exists(results.resolve("report/index.html")));
        assertTrue(Files.exists(results.resolve("report/gmi-broadcast.png")));
        assertEquals(2, ReportMain.run(new String[] {"--results"}));
        assertEquals(2, ReportMain.run(new String[] {"extra"}));
        assertEquals(1, ReportMain.run(new String[] {"--results", tmp.resolve("missing").toString()}));
    }
}
