package io.mobula.bench.gmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.bench.rmi.Stats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suite's options, case specs, Open MPI detection and target verdicts, without starting processes. */
class GmiPartsTest {

    @Test
    void quickCoversTwoAndFourProcessesOnBothTransportsAndFullAddsEight() {
        GmiOptions q = GmiOptions.parse(new String[0]);
        assertEquals(List.of(2, 4), q.sizes());
        assertEquals(List.of("shm", "tcp"), q.transports());
        assertEquals(List.of("mobula", "rmi-loop", "openmpi", "mpj"), q.systems());
        assertEquals(List.of(GmiCase.values()), q.cases());
        assertEquals(List.of(2, 4, 8), GmiOptions.parse(new String[] {"--full"}).sizes());
        assertEquals(2000, q.warmupMillis(), "quick: every case warms up for at least 2 s");
        assertEquals(5000, GmiOptions.parse(new String[] {"--full"}).warmupMillis());
        assertEquals(0, GmiOptions.parse(new String[] {"--warmup-ms", "0"}).warmupMillis());
    }

    @Test
    void specsMoveOneMebibyteInTheThroughputCases() {
        GmiOptions q = GmiOptions.parse(new String[0]);
        CaseSpec b = q.spec(GmiCase.BROADCAST_THROUGHPUT, 4);
        assertEquals(131072, b.elements());
        assertEquals(1 << 20, GmiCase.BROADCAST_THROUGHPUT.payloadBytes(4, b.elements()));
        assertEquals(q.batch(), b.batch());
        CaseSpec g = q.spec(GmiCase.GATHER_TO_ALL_THROUGHPUT, 4);
        assertEquals(32768, g.elements());
        assertEquals(1 << 20, GmiCase.GATHER_TO_ALL_THROUGHPUT.payloadBytes(4, g.elements()));
        assertEquals(q.tpSamples() * q.batch(), g.samples());
        CaseSpec s = q.spec(GmiCase.SCATTER, 4);
        assertEquals(32, GmiCase.SCATTER.payloadBytes(4, s.elements()), "one double to each of 4 members");
        assertEquals(s, CaseSpec.decode(s.encode()));
    }

