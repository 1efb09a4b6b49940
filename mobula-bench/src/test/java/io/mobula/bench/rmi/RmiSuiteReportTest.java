package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code RmiSuite --report FILE}: a results file read back gives the same results, table and targets. */
class RmiSuiteReportTest {

    private static CaseResult r(String system, String transport, String caseId, long p50Nanos, List<Long> passes) {
        return new CaseResult(system, transport, BenchCase.parse(caseId),
                new Stats(1000, p50Nanos, p50Nanos * 3, p50Nanos + 100, p50Nanos - 100, p50Nanos * 9), null, passes);
    }

    @Test
    void aResultsFileIsReadBackAndJudged(@TempDir Path dir) throws Exception {
        List<CaseResult> written = List.of(
                r("raw-java-shm", "shm", "null-call", 400, List.of(400L, 450L)),
                r("raw-java-shm", "shm", "throughput/double[131072]", 100_000, List.of(100_000L)),
                r("mobula-shm", "shm", "null-call", 590, List.of(700L, 590L)),
                r("mobula-shm", "shm", "throughput/double[131072]", 150_000, List.of(150_000L)),
                new CaseResult("java.rmi", "tcp", BenchCase.parse("null-call"), null, "server did not start"));
        Path file = dir.resolve("rmi.jsonl");
        double loadedAverage = Runtime.getRuntime().availableProcessors() + 1.5;
        RmiSuite.writeJson(file, written, "full", "2026-11-27T13:00:00Z", loadedAverage);

        for (String line : Files.readAllLines(file)) {
            assertEquals(Boolean.TRUE, Json.parseFlat(line).get("loaded"), line);
            assertEquals(loadedAverage, (Double) Json.parseFlat(line).get("load_start"), 0.01, line);
            CaseResult back = CaseResult.fromResultsLine(Json.parseFlat(line));
            CaseResult orig = written.stream().filter(w -> w.system().equals(back.system())
                    && w.benchCase().id().equals(back.benchCase().id())).findFirst().orElseThrow();
            assertEquals(orig.ok(), back.ok(), line);
            if (orig.ok()) {
                assertEquals(orig.stats(), back.stats(), line);
                assertEquals(orig.passP50Nanos(), back.passP50Nanos(), line);
                assertEquals(orig.transport(), back.transport(), line);
            } else {
                assertEquals(orig.error(), back.error(), line);
            }
        }

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = RmiSuite.run(new String[] {"--report", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        assertTrue(report.contains("mode full"), report);
        assertTrue(report.contains("Targets for mobula-shm (against the raw shared-memory baselines)"), report);
        assertTrue(report.lines().anyMatch(l -> l.trim().startsWith("PASS") && l.contains("null RMI median")), report);
        assertTrue(report.lines().anyMatch(l -> l.trim().startsWith("MISS") && l.contains("70% of raw-java-shm")),
                report);
        assertTrue(report.contains("server did not start"), report);
        // the verdict comes first: the loaded machine, the headline ratios and the targets, then the full table
        int table = report.indexOf("Full results:");
        assertTrue(table > 0 && report.indexOf("== ") > table, report);
        assertBefore(report.indexOf("WARNING: the machine was loaded"), table, report);
        assertBefore(report.indexOf("mobula-shm   1.49x raw-java-shm (2 cases, faster in 0); null call 0.59 us")
               , table, report);
        assertBefore(report.indexOf("Targets: 1 met, 1 missed"), table, report);
        assertBefore(report.indexOf("Targets for mobula-shm"), table, report);
    }

    private static void assertBefore(int at, int table, String report) {
        assertTrue(at >= 0 && at < table, report);
    }

    @Test
    void aMalformedLineNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, "{\"suite\":\"rmi\",\"case\":\"null-call\",\"system\":\"mobula\",\"transport\":\"tcp\"}\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = RmiSuite.run(new String[] {"--report", file.toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("line 1"), err.toString(StandardCharsets.UTF_8));
    }
}
