package io.mobula.apps.acp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** AC-3 against a naive fixpoint that sweeps every arc until nothing changes, and the instance's shape. */
class AcpTest {
    /** Sweeps every value of every variable against every constraint, until a sweep removes nothing. */
    private static boolean[][] naiveFixpoint(Acp.Problem p) {
        boolean[][] d = Acp.fullDomains(p);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < p.n(); i++) {
                for (int k = 0; k < p.neighbors()[i].length; k++) {
                    int j = p.neighbors()[i][k];
                    boolean[][] allowed = p.tables()[p.relation()[i][k]];
                    for (int a = 0; a < p.m(); a++) {
                        if (!d[i][a]) {
                            continue;
                        }
                        boolean support = false;
                        for (int b = 0; b < p.m() && !support; b++) {
                            support = d[j][b] && allowed[a][b];
                        }
                        if (!support) {
                            d[i][a] = false;
                            changed = true;
                        }
                    }
                }
            }
        }
        return d;
    }

    private static int left(boolean[][] d) {
        int n = 0;
        for (boolean[] row : d) {
            for (boolean b : row) {
                n += b ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void ac3IsArcConsistentAndEqualsTheNaiveFixpoint() {
        int partial = 0;
        for (int seed = 0; seed < 20; seed++) {
            for (int[] nm : new int[][] {{1, 5}, {2, 3}, {12, 8}, {40, 20}, {90, 30}}) {
                Acp.Problem p = Acp.problem(nm[0], nm[1], seed);
                boolean[][] d = Acp.solve(p).domains();
                assertTrue(Acp.arcConsistent(p, d), nm[0] + "x" + nm[1] + " seed " + seed);
                boolean[][] naive = naiveFixpoint(p);
                for (int i = 0; i < p.n(); i++) {
                    assertArrayEquals(naive[i], d[i], "variable " + i + " of " + nm[0] + "x" + nm[1]);
                }
                int l = left(d);
                partial += l > 0 && l < p.n() * p.m() ? 1 : 0;
            }
        }
        assertTrue(partial > 20, "instances where some but not all values go: " + partial);
    }

    @Test
    void theFullMatrixIsNotArcConsistentWhenSomeValueLacksSupport() {
        Acp.Problem p = Acp.problem(40, 20, 3);
        boolean[][] full = Acp.fullDomains(p);
        boolean[][] d = Acp.solve(p).domains();
        assertTrue(left(d) < 40 * 20);
        assertTrue(!Acp.arcConsistent(p, full));
    }

    @Test
    void constraintsAreSymmetricWithTransposedRelations() {
        Acp.Problem p = Acp.problem(100, 12, 7);
        int arcs = 0;
        for (int i = 0; i < p.n(); i++) {
            for (int k = 0; k < p.neighbors()[i].length; k++) {
                int j = p.neighbors()[i][k];
                int back = -1;
                for (int q = 0; q < p.neighbors()[j].length; q++) {
                    back = p.neighbors()[j][q] == i ? q : back;
                }
                assertTrue(back >= 0, "arc " + i + "-" + j + " has its reverse");
                assertEquals(p.relation()[i][k] ^ 1, p.relation()[j][back]);
                arcs++;
            }
        }
        assertEquals(100 * Acp.DEGREE, arcs);
    }
}
