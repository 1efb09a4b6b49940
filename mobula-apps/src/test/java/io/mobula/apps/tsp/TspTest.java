package io.mobula.apps.tsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Branch and bound against brute force over every permutation, and the tour check. */
class TspTest {
    private static int bruteForce(Tsp.Problem p) {
        int n = p.cities();
        int[] rest = new int[n - 1];
        for (int i = 0; i < n - 1; i++) {
            rest[i] = i + 1;
        }
        return permute(p, rest, 0);
    }

    private static int permute(Tsp.Problem p, int[] a, int k) {
        if (k == a.length) {
            int[] tour = new int[a.length + 1];
            System.arraycopy(a, 0, tour, 1, a.length);
            return Tsp.tourLength(p, tour);
        }
        int best = Integer.MAX_VALUE;
        for (int i = k; i < a.length; i++) {
            int t = a[k];
            a[k] = a[i];
            a[i] = t;
            best = Math.min(best, permute(p, a, k + 1));
            a[i] = a[k];
            a[k] = t;
        }
        return best;
    }

    @Test
    void branchAndBoundFindsTheBruteForceOptimum() throws Exception {
        for (int n = 4; n <= 9; n++) {
            for (long seed = 1; seed <= 3; seed++) {
                Tsp.Problem p = Tsp.problem(n, seed * 31 + n);
                int[] r = Tsp.solve(p);
                assertEquals(bruteForce(p), r[0], n + " cities, seed " + seed);
                assertEquals(r[0], Tsp.tourLength(p, Arrays.copyOfRange(r, 1, r.length)));
            }
        }
    }

    @Test
    void jobsCoverEveryPrefixOnce() {
        Tsp.Problem p = Tsp.problem(7, 5);
        assertEquals(30, p.jobs());
        // a searcher with an unbeatable bound visits nothing, so only the prefix decoding is exercised
        java.util.Set<String> seen = new java.util.HashSet<>();
        int n = p.cities();
        for (int j = 0; j < p.jobs(); j++) {
            int a = 1 + j / (n - 2);
            int b = 1 + j % (n - 2);
            if (b >= a) {
                b++;
            }
            assertEquals(true, a != b && b < n && seen.add(a + "," + b), "job " + j);
        }
    }

    @Test
    void compareRejectsAWrongLengthAndAnInvalidTour() {
        Tsp.Problem p = TspKernel.INSTANCE.problem(new int[] {6});
        int[] good = TspKernel.INSTANCE.sequential(p);
        assertEquals(null, TspKernel.INSTANCE.compare(p, good, good.clone()));
        int[] longer = good.clone();
        longer[0]++;
        assertEquals(true, TspKernel.INSTANCE.compare(p, good, longer).startsWith("best length"));
        int[] repeated = good.clone();
        repeated[2] = repeated[3];
        assertEquals(true, TspKernel.INSTANCE.compare(p, good, repeated) != null);
        assertThrows(IllegalArgumentException.class, () -> TspKernel.INSTANCE.problem(new int[] {3}));
    }
}
