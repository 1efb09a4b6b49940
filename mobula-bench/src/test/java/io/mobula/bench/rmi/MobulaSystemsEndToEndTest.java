package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Runs Mobula over TCP and over shared memory through the real harness (server, client and star client JVMs) in a
 * tiny mode, one case of every kernel, so that a Mobula system the suite cannot run, or one that answers wrong (every
 * case is validated before it is timed), fails the build.
 */
class MobulaSystemsEndToEndTest {

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void mobulaOverTcpAndSharedMemoryRunsOneCaseOfEveryKernel(@TempDir Path dir) throws Exception {
        List<String> cases = List.of("null-call", "ping-2int", "ping-2int-2float", "void-ping-obj/int[50]",
                "obj-ping-obj/tree(15)", "void-pingpong-obj/4int", "obj-pingpong-obj/byte[2000]", "star/4int",
                "throughput/double[131072]");
        Path json = dir.resolve("rmi.jsonl");
        String report = runTiny(json, "mobula,mobula-shm", cases);

        Set<String> seen = new HashSet<>();
        for (String line : Files.readAllLines(json)) {
            Map<String, Object> o = Json.parseFlat(line);
            assertTrue(o.get("error") == null, line);
            String system = (String) o.get("system");
            assertEquals(system.equals("mobula-shm") ? "shm" : "tcp", o.get("transport"), line);
            double p50 = ((Number) o.get("p50_us")).doubleValue();
            assertTrue(p50 > 0 && ((Number) o.get("p99_us")).doubleValue() >= p50, line);
            int calls = ((Number) o.get("calls")).intValue();
            // star: k = 2 processes, 30 calls each
            assertEquals(o.get("case").equals("star/4int") ? 60 : 30, calls, line);
            seen.add(system + " " + o.get("case"));
        }
        Set<String> expected = new HashSet<>();
        for (String s : List.of("mobula", "mobula-shm")) {
            for (String c : cases) {
                expected.add(s + " " + c);
            }
        }
        assertEquals(expected, seen);
        assertFalse(report.contains("ERROR"), report);
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }

    /**
     * The systems that need JVM flags of their own (TLS key stores, the socket agent) get them in every client process,
     * the star clients included.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void systemsWithJvmFlagsPassThemToTheirStarClients(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rmi.jsonl");
        runTiny(json, "mobula-tls,java.rmi+mobula-sockets", List.of("null-call", "star/4int"));
        Set<String> seen = new HashSet<>();
        for (String line : Files.readAllLines(json)) {
            Map<String, Object> o = Json.parseFlat(line);
            assertTrue(o.get("error") == null, line);
            seen.add(o.get("system") + " " + o.get("case"));
        }
        assertEquals(Set.of("mobula-tls null-call", "mobula-tls star/4int", "java.rmi+mobula-sockets null-call",
                "java.rmi+mobula-sockets star/4int"), seen);
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }

    /** Runs the suite in a tiny mode (30 calls a case, one pass) into {@code json}; returns the report. */
    private static String runTiny(Path json, String systems, List<String> cases) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = RmiSuite.run(new String[] {
                "--quick", "--systems", systems, "--cases", String.join(",", cases),
                "--json", json.toString(), "--calls", "30", "--warmup", "10", "--warmup-ms", "50",
                "--warmup-all-ms", "0", "--max-ms", "200", "--passes", "1"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, () -> report + err.toString(StandardCharsets.UTF_8));
        return report;
    }
}
