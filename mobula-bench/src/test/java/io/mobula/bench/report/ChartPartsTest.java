package io.mobula.bench.report;

import io.mobula.bench.MachineFields;
import io.mobula.bench.rmi.Json;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scales, captions, the apps speedup chart model and the machine fields the suites write. */
class ChartPartsTest {

    @Test
    void aLogScaleCoversWholeDecadesWithPowerOfTenTicks() {
        Scale s = Scale.of(true, 37, 81_000, false, 400, 0);
        assertEquals(List.of(10.0, 100.0, 1000.0, 10_000.0, 100_000.0), s.ticks());
        assertEquals(400, s.pixel(10), 1e-9);
        assertEquals(0, s.pixel(100_000), 1e-9);
        assertEquals(200, s.pixel(1000), 1e-9);
        assertTrue(Scale.of(true, 2, 40, false, 0, 1).ticks().containsAll(List.of(1.0, 2.0, 5.0, 10.0, 50.0, 100.0)));
        assertThrows(IllegalArgumentException.class, () -> Scale.of(true, 0, 10, false, 0, 1));
    }

    @Test
    void aLinearScaleHasNiceTicksAndCanStartAtZero() {
        Scale s = Scale.of(false, 1.2, 3.7, true, 0, 100);
        assertEquals(List.of(0.0, 1.0, 2.0, 3.0, 4.0), s.ticks());
        assertEquals(List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2),
                Scale.of(false, 0.1, 1.1, false, 0, 1).ticks());
        assertTrue(s.pixel(1.2) < s.pixel(3.7));
        Scale flat = Scale.of(false, 4, 4, false, 0, 100);
        assertTrue(flat.pixel(4) > 0 && flat.pixel(4) < 100, "a single value lands inside the plot");
    }

    @Test
    void tickLabelsAreShort() {
        assertEquals("1k", Scale.label(1000));
        assertEquals("20k", Scale.label(20_000));
        assertEquals("1.5M", Scale.label(1_500_000));
        assertEquals("0.25", Scale.label(0.25));
        assertEquals("0", Scale.label(0));
    }

    @Test
    void theCaptionSaysMachineDateAndLoadOrThatTheyWereNotRecorded() {
        ResultLine a = line(Map.of("host", "h1", "cpus", 2.0, "timestamp", "2026-11-23T10:00:00Z", "load", 0.5,
                "mode", "quick"));
        ResultLine b = line(Map.of("host", "h1", "cpus", 2.0, "timestamp", "2026-11-23T10:00:00Z", "load", 1.25));
        assertEquals("machine: h1, 2 cpus; date: 2026-11-23T10:00:00Z; load (1-min average): 0.50 to 1.25;"
                + " mode: quick; f.jsonl", RunCaption.of("f.jsonl", List.of(a, b)));
        assertEquals("machine: host not recorded; date: not recorded; load (1-min average): not recorded; f.jsonl",
                RunCaption.of("f.jsonl", List.of(line(Map.of("case", "x")))));
    }

    @Test
    void speedupChartsLeaveOutUnverifiedRunsAndMarkOversubscribedOnes() throws Exception {
        ResultFile f = ResultFile.read("apps", ReportWriterTest.fixture().resolve("apps-20261123-173000.jsonl"));
        List<Chart> charts = new AppsCharts().charts(f);
        assertEquals(List.of("apps-speedup-asp", "apps-speedup-sor"), charts.stream().map(Chart::id).toList());
        Chart sor = charts.get(1);
        assertEquals(List.of("rmi", "ideal"), sor.series().stream().map(s -> Palette.system(s.name())).toList(),
                "the unverified gmi run of sor is not drawn");
        // the problem size in the title, the sequential time each line divides in its legend entry
        assertTrue(charts.get(0).title().equals("Speedup of asp, size small"), charts.get(0).title());
        assertEquals("rmi (sequential 2.00 s)", charts.get(0).series().get(0).name());
        Chart asp = charts.get(0);
        Series rmi = asp.series().get(0);
        assertEquals(List.of(1.0, 2.0, 4.0), rmi.points().stream().map(Point::x).toList());
        assertEquals(List.of(false, false, true), rmi.points().stream().map(Point::hollow).toList());
        Series ideal = asp.series().get(asp.series().size() - 1);
        assertTrue(ideal.reference());
        assertEquals(List.of(Point.of(1, 1), Point.of(4, 4)), ideal.points());
    }

    @Test
    void scaleChartsDrawEachOperationPerOperationAgainstNAndLeaveFormationOut() throws Exception {
        ResultFile f = ResultFile.read("scale", ReportWriterTest.fixture().resolve("scale-20261128-095543.jsonl"));
        List<Chart> charts = new ScaleCharts().charts(f);
        assertEquals(List.of("scale-messages-per-member", "scale-max-per-member", "scale-depth",
                "scale-predicted-shm", "scale-predicted-tcp"), charts.stream().map(Chart::id).toList());
        for (Chart c : charts) {
            List<String> names = c.series().stream().map(Series::name).toList();
            assertEquals(List.of("broadcast", "reduce-to-all", "gather-to-all", "repmi-write"),
                    c.id().equals("scale-depth") ? names.subList(0, 4) : names, c.id() + ": pool-form is no operation");
            assertTrue(c.x().log(), c.id() + ": N from 2 on a log axis");
            assertTrue(c.caption().contains("fixture-host"), c.caption());
            for (Series s : c.series()) {
                assertEquals(List.of(2.0, 4.0, 16.0, 64.0), s.points().stream().map(Point::x).toList(), s.name());
            }
        }
        // counts per operation: the four writes' counts are divided by 4; at N = 64 the writer sends 63 payloads
        Series writes = charts.get(1).series().get(3);
        assertEquals(Point.of(64, 63), writes.points().get(3));
        Series broadcast = charts.get(1).series().get(0);
        assertEquals(List.of(1.0, 3.0, 4.0, 6.0), broadcast.points().stream().map(Point::y).toList(),
                "flat below 16, then ceil(log2 N) sends by the root");
        // the depth beside log2 N, dashed; a write's chain is one write's (its bound over four writes, divided by 4)
        Chart depth = charts.get(2);
        Series log2 = depth.series().get(depth.series().size() - 1);
        assertTrue(log2.reference());
        assertEquals(List.of(1.0, 2.0, 4.0, 6.0), log2.points().stream().map(Point::y).toList());
        assertEquals(7.0, depth.series().get(3).points().get(3).y(), "1 + log2 64 hops per write");
        // the predictions are the file's, over TCP above shm
        Chart shm = charts.get(3);
        Chart tcp = charts.get(4);
        assertEquals(2.504, shm.series().get(0).points().get(3).y(), 1e-9);
        assertEquals(21.187, tcp.series().get(0).points().get(3).y(), 1e-9);
        assertEquals("us", tcp.y().unit());
    }

    @Test
    void theMachineFieldsAreAppendedAsValidJson() {
        String line = new MachineFields("host \"x\"", 2, 0.456).appendTo("{\"suite\":\"rmi\",\"p50_us\":1.000}");
        Map<String, Object> o = Json.parseFlat(line);
        assertEquals("host \"x\"", o.get("host"));
        assertEquals(2.0, o.get("cpus"));
        assertEquals(0.46, o.get("load"));
        assertEquals("rmi", o.get("suite"));
        assertTrue(Json.parseFlat(new MachineFields("h", 1, Double.NaN).appendTo("{}")).containsKey("load"));
        assertThrows(IllegalArgumentException.class, () -> new MachineFields("h", 1, 0).appendTo("[1]"));
        assertFalse(MachineFields.current().host().isEmpty());
        assertFalse(o.containsKey("commit"));
        Map<String, Object> built = Json.parseFlat(new MachineFields("h", 2, 0.5, 0.25, "7022dae-dirty").appendTo("{}"));
        assertEquals("7022dae-dirty", built.get("commit"));
        assertEquals(0.25, built.get("load_start"));
    }

    private static ResultLine line(Map<String, Object> fields) {
        return new ResultLine(Path.of("f.jsonl"), 1, fields);
    }
}
