package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** PASS/MISS/n/a/pending evaluation of the Mobula targets on synthetic results. */
class TargetsTest {

    private static CaseResult r(String system, String transport, String caseId, long p50Nanos) {
        return new CaseResult(system, transport, BenchCase.parse(caseId),
                new Stats(100, p50Nanos, p50Nanos * 2, p50Nanos, p50Nanos / 2, p50Nanos * 3), null);
    }

    private static CaseResult r(String system, String caseId, long p50Nanos) {
        return r(system, "tcp", caseId, p50Nanos);
    }

    private static List<CaseResult> baselines() {
        List<CaseResult> out = new ArrayList<>();
        out.add(r("raw-c", "null-call", 5_000));
        out.add(r("raw-java", "void-pingpong-obj/null", 10_000));
        out.add(r("raw-java", "throughput/double[131072]", 100_000));
        for (String c : List.of("null-call", "obj-ping-obj/32int", "obj-ping-obj/4int2null",
                "obj-ping-obj/tree(15)", "void-pingpong-obj/null")) {
            out.add(r("java.rmi", c, 50_000));
        }
        out.add(r("java.rmi", "throughput/double[131072]", 500_000));
        out.add(r("raw-java-shm", "shm", "null-call", 400));
        out.add(r("raw-java-shm", "shm", "void-pingpong-obj/null", 800));
        out.add(r("raw-java-shm", "shm", "obj-ping-obj/int[20000]", 20_000));
        out.add(r("raw-java-shm", "shm", "throughput/double[131072]", 100_000));
        return out;
    }

    private static String line(List<String> lines, String what) {
        return lines.stream().filter(l -> l.contains(what)).findFirst()
                .orElseThrow(() -> new AssertionError("no line with '" + what + "' in\n" + String.join("\n", lines)));
    }

    private static String verdict(List<String> lines, String what) {
        return line(lines, what).trim().split(" +")[0];
    }

    /** {@code whatAndVerdict}: pairs of a text in the target's line and the verdict it must have. */
    private static void assertVerdicts(List<String> lines, String... whatAndVerdict) {
        for (int i = 0; i < whatAndVerdict.length; i += 2) {
            assertEquals(whatAndVerdict[i + 1], verdict(lines, whatAndVerdict[i]),
                    whatAndVerdict[i] + " in\n" + String.join("\n", lines));
        }
    }

    @Test
    void pendingWithoutMobulaPrintsTheThresholdsOfBothTransports() {
        List<String> lines = Targets.lines(new ResultTable(baselines()), List.of("raw-c", "raw-java", "java.rmi"));
        String text = String.join("\n", lines);
        assertTrue(lines.get(0).contains("over TCP") && lines.get(0).contains("pending"), text);
        assertEquals(1 + Targets.NETWORK.size() + 1 + 1 + Targets.SHARED_MEMORY.size() + 1, lines.size(), text);
        assertTrue(lines.stream().filter(l -> l.startsWith("  ")).allMatch(l -> l.trim().startsWith("pending")), text);
        assertTrue(line(lines, "null RMI median <= 1.10").contains("<= 5.50 us"), text);
        assertTrue(line(lines, "1 MiB double[] throughput >= 90%").contains(">= 9437 MB/s"), text);
        assertTrue(line(lines, "null RMI median <= 1.5 x raw-java-shm").contains("<= 0.60 us"), text);
        assertTrue(line(lines, "int[20000]").contains("<= 26.00 us"), text);
        assertTrue(line(lines, "70% of raw-java-shm").contains(">= 7340 MB/s"), text);
    }

