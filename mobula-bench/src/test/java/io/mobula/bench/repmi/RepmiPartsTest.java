package io.mobula.bench.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.bench.rmi.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suite's options, case specs, the binomial tree, result parsing and target verdicts, without processes. */
class RepmiPartsTest {

    @Test
    void quickRunsOneTwoAndFourProcessesOnBothTransportsAndFullAddsEight() {
        RepmiOptions q = RepmiOptions.parse(new String[0]);
        assertEquals(List.of(1, 2, 4), q.sizes());
        assertEquals(List.of("shm", "tcp"), q.transports());
        assertEquals(List.of("mobula-repmi", "rmi-push", "rmi-tree", "raw-broadcast"), q.systems());
        assertEquals(List.of(1, 2, 4, 8), RepmiOptions.parse(new String[] {"--full"}).sizes());
        assertEquals(102400, q.spec(RepmiCase.THROUGHPUT_BYTES).size());
        assertEquals(102400, RepmiCase.THROUGHPUT_DOUBLES.payloadBytes(q.arrayBytes()));
        assertEquals(1_000_000, q.spec(RepmiCase.READ).size());
        assertEquals(16, q.spec(RepmiCase.BROADCAST_GAP).batch());
    }

    @Test
    void eachSystemRunsItsCasesAndTheBaselinesNeedTwoProcesses() {
        RepmiOptions q = RepmiOptions.parse(new String[0]);
        assertEquals(List.of(RepmiCase.READ, RepmiCase.WRITE, RepmiCase.BROADCAST_LATENCY, RepmiCase.BROADCAST_GAP,
                RepmiCase.THROUGHPUT_BYTES, RepmiCase.THROUGHPUT_DOUBLES), q.specs("mobula-repmi", 1).stream()
                .map(RepmiSpec::benchCase).toList());
        assertEquals(RepmiCase.NULL_RMI, q.specs("rmi-push", 2).get(0).benchCase());
        assertEquals(List.of(RepmiCase.BROADCAST_LATENCY, RepmiCase.BROADCAST_GAP, RepmiCase.THROUGHPUT_BYTES,
                RepmiCase.THROUGHPUT_DOUBLES), q.specs("raw-broadcast", 2).stream().map(RepmiSpec::benchCase)
                .toList());
        assertTrue(RepmiOptions.runs("mobula-repmi", 1));
        assertFalse(RepmiOptions.runs("rmi-tree", 1));
        assertEquals(List.of("mobula-repmi", "direct"), RepmiCase.READ.reported("mobula-repmi"));
    }

    @Test
    void casesAreNamedByKeyOrByTheSharedThroughputName() {
        RepmiOptions o = RepmiOptions.parse(new String[] {"--cases", "write-throughput-100k,read"});
        assertEquals(List.of(RepmiCase.READ, RepmiCase.THROUGHPUT_BYTES, RepmiCase.THROUGHPUT_DOUBLES), o.cases());
        assertEquals(List.of(RepmiCase.THROUGHPUT_DOUBLES), RepmiOptions.parse(new String[] {"--cases",
                "write-throughput-100k-double"}).cases());
        for (RepmiCase c : RepmiCase.values()) {
            RepmiSpec s = o.spec(c);
            assertEquals(s, RepmiSpec.decode(s.encode()));
        }
    }