    @Test
    void badCommandLinesAreRefusedWithAReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GmiOptions.parse(new String[] {"--systems", "mpich"}));
        assertTrue(e.getMessage().contains("mpich"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GmiOptions.parse(new String[] {"--sizes", "1"}));
        assertThrows(IllegalArgumentException.class, () -> GmiOptions.parse(new String[] {"--cases", "bcast"}));
        assertThrows(IllegalArgumentException.class, () -> GmiOptions.parse(new String[] {"--samples"}));
        assertThrows(IllegalArgumentException.class, () -> CaseSpec.decode("broadcast:1:2:3"));
        assertThrows(IllegalArgumentException.class, () -> CaseSpec.decode("broadcast:0:2:3:1"));
        assertEquals(2, GmiSuite.run(new String[] {"--transports", "ib"}, System.out, System.err));
    }

    @Test
    void theSharedMemoryBtlIsVaderUpToOpenMpi4AndSmFrom5() {
        assertEquals("vader", OpenMpi.shmBtl("   MCA btl: self (MCA v2.1.0)\n   MCA btl: vader (MCA v2.1.0)\n"
                + "   MCA btl: tcp (MCA v2.1.0)\n"));
        assertEquals("sm", OpenMpi.shmBtl("  MCA btl: sm (MCA v2.1.0, API v3.3.0, Component v5.0.3)\n"
                + "  MCA btl: self (MCA v2.1.0)\n"));
        assertNull(OpenMpi.shmBtl("  MCA btl: tcp (MCA v2.1.0)\n"));
    }

    private static GmiResult r(GmiCase c, String system, String t, int n, long p50Nanos, long bytes) {
        return new GmiResult(c, system, t, n, new Stats(100, p50Nanos, 2 * p50Nanos, p50Nanos, p50Nanos / 2,
                3 * p50Nanos), bytes, -1, null);
    }

    @Test
    void targetsAreJudgedAgainstOpenMpiAtTheSameSizeAndTransport() {
        List<GmiResult> rs = new ArrayList<>();
        // shm N=2: broadcast 1.4x (PASS), reduce 1.6x (MISS), gather faster (PASS), throughput 75% (PASS)
        rs.add(r(GmiCase.BROADCAST, "mobula", "shm", 2, 14_000, 8));
        rs.add(r(GmiCase.BROADCAST, "openmpi", "shm", 2, 10_000, 8));
        rs.add(r(GmiCase.REDUCE_TO_ALL, "mobula", "shm", 2, 16_000, 8));
        rs.add(r(GmiCase.REDUCE_TO_ALL, "openmpi", "shm", 2, 10_000, 8));
        rs.add(r(GmiCase.GATHER_TO_ALL, "mobula", "shm", 2, 9_000, 16));
        rs.add(r(GmiCase.GATHER_TO_ALL, "openmpi", "shm", 2, 10_000, 16));
        rs.add(r(GmiCase.BROADCAST_THROUGHPUT, "mobula", "shm", 2, 1_000_000, 750_000));
        rs.add(r(GmiCase.BROADCAST_THROUGHPUT, "openmpi", "shm", 2, 1_000_000, 1_000_000));
        // tcp N=2: Open MPI's broadcast is from N=4 only, so that target is pending; gather as slow (MISS)
        rs.add(r(GmiCase.BROADCAST, "mobula", "tcp", 2, 14_000, 8));
        rs.add(r(GmiCase.BROADCAST, "openmpi", "tcp", 4, 10_000, 8));
        rs.add(r(GmiCase.GATHER_TO_ALL, "mobula", "tcp", 2, 10_000, 16));
        rs.add(r(GmiCase.GATHER_TO_ALL, "openmpi", "tcp", 2, 10_000, 16));
        rs.add(GmiResult.failed(GmiCase.BROADCAST_THROUGHPUT, "openmpi", "tcp", 2, "boom"));
        rs.add(r(GmiCase.BROADCAST_THROUGHPUT, "mobula", "tcp", 2, 1_000_000, 1_000_000));
        GmiOptions opt = GmiOptions.parse(new String[] {"--sizes", "2"});
        List<String> lines = new GmiReport(rs).targets(opt);
        assertEquals(1 + 8, lines.size(), String.join("\n", lines));
        assertVerdict(lines, "shm N=2   broadcast p50", "PASS");
        assertVerdict(lines, "shm N=2   reduce-to-all p50", "MISS");
        assertVerdict(lines, "shm N=2   gather-to-all p50", "PASS");
        assertVerdict(lines, "shm N=2   broadcast-throughput", "PASS");
        assertVerdict(lines, "tcp N=2   broadcast p50", "pending");
        assertVerdict(lines, "tcp N=2   reduce-to-all p50", "pending");
        assertVerdict(lines, "tcp N=2   gather-to-all p50", "MISS");
        assertVerdict(lines, "tcp N=2   broadcast-throughput", "pending");
        assertTrue(lines.stream().anyMatch(l -> l.contains("measured 16.00 us (1.60x)")), String.join("\n", lines));
    }

    private static void assertVerdict(List<String> lines, String what, String verdict) {
        String line = lines.stream().filter(l -> l.contains(what)).findFirst().orElseThrow();
        assertTrue(line.trim().startsWith(verdict + " "), line);
        assertFalse(line.isBlank());
    }

    @Test
    void rankResultsAreParsedAndImplausibleOnesRefused() {
        GmiResult ok = GmiResult.fromRank("openmpi", "shm", 2, io.mobula.bench.rmi.Json.parseFlat(
                "{\"case\":\"broadcast\",\"samples\":10,\"p50_ns\":1000,\"p99_ns\":2000,\"mean_ns\":1100.5,"
                        + "\"min_ns\":900,\"max_ns\":2500,\"elements\":1,\"payload_bytes\":8}"));
        assertTrue(ok.ok());
        assertEquals(8.0, ok.mbPerSecond(), 1e-9);
        assertTrue(ok.toJson("quick", "t", 2).contains("\"oversubscribed\":false"));
        GmiResult bad = GmiResult.fromRank("openmpi", "shm", 2, io.mobula.bench.rmi.Json.parseFlat(
                "{\"case\":\"broadcast\",\"samples\":10,\"p50_ns\":1000,\"p99_ns\":500,\"mean_ns\":1,"
                        + "\"min_ns\":900,\"max_ns\":2500,\"payload_bytes\":8}"));
        assertFalse(bad.ok());
        GmiResult err = GmiResult.fromRank("mobula", "tcp", 4, io.mobula.bench.rmi.Json.parseFlat(
                "{\"case\":\"scatter\",\"error\":\"rank 2 received wrong data\"}"));
        assertEquals("rank 2 received wrong data", err.error());
        assertTrue(err.toJson("quick", "t", 2).contains("\"oversubscribed\":true"));
    }
}