    @Test
    void passAndMissForAMobulaSystemOverTcp() {
        List<CaseResult> all = baselines();
        all.add(r("mobula", "null-call", 5_400));                   // <= 5.5 us: PASS
        all.add(r("mobula", "obj-ping-obj/32int", 6_800));          // <= 6.9 us: PASS
        all.add(r("mobula", "obj-ping-obj/4int2null", 7_000));      // > 6.9 us: MISS
        all.add(r("mobula", "obj-ping-obj/tree(15)", 6_000));       // PASS
        all.add(r("mobula", "void-pingpong-obj/null", 16_000));     // > 15 us: MISS
        all.add(r("mobula", "throughput/double[131072]", 120_000)); // 8738 < 9437 MB/s: MISS
        List<String> lines = Targets.lines(new ResultTable(all), List.of("raw-c", "raw-java", "java.rmi", "mobula"));
        String text = String.join("\n", lines);
        assertTrue(lines.get(0).startsWith("Targets for mobula (against the raw TCP baselines)"), text);
        assertEquals(1 + Targets.NETWORK.size() + 1, lines.size(), text);
        assertVerdicts(lines, "null RMI median", "PASS", "obj-ping-obj/32int", "PASS", "obj-ping-obj/4int2null", "MISS",
                "obj-ping-obj/tree(15)", "PASS", "void pingpong(null)", "MISS", "1 MiB", "MISS",
                "faster than java.rmi", "PASS");
        assertTrue(line(lines, "faster than java.rmi").contains("6/6 faster"), text);
    }

    @Test
    void aSharedMemorySystemIsJudgedAgainstTheSharedMemoryBaselines() {
        List<CaseResult> all = baselines();
        all.add(r("mobula-shm", "shm", "null-call", 590));                    // <= 600 ns: PASS
        all.add(r("mobula-shm", "shm", "obj-ping-obj/32int", 1_000));         // <= 2.09 us: PASS
        all.add(r("mobula-shm", "shm", "void-pingpong-obj/null", 1_700));     // > 1.6 us: MISS
        all.add(r("mobula-shm", "shm", "obj-ping-obj/int[20000]", 25_000));   // <= 26 us: PASS
        all.add(r("mobula-shm", "shm", "throughput/double[131072]", 150_000)); // 6991 < 7340 MB/s: MISS
        List<String> lines = Targets.lines(new ResultTable(all),
                List.of("raw-c", "raw-java", "java.rmi", "raw-java-shm", "mobula-shm"));
        String text = String.join("\n", lines);
        assertTrue(lines.get(0).startsWith("Targets for mobula-shm (against the raw shared-memory baselines)"), text);
        assertEquals(1 + Targets.SHARED_MEMORY.size() + 1, lines.size(), text);
        // 4int2null was not measured in this run: n/a
        assertVerdicts(lines, "null RMI median <= 1.5 x raw-java-shm", "PASS", "obj-ping-obj/32int", "PASS",
                "obj-ping-obj/4int2null", "n/a", "void pingpong(null) median <= 2 x", "MISS", "int[20000]", "PASS",
                "70% of raw-java-shm", "MISS", "faster than java.rmi", "PASS");
        assertTrue(line(lines, "faster than java.rmi").contains("4/4 faster"), text);
    }

    @Test
    void aTargetWhoseCaseWasNotMeasuredIsNeitherPassNorMiss() {
        List<CaseResult> all = new ArrayList<>();
        all.add(r("mobula", "null-call", 5_400)); // a run limited to the null call, without baselines
        List<String> lines = Targets.lines(new ResultTable(all), List.of("mobula"));
        String text = String.join("\n", lines);
        assertEquals(1 + Targets.NETWORK.size() + 1, lines.size(), text);
        assertTrue(lines.stream().skip(1).allMatch(l -> l.trim().startsWith("n/a")), text);
        // with the raw C baseline, the null-call target is judged; the others stay n/a
        all.add(r("raw-c", "null-call", 5_000));
        lines = Targets.lines(new ResultTable(all), List.of("raw-c", "mobula"));
        text = String.join("\n", lines);
        assertEquals("PASS", verdict(lines, "null RMI median"), text);
        assertTrue(lines.stream().skip(2).allMatch(l -> l.trim().startsWith("n/a")), text);
    }
}
