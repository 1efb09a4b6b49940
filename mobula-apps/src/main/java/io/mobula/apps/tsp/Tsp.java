package io.mobula.apps.tsp;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The travelling salesperson problem by branch and bound (thesis 2.5.3): the shortest tour from city 0 through every
 * city and back. The search space is cut into jobs, each a fixed prefix of three cities; a job searches every
 * continuation depth first, nearest city first, and prunes a partial tour that cannot beat the best tour known.
 */
public final class Tsp {
    /** Cities fixed by a job: city 0 and two more. */
    static final int PREFIX = 3;
    /** How many tour extensions the search makes between two looks at the shared bound. */
    static final int BOUND_INTERVAL = 256;

    private Tsp() {
    }

    /** Where the best length known comes from and goes to: local in the sequential version, shared in the others. */
    public interface Bound {
        /** The best tour length known, anywhere. */
        int get() throws Exception;

        /** A tour of {@code length} was found here (shorter than {@link #get} returned). */
        void offer(int length) throws Exception;
    }

    /** A problem: the distances and, for each city, the other cities nearest first. */
    public record Problem(int[][] dist, int[][] nearest, int minEdge) {
        /** The number of cities. */
        public int cities() {
            return dist.length;
        }

        /** The number of jobs. */
        public int jobs() {
            return (cities() - 1) * (cities() - 2);
        }
    }

    /** {@code n} cities at random points of a 1000 x 1000 square, rounded Euclidean distances, from {@code seed}. */
    public static Problem problem(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] x = new int[n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextInt(1000);
            y[i] = rnd.nextInt(1000);
        }
        int[][] d = new int[n][n];
        int min = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                d[i][j] = (int) Math.round(Math.hypot(x[i] - x[j], y[i] - y[j]));
                if (i != j) {
                    min = Math.min(min, d[i][j]);
                }
            }
        }
        int[][] nearest = new int[n][];
        for (int i = 0; i < n; i++) {
            int from = i;
            nearest[i] = java.util.stream.IntStream.range(0, n).filter(j -> j != from).boxed()
                    .sorted((a, b) -> d[from][a] != d[from][b] ? Integer.compare(d[from][a], d[from][b])
                            : Integer.compare(a, b))
                    .mapToInt(Integer::intValue).toArray();
        }
        return new Problem(d, nearest, n > 1 ? min : 0);
    }

    /** The best tour found by the jobs one searcher ran: {@code length}, and the tour (null if none beat the bound). */
    public static final class Searcher {
        private final Problem p;
        private final Bound bound;
        private final int[] path;
        private final boolean[] visited;
        private int best;
        private int[] bestTour;
        private int sinceLook;

        /** A searcher sharing {@code bound}. */
        public Searcher(Problem p, Bound bound) {
            this.p = p;
            this.bound = bound;
            this.path = new int[p.cities()];
            this.visited = new boolean[p.cities()];
            this.best = Integer.MAX_VALUE;
        }

        /** Searches job {@code j}: all tours starting 0, a, b for the j-th pair (a, b) of distinct cities. */
        public void job(int j) throws Exception {
            int n = p.cities();
            int a = 1 + j / (n - 2);
            int b = 1 + j % (n - 2);
            if (b >= a) {
                b++;
            }
            Arrays.fill(visited, false);
            path[0] = 0;
            path[1] = a;
            path[2] = b;
            visited[0] = visited[a] = visited[b] = true;
            best = Math.min(best, bound.get());
            search(PREFIX, p.dist()[0][a] + p.dist()[a][b]);
        }

        private void search(int depth, int length) throws Exception {
            int n = p.cities();
            if (++sinceLook >= BOUND_INTERVAL) {
                sinceLook = 0;
                best = Math.min(best, bound.get());
            }
            // a lower bound: the edges still to come are at least the shortest edge each
            if (length + (n - depth + 1) * p.minEdge() >= best) {
                return;
            }
            int last = path[depth - 1];
            if (depth == n) {
                int total = length + p.dist()[last][0];
                if (total < best) {
                    best = total;
                    bestTour = path.clone();
                    bound.offer(total);
                }
                return;
            }
            for (int c : p.nearest()[last]) {
                if (!visited[c]) {
                    visited[c] = true;
                    path[depth] = c;
                    search(depth + 1, length + p.dist()[last][c]);
                    visited[c] = false;
                }
            }
        }

        /** The best tour this searcher found, as {length, cities...}, or {Integer.MAX_VALUE} if none. */
        public int[] result() {
            if (bestTour == null) {
                return new int[] {Integer.MAX_VALUE};
            }
            int[] r = new int[bestTour.length + 1];
            r[0] = tourLength(p, bestTour);
            System.arraycopy(bestTour, 0, r, 1, bestTour.length);
            return r;
        }
    }

    /** The length of the closed tour {@code tour}; throws IllegalArgumentException if it is not a tour from city 0. */
    public static int tourLength(Problem p, int[] tour) {
        int n = p.cities();
        if (tour.length != n || tour[0] != 0) {
            throw new IllegalArgumentException("not a tour of " + n + " cities from city 0: " + Arrays.toString(tour));
        }
        boolean[] seen = new boolean[n];
        int len = 0;
        for (int i = 0; i < n; i++) {
            int c = tour[i];
            if (c < 0 || c >= n || seen[c]) {
                throw new IllegalArgumentException("city " + c + " repeated or out of range: " + Arrays.toString(tour));
            }
            seen[c] = true;
            len += p.dist()[c][tour[(i + 1) % n]];
        }
        return len;
    }

    /** The sequential search: every job in order, one local bound. Returns {length, tour...}. */
    public static int[] solve(Problem p) throws Exception {
        int[] best = {Integer.MAX_VALUE};
        Searcher s = new Searcher(p, new Bound() {
            @Override
            public int get() {
                return best[0];
            }

            @Override
            public void offer(int length) {
                best[0] = Math.min(best[0], length);
            }
        });
        for (int j = 0; j < p.jobs(); j++) {
            s.job(j);
        }
        return s.result();
    }
}
