package io.mobula.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.bench.rmi.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both suites, small, on real JVMs: the star with 2 client JVMs x 4 threads over shm and over TCP, and a soak of
 * 20,000 calls. No call fails, the server ran exactly what the clients completed, and the verdict says so.
 */
class LoadSuitesSmokeTest {

    private static String run(boolean star, String[] args, int expectedExit) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        int exit = star ? StarSuite.run(args, out) : SoakSuite.run(args, out);
        String report = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(expectedExit, exit, report);
        return report;
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theStarPassesOverShmAndTcp(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("load.jsonl");
        String report = run(true, new String[] {"--jvms", "2", "--threads", "4", "--seconds", "2", "--warmup", "200",
                "--json", json.toString()}, 0);
        assertTrue(report.contains("VERDICT PASS load: 8 clients"), report);
        List<Map<String, Object>> lines = Files.readAllLines(json).stream().map(Json::parseFlat).toList();
        assertEquals(List.of("default", "tcp"), lines.stream().map(l -> l.get("transport")).toList());
        assertEquals(List.of("shm", "tcp"), lines.stream().map(l -> l.get("over")).toList());
        for (Map<String, Object> l : lines) {
            assertEquals(0.0, num(l, "errors"), l.toString());
            assertTrue(num(l, "calls") > 0 && num(l, "p999_us") >= num(l, "p50_us"), l.toString());
            assertEquals(num(l, "client_calls"), num(l, "server_calls"), l.toString());
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aSmallSoakLosesNothingAndRunsNothingTwice(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("soak.jsonl");
        String[] args = {"--calls", "20000", "--jvms", "2", "--threads", "4", "--period-ms", "200", "--warmup",
            "500", "--json", json.toString()};
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = SoakSuite.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String report = bytes.toString(StandardCharsets.UTF_8);
        List<Map<String, Object>> lines = Files.readAllLines(json).stream().map(Json::parseFlat).toList();
        Map<String, Object> summary = lines.getFirst();
        assertEquals(0.0, num(summary, "errors"), report);
        assertEquals(20_000.0, num(summary, "calls"), report);
        assertEquals(num(summary, "client_calls"), num(summary, "server_calls"), report);
        assertEquals(0.0, num(summary, "out_of_order"), report);
        assertEquals(List.of("server", "client-0", "client-1"), lines.subList(1, 4).stream()
                .map(l -> l.get("process")).toList());
        // the resources of a 5 s run on a shared machine may move; the verdict must follow them and say which
        boolean pass = (Boolean) summary.get("pass");
        assertEquals(pass ? 0 : 1, exit, report);
        assertTrue(report.contains(pass ? "VERDICT PASS soak: 20000 calls, 0 problems" : "VERDICT FAIL soak"), report);
        if (!pass) {
            assertTrue(report.lines().filter(l -> l.startsWith("  problem: "))
                    .allMatch(l -> l.startsWith("  problem: not flat: ")), report);
        }
    }

    @Test
    void badCommandLinesExitWithTwo() {
        assertEquals(2, SoakSuite.run(new String[] {"--calls", "many"}));
        assertEquals(2, SoakSuite.run(new String[] {"--transport", "carrier-pigeon"}));
        assertEquals(2, SoakSuite.run(new String[] {"--calls", "3", "--jvms", "2", "--threads", "2"}));
        assertEquals(2, StarSuite.run(new String[] {"--threads", "0"}));
        assertEquals(2, StarSuite.run(new String[] {"--transports", "shm"}));
    }
}
