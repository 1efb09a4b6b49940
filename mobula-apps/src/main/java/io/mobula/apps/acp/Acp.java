package io.mobula.apps.acp;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The arc consistency program (thesis 3.5.1, 4.4.2): n variables over a domain of m values, binary constraints on
 * some pairs of them, and an n by m matrix of booleans saying which values each variable may still take. A value of
 * a variable goes when some constraint leaves it no supporting value of the other variable; removals repeat until
 * nothing changes. The result, the largest arc-consistent restriction of the domains, is unique whatever the order
 * of the removals, so every version gives the sequential matrix bit for bit.
 */
public final class Acp {
    /** Constraints per variable, on average (each one counts for both its variables). */
    static final int DEGREE = 8;
    /** How many distinct relations the constraints draw from. */
    static final int RELATIONS = 16;

    private Acp() {
    }

    /**
     * An instance. {@code neighbors[i]} are the variables constrained with i; the constraint between i and
     * {@code neighbors[i][k]} allows (a, b) when {@code tables[relation[i][k]][a][b]}, a a value of i and b one of
     * the neighbor. Tables come in pairs: {@code t ^ 1} is the transpose of {@code t}, used from the other side.
     * {@code back[i][k]} is where i stands among the neighbors of {@code neighbors[i][k]}.
     */
    public record Problem(int n, int m, int[][] neighbors, int[][] relation, int[][] back, boolean[][][] tables) {
    }

    /** A random instance of {@code n} variables over {@code m} values from {@code seed}, half the values a core. */
    public static Problem problem(int n, int m, long seed) {
        return problem(n, m, m / 2, seed);
    }

