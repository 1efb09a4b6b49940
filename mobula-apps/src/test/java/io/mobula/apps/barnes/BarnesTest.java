package io.mobula.apps.barnes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The tree's accelerations against direct summation, and blocks moved apart against the whole step. */
class BarnesTest {
    @Test
    void anOpenedTreeIsDirectSummation() {
        Barnes.Problem p = Barnes.problem(50, 0, 1);
        for (int i = 0; i < p.bodies(); i++) {
            // theta 0 opens every cell, so every body pulls on its own; only the order of the sum differs
            assertArrayEquals(Barnes.direct(p.position(), p.mass(), i), Barnes.tree(p.position(), p.mass(), i, 0),
                    1e-12, "body " + i);
        }
    }

    @Test
    void theApproximationIsCloseToDirectSummation() {
        Barnes.Problem p = Barnes.problem(2000, 0, 2);
        double worst = 0;
        double total = 0;
        int count = 0;
        for (int i = 0; i < p.bodies(); i += 17) {
            double[] d = Barnes.direct(p.position(), p.mass(), i);
            double[] t = Barnes.tree(p.position(), p.mass(), i, Barnes.THETA);
            double err = Math.sqrt(sq(d[0] - t[0]) + sq(d[1] - t[1]) + sq(d[2] - t[2]));
            double rel = err / Math.sqrt(sq(d[0]) + sq(d[1]) + sq(d[2]));
            worst = Math.max(worst, rel);
            total += rel;
            count++;
        }
        // monopole cells at theta 0.5: errors of a few per cent where the pulls nearly cancel, far less on average
        assertTrue(worst < 0.05, "largest relative error " + worst);
        assertTrue(total / count < 0.01, "mean relative error " + total / count);
        assertTrue(worst > 0, "far cells are approximated");
    }

    private static double sq(double x) {
        return x * x;
    }

    @Test
    void momentumIsNearlyConserved() {
        Barnes.Problem p = Barnes.problem(300, 20, 3);
        Barnes.State s = Barnes.run(p);
        for (int d = 0; d < 3; d++) {
            double before = 0;
            double after = 0;
            for (int i = 0; i < p.bodies(); i++) {
                before += p.mass()[i] * p.velocity()[3 * i + d];
                after += p.mass()[i] * s.velocity()[3 * i + d];
            }
            assertEquals(before, after, 2e-3, "momentum " + d); // the tree's forces are not exactly symmetric
        }
    }

    @Test
    void blocksMovedApartEqualTheWholeStepBitForBit() {
        Barnes.Problem p = Barnes.problem(500, 1, 4);
        int n = p.bodies();
        double[] wholePos = new double[3 * n];
        double[] wholeVel = new double[3 * n];
        Barnes.step(p, p.position(), p.velocity(), 0, n, wholePos, wholeVel);
        for (int size = 2; size <= 5; size++) {
            double[] pos = new double[3 * n];
            double[] vel = new double[3 * n];
            for (int r = 0; r < size; r++) {
                Barnes.step(p, p.position(), p.velocity(), Barnes.lo(n, size, r), Barnes.lo(n, size, r + 1), pos,
                        vel);
            }
            assertArrayEquals(wholePos, pos, 0.0);
            assertArrayEquals(wholeVel, vel, 0.0);
        }
    }

    @Test
    void twoBodiesAtOnePlaceAreNamed() {
        double[] pos = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0, 0, 0};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Barnes.tree(pos, new double[] {1, 1, 1}, 2, 0.5));
        assertTrue(e.getMessage().contains("same place"), e.getMessage());
    }
}
