package io.mobula.apps.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.cg.Cg;
import io.mobula.apps.cg.CgKernel;
import io.mobula.apps.is.Is;
import io.mobula.apps.is.IsKernel;
import org.junit.jupiter.api.Test;

/**
 * The NPB kernels against the specification: the generator against the specification's double-precision randlc,
 * and the sequential IS and CG against NPB's published verification values for classes S and W (class A verifies
 * the same way, run by hand: {@code java io.mobula.apps.cg.CgSeq A}).
 */
class NpbTest {
    /** randlc as the NPB specification states it, in double precision (exact with a 53-bit mantissa). */
    private static double[] randlc(double x, double a) {
        double r23 = 0x1.0p-23;
        double r46 = r23 * r23;
        double t23 = 0x1.0p23;
        double t46 = t23 * t23;
        double t1 = r23 * a;
        double a1 = (int) t1;
        double a2 = a - t23 * a1;
        t1 = r23 * x;
        double x1 = (int) t1;
        double x2 = x - t23 * x1;
        t1 = a1 * x2 + a2 * x1;
        double t2 = (int) (r23 * t1);
        double z = t1 - t23 * t2;
        double t3 = t23 * z + a2 * x2;
        double t4 = (int) (r46 * t3);
        double next = t3 - t46 * t4;
        return new double[] {next, r46 * next};
    }

    @Test
    void theGeneratorIsTheSpecificationsRandlc() {
        NpbRandom rnd = new NpbRandom(NpbRandom.SEED);
        double x = NpbRandom.SEED;
        for (int i = 0; i < 100_000; i++) {
            double[] spec = randlc(x, NpbRandom.A);
            x = spec[0];
            assertEquals(spec[1], rnd.next(), "number " + i);
            assertEquals((long) x, rnd.seed());
        }
    }

    @Test
    void skippingEqualsDrawing() {
        NpbRandom drawn = new NpbRandom(NpbRandom.SEED);
        for (int i = 0; i < 12_345; i++) {
            drawn.next();
        }
        assertEquals(drawn.seed(), new NpbRandom(NpbRandom.SEED).skip(12_345).seed());
        assertEquals(NpbRandom.SEED, new NpbRandom(NpbRandom.SEED).skip(0).seed());
        assertThrows(IllegalArgumentException.class, () -> new NpbRandom(0));
    }

    @Test
    void isClassesSAndWPassEveryPublishedTest() {
        for (int[] c : new int[][] {{16, 11}, {20, 16}}) {
            Is.Problem p = Is.problem(c[0], c[1]);
            Is.Result r = Is.solve(p);
            assertEquals(5 * Is.ITERATIONS + 1, r.passed(), "class " + p.npbClass());
            assertNull(IsKernel.INSTANCE.check(p, r));
        }
    }

    @Test
    void isBlocksOfKeysAreTheGlobalSequence() {
        Is.Problem p = Is.problem(16, 11);
        int[] all = Is.keys(p, 0, p.keys());
        int[] part = Is.keys(p, 40_000, 40_100);
        assertArrayEquals(java.util.Arrays.copyOfRange(all, 40_000, 40_100), part);
    }

    @Test
    void aWrongRankFailsThePartialVerification() {
        Is.Problem p = Is.problem(16, 11);
        Is.Result r = Is.solve(p);
        assertNotNull(IsKernel.INSTANCE.check(p, new Is.Result(r.passed() - 1, r.keys(), r.hash(), 0)));
        assertTrue(Is.rankPasses(p, 0, 1, 5, 1)); // S, test 0, iteration 1: published rank 0 + 1
        assertTrue(!Is.rankPasses(p, 0, 1, 5, 0));
        assertTrue(!Is.rankPasses(p, 0, 1, 0, 1)); // NPB does not count key 0
    }

    @Test
    void cgClassSMatchesThePublishedZeta() { // W and A verify the same way, run by hand (CgSeq W, CgSeq A)
        for (int[] c : new int[][] {{1400, 7, 15, 10}}) {
            Cg.Problem p = Cg.problem(c[0], c[1], c[2], c[3]);
            Cg.Result r = Cg.solve(p);
            assertTrue(Cg.verified(p, r), p + ": zeta " + r.zeta());
            assertNull(CgKernel.INSTANCE.check(p, r));
        }
    }

    @Test
    void cgRowBlocksAreTheWholeMatrixsRows() {
        Cg.Problem p = Cg.problem(1400, 7, 15, 10);
        Cg.Rows whole = Cg.makea(p, 0, p.na());
        Cg.Rows part = Cg.makea(p, 500, 900);
        double[] v = new double[p.na()];
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.sin(i);
        }
        double[] all = new double[p.na()];
        whole.multiply(v, all);
        double[] some = new double[400];
        part.multiply(v, some);
        assertArrayEquals(java.util.Arrays.copyOfRange(all, 500, 900), some);
        // symmetric: the sum of outer products v v^T
        for (int j = 0; j < 50; j++) {
            for (int k = whole.rowStart()[j]; k < whole.rowStart()[j + 1]; k++) {
                int c = whole.col()[k];
                double back = 0;
                for (int m = whole.rowStart()[c]; m < whole.rowStart()[c + 1]; m++) {
                    back = whole.col()[m] == j ? whole.a()[m] : back;
                }
                assertEquals(whole.a()[k], back, 1e-14 * Math.abs(back), "a(" + j + "," + c + ")");
            }
        }
    }

    @Test
    void aWrongZetaFailsAndSizesOutsideTheClassesAreNotVerifiedAgainstNpb() {
        Cg.Problem s = Cg.problem(1400, 7, 15, 10);
        assertNotNull(CgKernel.INSTANCE.check(s, new Cg.Result(8.5971775, 0, 0)));
        Cg.Problem u = Cg.problem(500, 5, 3, 10);
        assertEquals('U', u.npbClass());
        assertNull(CgKernel.INSTANCE.check(u, Cg.solve(u)));
        assertEquals('U', Is.problem(12, 9).npbClass());
        assertEquals(1, Is.solve(Is.problem(12, 9)).passed()); // only the full verification
        assertThrows(IllegalArgumentException.class, () -> Cg.problem(10, 7, 15, 10));
        assertThrows(IllegalArgumentException.class, () -> Is.problem(16, 30));
    }

    @Test
    void theClassesArePresets() {
        assertArrayEquals(new int[] {23, 19}, IsKernel.INSTANCE.sizes().parse("A"));
        assertArrayEquals(new int[] {16, 11}, IsKernel.INSTANCE.sizes().parse("tiny"));
        assertArrayEquals(new int[] {7000, 8, 15, 12}, CgKernel.INSTANCE.sizes().parse("W"));
    }
}