    @Test
    void badCommandLinesAndSpecsAreRefusedWithAReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RepmiOptions.parse(new String[] {"--systems", "jgroups"}));
        assertTrue(e.getMessage().contains("jgroups"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RepmiOptions.parse(new String[] {"--sizes", "0"}));
        assertThrows(IllegalArgumentException.class, () -> RepmiOptions.parse(new String[] {"--cases", "gap"}));
        assertThrows(IllegalArgumentException.class, () -> RepmiOptions.parse(new String[] {"--array-bytes", "4"}));
        assertThrows(IllegalArgumentException.class, () -> RepmiOptions.parse(new String[] {"--samples"}));
        assertThrows(IllegalArgumentException.class, () -> RepmiSpec.decode("write:1:2:3"));
        assertThrows(IllegalArgumentException.class, () -> RepmiSpec.decode("write:1:0:1:0"));
        assertThrows(IllegalArgumentException.class, () -> RepmiSpec.decode("write-throughput-100k-byte:1:2:1:0"));
        assertThrows(IllegalArgumentException.class, () -> RepmiSpec.decode("write:x:2:1:0"));
        assertEquals(2, RepmiSuite.run(new String[] {"--transports", "ib"}, System.out, System.err));
    }

    @Test
    void theBinomialTreeRootedAtTheWriterReachesEveryRankOnce() {
        for (int size = 1; size <= 9; size++) {
            for (int writer = 0; writer < size; writer++) {
                int[] reached = new int[size];
                reached[writer]++;
                List<Integer> frontier = new ArrayList<>(List.of(writer));
                int depth = 0;
                while (!frontier.isEmpty()) {
                    List<Integer> next = new ArrayList<>();
                    for (int r : frontier) {
                        for (int c : RepmiPeerImpl.children(r, writer, size)) {
                            reached[c]++;
                            next.add(c);
                        }
                    }
                    frontier = next;
                    depth++;
                }
                for (int r = 0; r < size; r++) {
                    assertEquals(1, reached[r], "size " + size + " writer " + writer + " rank " + r);
                }
                int deepest = 0;
                for (int rel = 0; rel < size; rel++) {
                    deepest = Math.max(deepest, Integer.bitCount(rel));
                }
                assertEquals(deepest + 1, depth, "rank rel lies bitCount(rel) hops below the writer, size " + size);
            }
        }
        assertEquals(List.of(7, 5, 4), RepmiPeerImpl.children(3, 3, 8), "the largest subtree first");
    }

    private static RepmiResult r(RepmiCase c, String system, String t, int n, double p50Nanos, long bytes) {
        return new RepmiResult(c, system, t, n, 100, p50Nanos, 2 * p50Nanos, p50Nanos, p50Nanos / 2, 3 * p50Nanos,
                bytes, n - 1, null, null);
    }

    @Test
    void targetsAreJudgedAgainstThisRunsNullRmiAndRawBroadcast() {
        List<RepmiResult> rs = new ArrayList<>();
        rs.add(r(RepmiCase.READ, "mobula-repmi", "shm", 1, 40, 4));
        rs.add(r(RepmiCase.READ, "mobula-repmi", "shm", 2, 90, 4));
        rs.add(r(RepmiCase.READ, "mobula-repmi", "tcp", 2, 120, 4));
        rs.add(r(RepmiCase.WRITE, "mobula-repmi", "shm", 2, 19_000, 4));
        rs.add(r(RepmiCase.NULL_RMI, "mobula-rmi", "shm", 2, 10_000, 0));
        rs.add(r(RepmiCase.WRITE, "mobula-repmi", "tcp", 2, 21_000, 4));
        rs.add(r(RepmiCase.NULL_RMI, "mobula-rmi", "tcp", 2, 10_000, 0));
        rs.add(r(RepmiCase.THROUGHPUT_BYTES, "mobula-repmi", "shm", 2, 1_000_000, 650_000));
        rs.add(r(RepmiCase.THROUGHPUT_BYTES, "raw-broadcast", "shm", 2, 1_000_000, 1_000_000));
        rs.add(r(RepmiCase.THROUGHPUT_DOUBLES, "mobula-repmi", "shm", 2, 1_000_000, 550_000));
        rs.add(r(RepmiCase.THROUGHPUT_DOUBLES, "raw-broadcast", "shm", 2, 1_000_000, 1_000_000));
        rs.add(RepmiResult.failed(RepmiCase.THROUGHPUT_BYTES, "raw-broadcast", "tcp", 2, "boom"));
        rs.add(r(RepmiCase.THROUGHPUT_BYTES, "mobula-repmi", "tcp", 2, 1_000_000, 1_000_000));
        List<String> lines = new RepmiReport(rs).targets(RepmiOptions.parse(new String[] {"--sizes", "1,2"}));
        assertEquals(1 + 2 * 4, lines.size(), String.join("\n", lines));
        assertVerdict(lines, "shm       read p50", "PASS");
        assertVerdict(lines, "tcp       read p50", "MISS");
        assertVerdict(lines, "shm N=2   write p50", "PASS");
        assertVerdict(lines, "tcp N=2   write p50", "MISS");
        assertVerdict(lines, "shm N=2   100k byte[]", "PASS");
        assertVerdict(lines, "shm N=2   100k double[]", "MISS");
        assertVerdict(lines, "tcp N=2   100k byte[]", "pending");
        assertVerdict(lines, "tcp N=2   100k double[]", "pending");
        assertTrue(lines.stream().anyMatch(l -> l.contains("measured 0.0900 us at N=2")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("measured 21.00 us (2.10x)")), String.join("\n", lines));
    }

    private static void assertVerdict(List<String> lines, String what, String verdict) {
        String line = lines.stream().filter(l -> l.contains(what)).findFirst().orElseThrow(
                () -> new AssertionError(what + " not in\n" + String.join("\n", lines)));
        assertTrue(line.trim().startsWith(verdict + " "), line);
    }

    @Test
    void rankResultsKeepFractionsOfANanosecondAndImplausibleOnesAreRefused() {
        RepmiResult read = RepmiResult.fromRank("shm", 2, Json.parseFlat("{\"case\":\"read\",\"system\":\"direct\","
                + "\"samples\":10,\"p50_ns\":3.125,\"p99_ns\":4.5,\"mean_ns\":3.3,\"min_ns\":3.0,\"max_ns\":9.0,"
                + "\"payload_bytes\":4,\"writer\":1}"));
        assertTrue(read.ok());
        assertEquals(0.003125, read.p50Micros(), 1e-12);
        String line = read.toJson("quick", "t", 2);
        assertTrue(line.contains("\"p50_ns\":3.125"), line);
        assertTrue(line.contains("\"suite\":\"repmi\",\"case\":\"read\",\"system\":\"direct\""), line);
        RepmiResult tp = RepmiResult.fromRank("tcp", 4, Json.parseFlat("{\"case\":\"write-throughput-100k-double\","
                + "\"system\":\"mobula-repmi\",\"samples\":10,\"p50_ns\":1000000,\"p99_ns\":2000000,\"mean_ns\":1,"
                + "\"min_ns\":900000,\"max_ns\":2500000,\"payload_bytes\":102400,\"writer\":3}"));
        assertEquals(102.4, tp.mbPerSecond(), 1e-9);
        assertTrue(tp.toJson("quick", "t", 2).contains("\"case\":\"write-throughput-100k\",\"array\":\"double[]\""));
        assertTrue(tp.toJson("quick", "t", 2).contains("\"oversubscribed\":true"));
        RepmiResult bad = RepmiResult.fromRank("shm", 2, Json.parseFlat("{\"case\":\"write\",\"system\":\"rmi-push\","
                + "\"samples\":10,\"p50_ns\":1000,\"p99_ns\":500,\"mean_ns\":1,\"min_ns\":900,\"max_ns\":2500,"
                + "\"payload_bytes\":4,\"writer\":1}"));
        assertFalse(bad.ok());
        RepmiResult err = RepmiResult.fromRank("tcp", 2, Json.parseFlat("{\"case\":\"write\",\"system\":\"rmi-tree\","
                + "\"error\":\"rank 0: replica holds value 3\"}"));
        assertEquals("rank 0: replica holds value 3", err.error());
        assertFalse(err.toJson("quick", "t", 2).contains("p50_us"));
    }

    @Test
    void theWritersCountersGoFromItsResultLineToTheJson() {
        RepmiResult w = RepmiResult.fromRank("shm", 2, Json.parseFlat("{\"case\":\"write\",\"system\":\"mobula-repmi\","
                + "\"samples\":10,\"p50_ns\":9000,\"p99_ns\":20000,\"mean_ns\":9500,\"min_ns\":8000,"
                + "\"max_ns\":30000,\"payload_bytes\":4,\"writer\":1,\"writer_writes\":21000,"
                + "\"writer_orders_taken\":20500,\"writer_writes_in_place\":20990,\"writer_writes_handed_off\":10}"));
        assertEquals(new RepmiResult.WriterCounts(21000, 20500, 20990, 10), w.writerCounts());
        String line = w.toJson("quick", "t", 2);
        assertTrue(line.contains("\"writer_writes\":21000,\"writer_orders_taken\":20500,"
                + "\"writer_writes_in_place\":20990,\"writer_writes_handed_off\":10"), line);
        RepmiResult push = RepmiResult.fromRank("shm", 2, Json.parseFlat("{\"case\":\"write\",\"system\":\"rmi-push\","
                + "\"samples\":10,\"p50_ns\":1000,\"p99_ns\":2000,\"mean_ns\":1,\"min_ns\":900,\"max_ns\":2500,"
                + "\"payload_bytes\":4,\"writer\":1}"));
        assertEquals(null, push.writerCounts());
        assertFalse(push.toJson("quick", "t", 2).contains("writer_writes"));
        assertThrows(IllegalArgumentException.class, () -> RepmiResult.fromRank("shm", 2, Json.parseFlat(
                "{\"case\":\"write\",\"system\":\"mobula-repmi\",\"samples\":10,\"p50_ns\":9000,\"p99_ns\":20000,"
                + "\"mean_ns\":1,\"min_ns\":8000,\"max_ns\":30000,\"payload_bytes\":4,\"writer\":1,"
                + "\"writer_writes\":5}")), "a partial set of counters is refused");
    }
}
