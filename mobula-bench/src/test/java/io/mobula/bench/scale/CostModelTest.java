package io.mobula.bench.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The LogGP fit recovers the parameters of round trips made with known ones, its predictions are LogGP's formulas, and
 * the committed parameters are the fit of the results file they name (docs/PERFORMANCE-HISTORY.md, "Scale:
 * predicted latencies").
 */
class CostModelTest {
    private static final long[] SIZES = {0, 50, 200, 500, 2000, 5000, 20000, 102400};

    /** Round trips of a call of m bytes and an empty reply under L + 2o = oneWay and G = perByte. */
    private static List<CostModel.RoundTrip> roundTrips(double oneWay, double perByte, double noise, long seed) {
        Random r = new Random(seed);
        List<CostModel.RoundTrip> out = new ArrayList<>();
        for (long m : SIZES) {
            double exact = 2 * oneWay + m * perByte;
            out.add(new CostModel.RoundTrip(m, exact * (1 + noise * (2 * r.nextDouble() - 1))));
        }
        return out;
    }

    @Test
    void exactRoundTripsGiveBackTheirParameters() {
        CostModel.Fit f = CostModel.fit("tcp", roundTrips(3.5, 0.00035, 0, 1), "results/x.jsonl", "mobula");
        LogGpParameters p = f.parameters();
        assertEquals(3.5, p.oneWay(), 1e-9);
        assertEquals(0.00035, p.gapPerByte(), 1e-12);
        // what round trips cannot tell apart is assumed: no wire, the gap is the sender's overhead
        assertEquals(0, p.latency());
        assertEquals(1.75, p.overhead(), 1e-9);
        assertEquals(p.overhead(), p.gap());
        assertEquals(SIZES.length, f.points());
        assertTrue(f.maxRelativeError() < 1e-9, "an exact line: " + f.maxRelativeError());
    }

    @Test
    void noisyRoundTripsGiveParametersCloseToThoseThatMadeThem() {
        for (long seed = 1; seed <= 20; seed++) {
            LogGpParameters p = CostModel.fit("shm", roundTrips(0.4, 0.00025, 0.05, seed), "s", "mobula-shm")
                    .parameters();
            assertEquals(0.4, p.oneWay(), 0.4 * 0.06, "seed " + seed);
            assertEquals(0.00025, p.gapPerByte(), 0.00025 * 0.15, "seed " + seed);
        }
    }

    @Test
    void aFitNeedsTwoSizesAndALine() {
        assertThrows(IllegalArgumentException.class, () -> CostModel.fit("tcp",
                List.of(new CostModel.RoundTrip(100, 7), new CostModel.RoundTrip(100, 8)), "s", "mobula"));
        // time falling with size is not a LogGP line
        assertThrows(IllegalArgumentException.class, () -> CostModel.fit("tcp",
                List.of(new CostModel.RoundTrip(0, 9), new CostModel.RoundTrip(10_000, 2)), "s", "mobula"));
        assertThrows(IllegalArgumentException.class, () -> new LogGpParameters("tcp", -1, 1, 1, 0, "s"));
    }

    @Test
    void aChainCostsEachMessagesLatencyOverheadsAndBytes() {
        LogGpParameters p = new LogGpParameters("tcp", 5, 2, 3, 0.01, "s");
        assertEquals(9 + 1, p.message(100), 1e-12);
        // three hops of 100, 200 and 0 bytes: 3 (L + 2o) + 300 G
        assertEquals(3 * 9 + 3, CostModel.chain(p, 100, 200, 0), 1e-12);
        assertEquals(0, CostModel.chain(p), 0);
        // four sends of 100 bytes by one process: the last starts 3 (g + m G) after the first
        assertEquals(3 * (3 + 1) + 10, CostModel.flat(p, 4, 100), 1e-12);
        assertEquals(p.message(100), CostModel.flat(p, 1, 100), 1e-12);
    }

    @Test
    void parametersSurviveTheirJsonLine() {
        LogGpParameters p = new LogGpParameters("shm", 0.5, 0.25, 0.3, 0.000233728, "results/a \"b\".jsonl");
        assertEquals(p, LogGpParameters.parse(p.json()));
    }

    @Test
    void theSuiteTakesAModelFileOrNoneAndRejectsABadOne(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path committed = Path.of("..", ScaleSuite.DEFAULT_COST_MODEL);
        assertEquals(committed, ScaleSuite.costModel(committed.toString()));
        assertEquals(null, ScaleSuite.costModel("none"));
        assertThrows(java.io.IOException.class, () -> ScaleSuite.costModel(tmp.resolve("absent.jsonl").toString()));
        Path bad = Files.writeString(tmp.resolve("bad.jsonl"), "{\"suite\":\"cost-model\",\"transport\":\"tcp\"}\n");
        assertThrows(IllegalArgumentException.class, () -> ScaleSuite.costModel(bad.toString()));
        assertEquals(2, ScaleSuite.run(new String[] {"--cost-model", bad.toString()}), "a usage error, before any run");
    }

    @Test
    void theCommittedParametersAreTheFitOfTheFileTheyName() throws Exception {
        Path committed = Path.of("..", ScaleSuite.DEFAULT_COST_MODEL);
        CostModel model = CostModel.read(committed, "committed");
        assertEquals(List.of("shm", "tcp"), model.transports().stream().map(LogGpParameters::transport).toList());
        for (LogGpParameters p : model.transports()) {
            Path source = Path.of("..", "docs").resolve(p.source());
            assertTrue(Files.isRegularFile(source), p.source());
            LogGpParameters again = CostModel.fitRmiResults(source, p.source()).stream()
                    .filter(f -> f.parameters().transport().equals(p.transport())).findFirst().orElseThrow()
                    .parameters();
            assertEquals(again.oneWay(), p.oneWay(), 1e-5, p.transport());
            assertEquals(again.gapPerByte(), p.gapPerByte(), 1e-8, p.transport());
            assertEquals(again.gap(), p.gap(), 1e-5, p.transport());
        }
        // shared memory is the cheaper transport, per message and per byte
        LogGpParameters shm = model.transports().get(0);
        LogGpParameters tcp = model.transports().get(1);
        assertTrue(shm.oneWay() < tcp.oneWay() && shm.gapPerByte() < tcp.gapPerByte(), shm + " " + tcp);
    }
}