    /**
     * A random instance of {@code n} variables over {@code m} values from {@code seed}. The lowest {@code core} values
     * form a core: each relation maps it onto itself by a permutation, so core values always support each other and
     * survive. Each other value is allowed with up to a third of the non-core values, at random, or, for a small
     * share, with none; those go at once and their removal spreads along the constraints through the non-core values.
     * With a core of at least one value the network stays consistent; without one, removals may empty a domain.
     */
    public static Problem problem(int n, int m, int core, long seed) {
        if (core < 0 || core > m) {
            throw new IllegalArgumentException("the core must be 0.." + m + " values, not " + core);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        boolean[][][] tables = new boolean[2 * RELATIONS][m][m];
        for (int t = 0; t < RELATIONS; t++) {
            int[] perm = permutation(core, rnd);
            for (int a = 0; a < m; a++) {
                if (a < core) {
                    allow(tables, t, a, perm[a]);
                } else if (rnd.nextInt(100) >= 2) {
                    for (int s = 1 + rnd.nextInt(Math.max(1, (m - core) / 3)); s > 0; s--) {
                        allow(tables, t, a, core + rnd.nextInt(m - core));
                    }
                }
            }
        }
        Set<Long> pairs = new HashSet<>();
        int[] degree = new int[n];
        int constraints = n < 2 ? 0 : (int) Math.min((long) n * DEGREE / 2, (long) n * (n - 1) / 2);
        int[][] ends = new int[constraints][3];
        for (int c = 0; c < constraints; ) {
            int i = rnd.nextInt(n);
            int j = rnd.nextInt(n);
            if (i == j || !pairs.add((long) Math.min(i, j) * n + Math.max(i, j))) {
                continue;
            }
            ends[c++] = new int[] {i, j, rnd.nextInt(RELATIONS)};
            degree[i]++;
            degree[j]++;
        }
        int[][] neighbors = new int[n][];
        int[][] relation = new int[n][];
        for (int i = 0; i < n; i++) {
            neighbors[i] = new int[degree[i]];
            relation[i] = new int[degree[i]];
            degree[i] = 0;
        }
        int[][] back = new int[n][];
        for (int i = 0; i < n; i++) {
            back[i] = new int[neighbors[i].length];
        }
        for (int[] e : ends) {
            int k = degree[e[0]]++;
            int q = degree[e[1]]++;
            neighbors[e[0]][k] = e[1];
            relation[e[0]][k] = 2 * e[2];
            back[e[0]][k] = q;
            neighbors[e[1]][q] = e[0];
            relation[e[1]][q] = 2 * e[2] + 1;
            back[e[1]][q] = k;
        }
        return new Problem(n, m, neighbors, relation, back, tables);
    }

    private static void allow(boolean[][][] tables, int t, int a, int b) {
        tables[2 * t][a][b] = true;
        tables[2 * t + 1][b][a] = true;
    }

    private static int[] permutation(int k, SplittableRandom rnd) {
        int[] p = new int[k];
        for (int i = 0; i < k; i++) {
            int j = rnd.nextInt(i + 1);
            p[i] = p[j];
            p[j] = i;
        }
        return p;
    }

    /** The initial matrix: every value allowed. */
    public static boolean[][] fullDomains(Problem p) {
        boolean[][] d = new boolean[p.n()][p.m()];
        for (boolean[] row : d) {
            java.util.Arrays.fill(row, true);
        }
        return d;
    }

    /** Whether value {@code a} of {@code i} has a supporting value in the k-th neighbor's domain. */
    static boolean supported(Problem p, boolean[][] d, int i, int k, int a) {
        boolean[] allowed = p.tables()[p.relation()[i][k]][a];
        boolean[] dj = d[p.neighbors()[i][k]];
        for (int b = 0; b < dj.length; b++) {
            if (dj[b] && allowed[b]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Revises the arc from {@code i} to its k-th neighbor: removes the values of i that constraint leaves without
     * support, adding each removed cell ({@code i * m + a}) to {@code removed} when it is not null; returns whether
     * any went.
     */
    static boolean revise(Problem p, boolean[][] d, int i, int k, Cells removed) {
        boolean changed = false;
        boolean[] di = d[i];
        for (int a = 0; a < di.length; a++) {
            if (di[a] && !supported(p, d, i, k, a)) {
                di[a] = false;
                changed = true;
                if (removed != null) {
                    removed.add(i * p.m() + a);
                }
            }
        }
        return changed;
    }

    /** Queues, on {@code work}, the arcs towards {@code j} of its neighbors: their support may have gone. */
    static void requeue(Problem p, int j, Work work) {
        for (int q = 0; q < p.neighbors()[j].length; q++) {
            work.push(p.neighbors()[j][q], p.back()[j][q]);
        }
    }

    /**
     * The outcome of arc consistency: the arc-consistent matrix, or, when some domain became empty, null (the
     * network is inconsistent; which domain empties first depends on the order of the removals, so it is not part of
     * the result).
     */
    public record Result(boolean[][] domains) {
        /** The result of an inconsistent network. */
        public static final Result INCONSISTENT = new Result(null);

        /** Whether every domain kept a value. */
        public boolean consistent() {
            return domains != null;
        }
    }

    /**
     * What a rank hands back when the run stopped on an empty domain: the variable it found empty, or -1 when
     * another rank found one.
     */
    public record Wipeout(int variable) implements java.io.Serializable {
    }

    /** The sequential algorithm (AC-3 over the arcs), stopping at the first empty domain. */
    public static Result solve(Problem p) {
        boolean[][] d = fullDomains(p);
        Work work = new Work(p, 0, p.n());
        work.pushAll();
        while (!work.isEmpty()) {
            int i = work.popVariable();
            if (revise(p, d, i, work.popArc(), null)) {
                if (empty(d[i])) {
                    return Result.INCONSISTENT;
                }
                requeue(p, i, work);
            }
        }
        return new Result(d);
    }

    /** Whether a domain has no value left. */
    static boolean empty(boolean[] domain) {
        for (boolean b : domain) {
            if (b) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code d} is arc consistent: every remaining value has a support in every constraint. */
    public static boolean arcConsistent(Problem p, boolean[][] d) {
        for (int i = 0; i < p.n(); i++) {
            for (int a = 0; a < p.m(); a++) {
                for (int k = 0; d[i][a] && k < p.neighbors()[i].length; k++) {
                    if (!supported(p, d, i, k, a)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** First variable of rank {@code r} of {@code size}: rank r owns variables {@code lo(r) ..< lo(r + 1)}. */
    public static int lo(int n, int size, int r) {
        return (int) ((long) r * n / size);
    }

    /**
     * A queue of the arcs of the variables in {@code lo ..< hi} still to revise, each queued at most once: an arc is
     * a variable i and the index k of one of its neighbors.
     */
    static final class Work {
        private final Problem p;
        private final int lo;
        private final int hi;
        private final boolean[][] queued;
        private final int[] vars;
        private final int[] arcs;
        private int head;
        private int size;
        private int arc;

        Work(Problem p, int lo, int hi) {
            this.p = p;
            this.lo = lo;
            this.hi = hi;
            this.queued = new boolean[hi - lo][];
            int total = 0;
            for (int i = lo; i < hi; i++) {
                queued[i - lo] = new boolean[p.neighbors()[i].length];
                total += queued[i - lo].length;
            }
            this.vars = new int[Math.max(1, total)];
            this.arcs = new int[vars.length];
        }

        /** Queues every arc in range. */
        void pushAll() {
            for (int i = lo; i < hi; i++) {
                for (int k = 0; k < p.neighbors()[i].length; k++) {
                    push(i, k);
                }
            }
        }

        /** Queues arc {@code (i, k)} if i is in range and the arc is not queued yet. */
        void push(int i, int k) {
            if (i >= lo && i < hi && !queued[i - lo][k]) {
                queued[i - lo][k] = true;
                int at = (head + size++) % vars.length;
                vars[at] = i;
                arcs[at] = k;
            }
        }

        /** Takes the next arc off the queue; returns its variable, {@link #popArc} its neighbor's index. */
        int popVariable() {
            int i = vars[head];
            arc = arcs[head];
            queued[i - lo][arc] = false;
            head = (head + 1) % vars.length;
            size--;
            return i;
        }

        /** The neighbor index of the arc {@link #popVariable} took. */
        int popArc() {
            return arc;
        }

        boolean isEmpty() {
            return size == 0;
        }
    }

    /** A growable list of removed cells. */
    static final class Cells {
        private int[] cells = new int[16];
        private int size;

        void add(int c) {
            if (size == cells.length) {
                cells = java.util.Arrays.copyOf(cells, size * 2);
            }
            cells[size++] = c;
        }

        /** How many cells were added since the last drain. */
        int size() {
            return size;
        }

        /** The cells added since the last call, and forgets them. */
        int[] drain() {
            int[] out = java.util.Arrays.copyOf(cells, size);
            size = 0;
            return out;
        }
    }
}
