package io.mobula.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One colour per system in every chart, Mobula drawn to stand out, full legends and bar labels. */
class PaletteTest {

    @Test
    void aSystemHasOneColourWhateverTheChartCallsItsSeries() {
        assertEquals("mobula-shm", Palette.system("mobula-shm"));
        assertEquals("mobula", Palette.system("mobula (shm)"));
        assertEquals("mobula-repmi", Palette.system("read: mobula-repmi (tcp)"));
        assertEquals("rmi", Palette.system("rmi, size 2000,100 (sequential 0.410 s)"));
        assertEquals(Palette.of("java.rmi"), Palette.of("java.rmi (tcp)"));
        assertEquals(Palette.of("some-new-system"), Palette.of("some-new-system (shm)"));
        assertTrue(Palette.SPARE.stream().noneMatch(Palette.SYSTEMS::containsValue));
        // the systems of the RMI suite, which share charts, have distinct colours
        List<String> rmi = List.of("raw-c", "raw-java", "java.rmi", "grpc", "java.rmi-to-mobula", "mobula",
                "mobula-tls", "raw-c-shm", "raw-java-shm", "mobula-shm", "java.rmi+mobula-sockets");
        assertEquals(rmi.size(), rmi.stream().map(Palette::of).distinct().count());
        assertTrue(Palette.isMobula("mobula-shm (shm)") && !Palette.isMobula("java.rmi-to-mobula"));
        assertTrue(Palette.lineWidth("mobula") > Palette.lineWidth("java.rmi"));
    }

    private static Chart lines(String id, String... systems) {
        List<Series> series = java.util.Arrays.stream(systems)
                .map(s -> Series.of(s, List.of(Point.of(1, 2), Point.of(2, 3)))).toList();
        return new Chart(id, "t", new Axis("x", "", false), new Axis("y", "", false), series, List.of(), "c");
    }

    @Test
    void theSameSystemKeepsItsColourFromChartToChartAndMobulaIsBoldAndThicker() {
        ChartPainter.Style inFirst = ChartPainter.styles(lines("a", "java.rmi", "mobula")).get(0);
        ChartPainter.Style inSecond = ChartPainter.styles(lines("b", "grpc", "raw-java", "java.rmi")).get(2);
        assertEquals(inFirst.color(), inSecond.color());
        ChartPainter.Style mobula = ChartPainter.styles(lines("a", "java.rmi", "mobula")).get(1);
        assertTrue(mobula.bold() && mobula.width() > inFirst.width() && !inFirst.bold());
        // the same system twice in one chart (two transports): the second is dashed
        List<ChartPainter.Style> twice = ChartPainter.styles(lines("c", "mobula (shm)", "mobula (tcp)"));
        assertTrue(!twice.get(0).dashed() && twice.get(1).dashed());
        assertEquals(twice.get(0).color(), twice.get(1).color());
    }

    @Test
    void theLegendNamesEverySeriesInFullAndBarLabelsAreNotCut() {
        String longName = "java.rmi+mobula-sockets (shm), a name longer than a legend line";
        String svg = ReportWriter.svg(lines("legend", longName, "mobula"));
        String text = svg.replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ");
        assertTrue(text.contains(longName), text);
        assertTrue(svg.contains("font-weight=\"bold\"") || svg.contains("font-weight:bold"), svg);

        String label = "obj-ping-obj/tree(15) against a long system name";
        Chart bars = new Chart("bars", "t", new Axis("case", "", false), new Axis("y", "", false),
                List.of(Series.of("mobula", List.of(Point.of(0, 2))), Series.of("java.rmi", List.of(Point.of(0, 3)))),
                List.of(label), "c");
        assertTrue(ReportWriter.svg(bars).contains(">" + label + "<"), "the bar label is drawn whole");
        assertNotEquals(ChartPainter.barLabelRoom(bars), ChartPainter.barLabelRoom(new Chart("b2", "t",
                new Axis("case", "", false), new Axis("y", "", false), bars.series(), List.of("x"), "c")));
    }
}
