package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** PASS/MISS/pending evaluation of the Mobula targets on synthetic results. */
class TargetsTest {

    private static CaseResult r(String system, String caseId, long p50Nanos) {
        return new CaseResult(system, "tcp", BenchCase.parse(caseId),
                new Stats(100, p50Nanos, p50Nanos * 2, p50Nanos, p50Nanos / 2, p50Nanos * 3), null);
    }

    private static List<CaseResult> baselines() {
        List<CaseResult> out = new ArrayList<>();
        out.add(r("raw-c", "null-call", 5_000));
        out.add(r("raw-java", "throughput/double[131072]", 100_000));
        for (String c : List.of("null-call", "obj-ping-obj/32int", "obj-ping-obj/4int2null",
                "obj-ping-obj/tree(15)")) {
            out.add(r("java.rmi", c, 50_000));
        }
        out.add(r("java.rmi", "throughput/double[131072]", 500_000));
        return out;
    }

    @Test
    void pendingWithoutMobula() {
        List<String> lines = Targets.lines(new ResultTable(baselines()), List.of("raw-c", "raw-java", "java.rmi"));
        assertTrue(lines.get(0).contains("pending"), lines.get(0));
        assertEquals(7, lines.size(), String.join("\n", lines));
        assertTrue(lines.stream().skip(1).allMatch(l -> l.trim().startsWith("pending")), String.join("\n", lines));
        assertTrue(lines.get(1).contains("<= 5.50 us"), lines.get(1));
        assertTrue(lines.get(5).contains(">= 9437 MB/s"), lines.get(5));
    }

    @Test
    void passAndMissForAMobulaSystem() {
        List<CaseResult> all = baselines();
        all.add(r("mobula", "null-call", 5_400));                   // <= 5.5 us: PASS
        all.add(r("mobula", "obj-ping-obj/32int", 6_800));          // <= 6.9 us: PASS
        all.add(r("mobula", "obj-ping-obj/4int2null", 7_000));      // > 6.9 us: MISS
        all.add(r("mobula", "obj-ping-obj/tree(15)", 6_000));       // PASS
        all.add(r("mobula", "throughput/double[131072]", 120_000)); // 8738 < 9437 MB/s: MISS
        List<String> lines = Targets.lines(new ResultTable(all), List.of("raw-c", "raw-java", "java.rmi", "mobula"));
        String text = String.join("\n", lines);
        assertTrue(lines.get(0).startsWith("Targets for mobula"), text);
        assertTrue(lines.get(1).trim().startsWith("PASS"), text);
        assertTrue(lines.get(2).trim().startsWith("PASS"), text);
        assertTrue(lines.get(3).trim().startsWith("MISS"), text);
        assertTrue(lines.get(4).trim().startsWith("PASS"), text);
        assertTrue(lines.get(5).trim().startsWith("MISS"), text);
        assertTrue(lines.get(6).trim().startsWith("PASS") && lines.get(6).contains("5/5 faster"), text);
    }

    @Test
    void aTargetWhoseCaseWasNotMeasuredIsNeitherPassNorMiss() {
        List<CaseResult> all = new java.util.ArrayList<>();
        all.add(r("mobula", "null-call", 5_400)); // a run limited to the null call, without baselines
        List<String> lines = Targets.lines(new ResultTable(all), List.of("mobula"));
        String text = String.join("\n", lines);
        assertEquals(7, lines.size(), text);
        assertTrue(lines.stream().skip(1).allMatch(l -> l.trim().startsWith("n/a")), text);
        // with the raw C baseline, the null-call target is judged; the others stay n/a
        all.add(r("raw-c", "null-call", 5_000));
        lines = Targets.lines(new ResultTable(all), List.of("raw-c", "mobula"));
        text = String.join("\n", lines);
        assertTrue(lines.get(1).trim().startsWith("PASS"), text);
        assertTrue(lines.stream().skip(2).allMatch(l -> l.trim().startsWith("n/a")), text);
    }
}
