package io.mobula.apps.barnes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.Mailbox;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The ranks with locally essential trees, emulated in threads: the sequential result, and what they send. */
class BarnesRanksTest {
    /** The result of an emulated run, and the most bytes a rank sent in a step. */
    private record Run(Barnes.State state, long mostBytesPerStep) {
    }

    private static Run emulate(Barnes.Problem p, int size) throws Exception {
        Mailbox mail = new Mailbox();
        long[] mostBytes = new long[size];
        ExecutorService pool = Executors.newFixedThreadPool(size);
        try {
            List<Future<BarnesRanks>> ranks = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                int rank = r;
                ranks.add(pool.submit(() -> {
                    BarnesRanks me = new BarnesRanks(p, rank, size);
                    BarnesRanks.Exchange exchange = (step, phase, out) -> {
                        for (int to = 0; to < size; to++) {
                            if (to != rank) {
                                mail.put(key(step, phase, rank, to, size), out[to]);
                            }
                        }
                        BarnesRanks.Parcel[] in = new BarnesRanks.Parcel[size];
                        for (int from = 0; from < size; from++) {
                            if (from != rank) {
                                in[from] = (BarnesRanks.Parcel) mail.take(key(step, phase, from, rank, size), "m");
                            }
                        }
                        return in;
                    };
                    long most = 0;
                    for (int s = 0; s < p.steps(); s++) {
                        long before = me.bytesSent();
                        me.step(s, exchange);
                        most = Math.max(most, me.bytesSent() - before);
                    }
                    mostBytes[rank] = most;
                    return me;
                }));
            }
            List<Serializable> parts = new ArrayList<>();
            for (Future<BarnesRanks> f : ranks) {
                parts.add(f.get(60, TimeUnit.SECONDS).part());
            }
            long most = 0;
            for (long b : mostBytes) {
                most = Math.max(most, b);
            }
            return new Run(BarnesKernel.INSTANCE.assemble(p, parts), most);
        } finally {
            pool.shutdownNow();
        }
    }

    private static long key(int step, int phase, int from, int to, int size) {
        return (((long) step * BarnesRanks.PHASES + phase) * size + from) * size + to;
    }

    @Test
    void essentialTreesGiveTheSequentialResultBitForBit() throws Exception {
        Barnes.Problem p = Barnes.problem(3000, 3, 5);
        Barnes.State expected = Barnes.run(p);
        for (int size = 2; size <= 4; size++) {
            Run run = emulate(p, size);
            assertNull(BarnesKernel.INSTANCE.compare(p, expected, run.state()), size + " ranks");
        }
    }

    @Test
    void ranksWithoutBodiesAndSingleBodiesWork() throws Exception {
        for (int n = 1; n <= 5; n += 2) {
            Barnes.Problem p = Barnes.problem(n, 3, 6);
            assertNull(BarnesKernel.INSTANCE.compare(p, Barnes.run(p), emulate(p, 4).state()), n + " bodies");
        }
    }

    @Test
    void clusteredBodiesGiveTheSequentialResultBitForBit() throws Exception {
        Barnes.Problem p = clusters(2000, 2);
        assertNull(BarnesKernel.INSTANCE.compare(p, Barnes.run(p), emulate(p, 4).state()));
    }

    /** Four ranks send far less than their bodies to every other rank (what the simplified version sent). */
    @Test
    void ranksSendOnlyWhatIsEssential() throws Exception {
        int n = 6000;
        long allBodies = 48L * (n / 4) * 3; // a quarter of the bodies, positions and velocities, to three ranks
        long uniform = emulate(Barnes.problem(n, 2, 7), 4).mostBytesPerStep();
        long clustered = emulate(clusters(n, 2), 4).mostBytesPerStep();
        assertTrue(uniform < allBodies / 2, "uniform: " + uniform + " bytes of " + allBodies);
        // the split by cost cuts into a clump, whose owners then need most of each other's bodies there
        assertTrue(clustered < allBodies / 5, "clustered: " + clustered + " bytes of " + allBodies);
    }

    /** {@code n} bodies in four clumps of radius 0.05 at the corners of a tetrahedron of side about 3. */
    private static Barnes.Problem clusters(int n, int steps) {
        SplittableRandom rnd = new SplittableRandom(8);
        double[][] centres = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
        double[] pos = new double[3 * n];
        double[] vel = new double[3 * n];
        double[] mass = new double[n];
        for (int i = 0; i < n; i++) {
            double[] c = centres[i % 4];
            for (int d = 0; d < 3; d++) {
                pos[3 * i + d] = c[d] + rnd.nextDouble(-0.05, 0.05);
                vel[3 * i + d] = rnd.nextDouble(-0.01, 0.01);
            }
            mass[i] = 1.0 / n;
        }
        return new Barnes.Problem(pos, vel, mass, steps);
    }

    @Test
    void aPartWithABodyTwiceOrAWrongPositionFails() throws Exception {
        Barnes.Problem p = Barnes.problem(40, 1, 12);
        List<Serializable> parts = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            BarnesRanks me = new BarnesRanks(p, r, 2);
            parts.add(me.part());
        }
        Barnes.State start = BarnesKernel.INSTANCE.assemble(p, parts);
        assertNull(BarnesKernel.INSTANCE.compare(p, new Barnes.State(p.position(), p.velocity()), start));
        double[] twice = ((double[]) parts.get(1)).clone();
        int count = twice.length / 7;
        twice[6 * count] = ((double[]) parts.get(0))[6 * (((double[]) parts.get(0)).length / 7)];
        assertThrows(IllegalStateException.class, () -> BarnesKernel.INSTANCE.assemble(p, List.of(parts.get(0),
                twice)));
        double[] moved = ((double[]) parts.get(1)).clone();
        moved[0] = Math.nextUp(moved[0]);
        assertTrue(BarnesKernel.INSTANCE.compare(p, start, BarnesKernel.INSTANCE.assemble(p, List.of(parts.get(0),
                moved))).contains("differs"));
    }

    @Test
    void aBodyOutsideTheBoxTheCellsWereSentForIsCaught() {
        Barnes.Problem p = Barnes.problem(200, 0, 9);
        double[] root = Octree.root(Octree.bounds(p.position(), 200));
        long[] keys = new long[200];
        for (int i = 0; i < 200; i++) {
            keys[i] = Octree.key(root, p.position()[3 * i], p.position()[3 * i + 1], p.position()[3 * i + 2]);
        }
        Octree own = new Octree(root, p.position(), p.mass(), 200);
        own.summarize();
        int[] depths = new int[Zones.maxRoots()];
        long[] paths = new long[Zones.maxRoots()];
        int roots = Zones.roots(0, Octree.KEY_END, depths, paths);
        Essentials.Writer w = new Essentials.Writer();
        Essentials.write(own, p.position(), p.mass(), keys, depths, paths, roots, new double[] {5, 5, 5, 6, 6, 6},
                w);
        Essentials.Received received = new Essentials.Received();
        received.read(w.tags(), w.values(), depths, paths, roots);
        assertTrue(received.bodies() < 20, "far away, the cells go closed: " + received.bodies() + " bodies");
        // a receiver whose body lies among those cells: its tree cannot be built, or its walk opens a closed cell
        double[] pos = new double[3 * (1 + received.bodies())];
        double[] mass = new double[1 + received.bodies()];
        mass[0] = 1;
        received.copyBodies(pos, mass, 1);
        assertThrows(IllegalStateException.class, () -> {
            Octree tree = new Octree(root, pos, mass, pos.length / 3);
            received.pinCells(tree);
            tree.summarize();
            tree.acceleration(0, Barnes.THETA, Barnes.EPS, new double[3]);
        });
        // and a message cut short or with bytes left over is refused
        byte[] tags = w.tags();
        assertThrows(IllegalArgumentException.class, () -> new Essentials.Received().read(
                java.util.Arrays.copyOf(tags, tags.length - 1), w.values(), depths, paths, roots));
        assertThrows(IllegalArgumentException.class, () -> new Essentials.Received().read(
                tags, java.util.Arrays.copyOf(w.values(), w.values().length + 1), depths, paths, roots));
    }

    @Test
    void rootsCoverARangeExactly() {
        SplittableRandom rnd = new SplittableRandom(10);
        int[] depths = new int[Zones.maxRoots()];
        long[] paths = new long[Zones.maxRoots()];
        for (int t = 0; t < 1000; t++) {
            long a = rnd.nextLong(Octree.KEY_END);
            long b = t % 3 == 0 ? Octree.KEY_END : rnd.nextLong(Octree.KEY_END);
            long lo = Math.min(a, b);
            long hi = Math.max(a, b);
            int n = Zones.roots(lo, hi, depths, paths);
            long at = lo;
            for (int j = 0; j < n; j++) {
                int free = Octree.KEY_DEPTH - depths[j];
                assertEquals(at, paths[j] << (3 * free), "roots follow each other");
                if (free < Octree.KEY_DEPTH) { // the largest such cells: the parent reaches out of the range
                    long parent = at & -(1L << (3 * (free + 1)));
                    assertTrue(parent < lo || parent + (1L << (3 * (free + 1))) > hi, "root " + j + " is largest");
                }
                at += 1L << (3 * free);
            }
            assertEquals(hi, at, "roots end at the range's end");
        }
    }

    @Test
    void theSplitBalancesTheWeights() {
        long[][] keys = new long[3][];
        double[][] weights = new double[3][];
        SplittableRandom rnd = new SplittableRandom(11);
        for (int r = 0; r < 3; r++) {
            long[] k = rnd.longs(1000, 0, Octree.KEY_END).sorted().toArray();
            double[] w = new double[1000];
            java.util.Arrays.fill(w, 1);
            long[] firstKeys = new long[Zones.SAMPLES];
            double[] runWeights = new double[Zones.SAMPLES];
            int runs = Zones.sample(k, w, 1000, firstKeys, runWeights);
            keys[r] = java.util.Arrays.copyOf(firstKeys, runs);
            weights[r] = java.util.Arrays.copyOf(runWeights, runs);
        }
        long[] bounds = Zones.bounds(keys, weights, 4);
        assertEquals(0, bounds[0]);
        assertEquals(Octree.KEY_END, bounds[4]);
        for (int r = 0; r < 4; r++) {
            assertTrue(bounds[r] <= bounds[r + 1]);
            assertEquals(r, Zones.owner(bounds, bounds[r]), "rank " + r + " owns its first key");
        }
    }
}
