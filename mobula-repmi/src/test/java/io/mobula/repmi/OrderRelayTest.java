package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The routing of the sequencer's orders along the relay tree ({@link OrderRelay#route}), walked as the replicas run
 * it: the sequencer routes over the list of replicas, each replica routes over the list it was sent with the order.
 * Every replica gets each order exactly once, the sequencer sends {@code ceil(log2 N)}, no chain is longer than that;
 * with replicas that cannot be reached, their parents route around them and every live replica still gets it once.
 */
class OrderRelayTest {

    /** What walking one order through the tree gave. */
    record Walk(Map<Integer, Integer> received, int rootSends, int maxSends, int depth) {
    }

    /** Walks an order from the sequencer (rank -1 here) over {@code ranks}, whose members in {@code dead} never answer. */
    private static Walk walk(int[] ranks, Set<Integer> dead) {
        Map<Integer, Integer> received = new HashMap<>();
        Map<Integer, Integer> sends = new HashMap<>();
        Map<Integer, Integer> depth = new HashMap<>();
        depth.put(-1, 0);
        ArrayDeque<Object[]> todo = new ArrayDeque<>();
        todo.add(new Object[] {-1, RankRuns.of(ranks, ranks.length)});
        while (!todo.isEmpty()) {
            Object[] m = todo.poll();
            int from = (Integer) m[0];
            int[] subtree = (int[]) m[1];
            if (subtree == null) {
                continue;
            }
            assertTrue(RankRuns.valid(subtree, 1 << 12), "a valid list");
            OrderRelay.route(subtree, (rank, below) -> {
                if (dead.contains(rank)) {
                    return false;
                }
                sends.merge(from, 1, Integer::sum);
                received.merge(rank, 1, Integer::sum);
                depth.put(rank, depth.get(from) + 1);
                todo.add(new Object[] {rank, below});
                return true;
            });
        }
        int max = sends.entrySet().stream().filter(e -> e.getKey() >= 0).mapToInt(Map.Entry::getValue).max()
                .orElse(0);
        return new Walk(received, sends.getOrDefault(-1, 0), max,
                depth.values().stream().mapToInt(Integer::intValue).max().orElse(0));
    }

    private static int log2(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1); // ceil(log2 n)
    }

    @Test
    void everyReplicaGetsAnOrderOnceInLog2NHops() {
        Random random = new Random(7);
        for (int n = 2; n <= 300; n++) {
            // the replicas other than the sequencer: consecutive ranks, or with holes (lost or not yet joined ones)
            int[] consecutive = new int[n - 1];
            int[] holes = new int[n - 1];
            int r = 0;
            for (int i = 0; i < n - 1; i++) {
                consecutive[i] = i + 1;
                r += 1 + random.nextInt(3);
                holes[i] = r;
            }
            for (int[] ranks : new int[][] {consecutive, holes}) {
                Walk w = walk(ranks, Set.of());
                assertEquals(n - 1, w.received().size(), "n = " + n);
                for (int rank : ranks) {
                    assertEquals(1, w.received().get(rank), "rank " + rank + " once, n = " + n);
                }
                assertEquals(log2(n), w.rootSends(), "the sequencer's sends, n = " + n);
                assertTrue(w.maxSends() <= log2(n) - 1, "a relay's sends, n = " + n);
                assertTrue(w.depth() <= log2(n), "the longest chain, n = " + n);
                if (Integer.bitCount(n) == 1) {
                    assertEquals(log2(n), w.depth(), "the longest chain, n = " + n);
                }
            }
        }
    }

    @Test
    void aReplicaThatCannotBeReachedIsRoutedAround() {
        Random random = new Random(11);
        for (int n = 2; n <= 200; n++) {
            int[] ranks = new int[n - 1];
            for (int i = 0; i < n - 1; i++) {
                ranks[i] = i + 1;
            }
            Set<Integer> dead = new TreeSet<>();
            for (int k = 0; k < 1 + n / 10; k++) {
                dead.add(1 + random.nextInt(n - 1));
            }
            Walk w = walk(ranks, dead);
            for (int rank : ranks) {
                if (dead.contains(rank)) {
                    assertFalse(w.received().containsKey(rank), "rank " + rank + " is dead");
                } else {
                    assertEquals(1, w.received().get(rank), "rank " + rank + " once, n = " + n + ", dead " + dead);
                }
            }
            assertTrue(w.depth() <= log2(n), "no chain longer than the tree's, n = " + n);
        }
    }

    @Test
    void runsListRanksCompactlyAndSliceByIndex() {
        int[] ranks = {1, 2, 3, 5, 6, 9};
        int[] runs = RankRuns.of(ranks, ranks.length);
        assertArrayEquals(new int[] {1, 3, 5, 2, 9, 1}, runs);
        assertEquals(6, RankRuns.size(runs));
        for (int i = 0; i < ranks.length; i++) {
            assertEquals(ranks[i], RankRuns.rank(runs, i));
        }
        assertArrayEquals(new int[] {3, 1, 5, 2}, RankRuns.slice(runs, 2, 5));
        assertArrayEquals(new int[] {6, 1, 9, 1}, RankRuns.slice(runs, 4, 6));
        int[] all = new int[255];
        for (int i = 0; i < all.length; i++) {
            all[i] = i + 1;
        }
        assertEquals(2, RankRuns.of(all, all.length).length, "every other rank of 256: one run");
    }

    @Test
    void aListFromTheNetworkIsCheckedBeforeItIsRelayed() {
        assertTrue(RankRuns.valid(null, 4));
        assertTrue(RankRuns.valid(new int[] {1, 3}, 4));
        assertFalse(RankRuns.valid(new int[] {1}, 4), "odd length");
        assertFalse(RankRuns.valid(new int[] {1, 4}, 4), "past the pool");
        assertFalse(RankRuns.valid(new int[] {2, 1, 1, 1}, 4), "not increasing: a rank twice, a loop");
        assertFalse(RankRuns.valid(new int[] {1, 0}, 4), "an empty run");
        assertFalse(RankRuns.valid(new int[] {-1, 2}, 4), "a negative rank");
        assertFalse(RankRuns.valid(new int[] {0, 1, 1, 1, 2, 1}, 2), "longer than the pool");
        assertFalse(RankRuns.valid(new int[] {1, Integer.MAX_VALUE}, 4), "an overflowing count");
    }
}
