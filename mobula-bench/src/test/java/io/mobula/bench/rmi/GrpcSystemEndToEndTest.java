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
 * Runs the gRPC system through the real harness (server and client JVMs) in a tiny mode: every supported kernel
 * with payloads of every message layout, each validated by the client before it is timed; the kernels gRPC does
 * not run are left out rather than reported as errors.
 */
class GrpcSystemEndToEndTest {

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void grpcRunsNullCallObjPingAndThroughput(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rmi.jsonl");
        List<String> measured = List.of("null-call", "obj-ping-obj/null", "obj-ping-obj/byte[50]",
                "obj-ping-obj/int[2000]", "obj-ping-obj/float[50]", "obj-ping-obj/4int", "obj-ping-obj/32int",
                "obj-ping-obj/4int2null", "obj-ping-obj/tree(15)", "throughput/tree(1023)",
                "throughput/double[131072]");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = RmiSuite.run(new String[] {
                "--quick", "--systems", "grpc", "--cases",
                String.join(",", measured) + ",void-pingpong-obj/4int,star/4int,ping-2int",
                "--json", json.toString(), "--calls", "30", "--warmup", "10", "--warmup-ms", "50",
                "--warmup-all-ms", "0", "--max-ms", "200", "--passes", "1"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, () -> report + err.toString(StandardCharsets.UTF_8));

        List<String> lines = Files.readAllLines(json);
        Set<String> seen = new HashSet<>();
        for (String line : lines) {
            Map<String, Object> o = Json.parseFlat(line);
            assertEquals("grpc", o.get("system"), line);
            assertTrue(o.get("error") == null, line);
            double p50 = ((Number) o.get("p50_us")).doubleValue();
            assertTrue(p50 > 0 && ((Number) o.get("p99_us")).doubleValue() >= p50, line);
            assertEquals(30, ((Number) o.get("calls")).intValue(), line);
            seen.add((String) o.get("case"));
        }
        assertEquals(Set.copyOf(measured), seen);
        assertFalse(report.contains("ERROR"), report);
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }

    @Test
    void supportsExactlyTheUnaryKernels() {
        RmiSystem grpc = RmiSystems.byNames(List.of("grpc")).get(0);
        Set<Kernel> supported = new HashSet<>();
        for (BenchCase c : CaseCatalog.cases(true)) {
            if (grpc.supports(c)) {
                supported.add(c.kernel());
            }
        }
        assertEquals(Set.of(Kernel.NULL_CALL, Kernel.OBJ_PING_OBJ, Kernel.THROUGHPUT), supported);
    }
}
