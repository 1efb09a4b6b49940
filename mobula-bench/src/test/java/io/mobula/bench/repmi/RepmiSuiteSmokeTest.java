package io.mobula.bench.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.bench.rmi.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real suite (every system, two rank JVMs in a pool served by this JVM, shared memory) with tiny arrays and
 * few operations, and checks the JSON lines and the report; then shows that a replica holding a wrong value turns
 * the case into an error.
 */
class RepmiSuiteSmokeTest {

    /** About 20 s on two busy cores: four launches of two rank JVMs each; the bound leaves room for a slower host. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everySystemProducesWellFormedSaneResults(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("repmi.jsonl");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = RepmiSuite.run(new String[] {"--sizes", "2", "--transports", "shm", "--warmup", "20", "--samples",
                "30", "--gap-warmup", "1", "--gap-samples", "4", "--gap-batch", "3", "--tp-warmup", "1",
                "--tp-samples", "3", "--tp-batch", "2", "--array-bytes", "4096", "--read-warmup", "1",
                "--read-samples", "5", "--read-calls", "2000", "--warmup-ms", "50", // stretched by a few operations
                "--json", json.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, () -> report + err.toString(StandardCharsets.UTF_8));

        List<String> lines = Files.readAllLines(json);
        // mobula-repmi: read (+ direct), write, latency, gap, 2 throughputs; rmi-push: null-rmi + 5; rmi-tree: 5;
        // raw-broadcast: latency, gap, 2 throughputs
        assertEquals(7 + 6 + 5 + 4, lines.size(), () -> String.join("\n", lines));
        Set<String> seen = new HashSet<>();
        for (String line : lines) {
            Map<String, Object> o = Json.parseFlat(line);
            assertEquals("repmi", o.get("suite"), line);
            assertEquals("shm", o.get("transport"), line);
            assertEquals(2, num(o, "n"), line);
            assertEquals(1, num(o, "writer"), line);
            assertNull(o.get("error"), line);
            String system = (String) o.get("system");
            String id = (String) o.get("case");
            double p50 = num(o, "p50_us");
            double p99 = num(o, "p99_us");
            assertTrue(p50 > 0 && p99 >= p50 && num(o, "min_us") <= p50 && num(o, "max_us") >= p99, line);
            assertTrue(p50 < 1_000_000, "a tiny operation takes less than a second: " + line);
            long bytes = (long) num(o, "payload_bytes");
            int samples = (int) num(o, "samples");
            switch (id) {
                case "read" -> {
                    assertEquals(5, samples, line);
                    assertTrue(p50 < 1000, "a read takes less than a millisecond: " + line);
                    assertEquals(4, bytes, line);
                }
                case "null-rmi" -> {
                    assertEquals("mobula-rmi", system, line);
                    assertEquals(30, samples, line);
                    assertEquals(0, bytes, line);
                }
                case "write", "broadcast-latency" -> assertEquals(30, samples, line);
                case "broadcast-gap" -> assertEquals(4, samples, line);
                case "write-throughput-100k" -> {
                    assertEquals(3, samples, line);
                    assertEquals(4096, bytes, line);
                    assertNotNull(o.get("array"), line);
                    assertEquals(bytes / p50, num(o, "mb_per_s"), 0.01 + 0.001 * bytes / p50, line);
                }
                default -> throw new AssertionError("unexpected case " + line);
            }
            seen.add(id + (o.get("array") != null ? " " + o.get("array") : "") + " " + system);
        }
        for (String s : List.of("mobula-repmi", "rmi-push", "rmi-tree", "raw-broadcast")) {
            assertTrue(seen.contains("broadcast-latency " + s), s + " missing in " + seen);
            assertTrue(seen.contains("write-throughput-100k byte[] " + s), s + " missing in " + seen);
            assertTrue(seen.contains("write-throughput-100k double[] " + s), s + " missing in " + seen);
        }
        assertTrue(seen.contains("read direct") && seen.contains("read mobula-repmi"), seen.toString());
        assertTrue(report.contains("== broadcast-latency: "), report);
        assertTrue(report.contains("Targets for mobula-repmi"), report);
        assertTrue(report.matches("(?s).*(PASS|MISS) +shm N=2 +write p50 <= 2 x null RMI.*"), report);
        assertTrue(report.matches("(?s).*(PASS|MISS) +shm N=2 +100k double\\[] MB/s >= 60% of raw-broadcast.*"),
                report);
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "every rank JVM was reaped");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aReplicaInAWrongStateMakesTheCaseAnError(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("repmi.jsonl");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setProperty("mobula.repmibench.fault", "bad-mark"); // passed on to the ranks (a mobula.* setting)
        int rc;
        try {
            rc = RepmiSuite.run(new String[] {"--systems", "mobula-repmi", "--sizes", "2", "--transports", "tcp",
                    "--cases", "write-throughput-100k-byte", "--tp-warmup", "0", "--tp-samples", "2", "--tp-batch", "1",
                    "--array-bytes", "64", "--json", json.toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(),
                            true, StandardCharsets.UTF_8));
        } finally {
            System.clearProperty("mobula.repmibench.fault");
        }
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, rc, report);
        List<String> lines = Files.readAllLines(json);
        assertEquals(1, lines.size(), () -> String.join("\n", lines));
        Map<String, Object> o = Json.parseFlat(lines.get(0));
        String error = (String) o.get("error");
        assertNotNull(error, lines.get(0));
        assertTrue(error.contains("1 with wrong marks"), error);
        assertNull(o.get("p50_us"), "a broken run reports no number: " + lines.get(0));
        assertTrue(report.contains("ERROR: rank "), report);
        assertTrue(report.contains("pending tcp N=2   100k byte[] MB/s"), report);
    }

    private static double num(Map<String, Object> o, String key) {
        Object v = o.get(key);
        assertTrue(v instanceof Number, key + " missing in " + o);
        return ((Number) v).doubleValue();
    }
}
