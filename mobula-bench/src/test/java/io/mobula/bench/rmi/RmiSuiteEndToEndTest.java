package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** Runs the real harness (child JVMs and all) with a tiny call count for java.rmi and the raw Java baseline. */
class RmiSuiteEndToEndTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void javaRmiAndRawJavaProducePositiveResults(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rmi.jsonl");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = RmiSuite.run(new String[] {
                "--quick", "--systems", "java.rmi,raw-java", "--cases", "null-call,obj-ping-obj/tree(15)",
                "--json", json.toString(), "--calls", "50", "--warmup", "20", "--warmup-ms", "50",
                "--warmup-all-ms", "0", "--max-ms", "200", "--passes", "2"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, () -> report + err.toString(StandardCharsets.UTF_8));

        List<String> lines = Files.readAllLines(json);
        assertEquals(4, lines.size(), () -> String.join("\n", lines));
        Set<String> seen = new HashSet<>();
        for (String line : lines) {
            Map<String, Object> o = Json.parseFlat(line);
            assertEquals("rmi", o.get("suite"));
            assertEquals("tcp", o.get("transport"));
            assertTrue(o.get("error") == null, line);
            double p50 = ((Number) o.get("p50_us")).doubleValue();
            double p99 = ((Number) o.get("p99_us")).doubleValue();
            assertTrue(p50 > 0 && p99 >= p50, line);
            assertTrue(((Number) o.get("calls")).intValue() == 50, line);
            assertEquals(2, ((String) o.get("passes_p50_us")).split(",").length, line);
            if (o.get("case").equals("obj-ping-obj/tree(15)")) {
                assertTrue(((Number) o.get("mb_per_s")).doubleValue() > 0, line);
            }
            seen.add(o.get("system") + " " + o.get("case"));
        }
        assertEquals(Set.of("java.rmi null-call", "java.rmi obj-ping-obj/tree(15)", "raw-java null-call",
                "raw-java obj-ping-obj/tree(15)"), seen);
        assertTrue(report.contains("== obj ping(obj) =="), report);
        assertTrue(report.contains("pending"), report);
        // every child was reaped
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }
}
