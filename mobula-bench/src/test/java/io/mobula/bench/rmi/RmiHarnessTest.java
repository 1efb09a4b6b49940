package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** In-process checks of the harness's pieces: ids, payloads, encodings, statistics, JSON, options. */
class RmiHarnessTest {

    @Test
    void caseIdsRoundTripAndPayloadsAreDeterministic() {
        for (boolean full : new boolean[] {false, true}) {
            for (BenchCase c : CaseCatalog.cases(full)) {
                assertEquals(c, BenchCase.parse(c.id()));
                if (c.payload() != null) {
                    assertTrue(PayloadSpec.sameValue(c.payload().create(), c.payload().create()), c.id());
                }
            }
        }
        assertEquals(15, ((BenchObjects.Tree) PayloadSpec.parse("tree(15)").create()).size());
        assertEquals(1023, ((BenchObjects.Tree) PayloadSpec.parse("tree(1023)").create()).size());
    }

    @Test
    void rawEncodingIsTheFieldEncoding() {
        assertEquals(1, RawEncoding.size(PayloadSpec.parse("null")));
        assertEquals(1 + 4 + 50, RawEncoding.size(PayloadSpec.parse("byte[50]")));
        assertEquals(1 + 4 + 4 * 2000, RawEncoding.size(PayloadSpec.parse("int[2000]")));
        assertEquals(1 + 16, RawEncoding.size(PayloadSpec.parse("4int")));
        assertEquals(1 + 128, RawEncoding.size(PayloadSpec.parse("32int")));
        assertEquals(1 + 16 + 2, RawEncoding.size(PayloadSpec.parse("4int2null")));
        assertEquals(15 * 17 + 16, RawEncoding.size(PayloadSpec.parse("tree(15)")));
        BenchCase pp = BenchCase.parse("obj-pingpong-obj/32int");
        assertEquals(129, pp.rawReplyBytes());
        assertEquals(129, pp.rawCallbackBytes());
        assertEquals(-1, BenchCase.parse("void-ping-obj/32int").rawCallbackBytes());
        assertEquals(0, BenchCase.parse("void-ping-obj/32int").rawReplyBytes());
    }

    @Test
    void statsUseNearestRank() {
        long[] s = new long[100];
        for (int i = 0; i < 100; i++) {
            s[i] = 100 - i;
        }
        Stats st = Stats.of(s, 100);
        assertEquals(50, st.p50Nanos());
        assertEquals(99, st.p99Nanos());
        assertEquals(1, st.minNanos());
        assertEquals(100, st.maxNanos());
        assertEquals(50.5, st.meanNanos(), 1e-9);
    }

    @Test
    void clientLinesParseBackIntoResults() {
        BenchCase c = BenchCase.parse("throughput/double[131072]");
        String line = CaseResult.clientLine(c, new Stats(10, 1_000_000, 2_000_000, 1.5e6, 900_000, 3_000_000));
        Map<String, Object> json = Json.parseFlat(line.substring("RESULT ".length()));
        CaseResult r = CaseResult.fromClient("x", "tcp", json);
        assertEquals(1000.0, r.p50Micros(), 1e-9);
        assertEquals(1024 * 1024 / 1e6 / 1e-3, r.mbPerSecond(), 1e-6);
        CaseResult e = CaseResult.fromClient("x", "tcp",
                Json.parseFlat(CaseResult.clientErrorLine(c, "boom \"quoted\"").substring(7)));
        assertEquals("boom \"quoted\"", e.error());
        assertNull(e.stats());
        assertThrows(IllegalArgumentException.class, () -> Json.parseFlat("{\"a\":{}}"));
    }

    @Test
    void bestPassIsTheLowestMedian() {
        BenchCase c = BenchCase.parse("null-call");
        CaseResult slow = new CaseResult("s", "tcp", c, new Stats(5, 9000, 9900, 9000, 8000, 10000), null);
        CaseResult fast = new CaseResult("s", "tcp", c, new Stats(5, 5000, 5900, 5000, 4000, 6000), null);
        CaseResult failed = new CaseResult("s", "tcp", c, null, "boom");
        CaseResult best = CaseResult.bestOf(List.of(slow, failed, fast));
        assertEquals(5000, best.stats().p50Nanos());
        assertEquals(List.of(9000L, 5000L), best.passP50Nanos());
        assertEquals("boom", CaseResult.bestOf(List.of(failed)).error());
    }

    @Test
    void optionsAndFilters() {
        SuiteOptions o = SuiteOptions.parse(new String[] {"--full", "--systems", "raw-java", "--cases",
                "obj-ping-obj,star/*int"});
        assertTrue(o.full());
        assertEquals(List.of("raw-java"), o.systems());
        List<BenchCase> picked = CaseCatalog.filter(CaseCatalog.cases(true), o.cases());
        assertEquals(23 + 2, picked.size());
        assertTrue(picked.stream().allMatch(c -> c.kernel() == Kernel.OBJ_PING_OBJ || c.kernel() == Kernel.STAR));
        assertEquals(Timing.QUICK.starClients(), SuiteOptions.parse(new String[0]).timing().starClients());
        assertThrows(IllegalArgumentException.class, () -> SuiteOptions.parse(new String[] {"--bogus"}));
        assertEquals(Timing.QUICK, Timing.decode(Timing.QUICK.encode()));
    }
}
