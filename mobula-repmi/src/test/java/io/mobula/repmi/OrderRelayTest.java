package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.pool.BinomialTree;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The routing of the sequencer's orders along the relay tree ({@link OrderRelay#route}), walked as the replicas run
 * it: the sequencer routes over the whole pool rotated to its rank, each replica over the range it was sent with the
 * order ({@link RelaySubtree}). Every replica gets each order exactly once, the sequencer sends at most
 * {@code ceil(log2 P)}, no chain is longer than that; with replicas that cannot be reached, the next replica of their
 * range stands in and every live replica still gets it once; and the tree stays put while processes join. A write's
 * payload goes down the same tree rooted at its writer ({@link OrderRelay#publish}), to every replica but the sequencer.
 */
class OrderRelayTest {

    /** What walking one order through the tree gave: who got it, from whom, and the sends and depth. */
    record Walk(Map<Integer, Integer> received, Map<Integer, Integer> parent, int rootSends, int maxSends, int depth) {
    }

    /**
     * Walks an order from the sequencer at pool rank {@code sequencer} of a pool of {@code poolSize} over the replicas
     * {@code ranks} (increasing, the sequencer not among them), whose members in {@code dead} never answer.
     */
    private static Walk walk(int sequencer, int poolSize, int[] ranks, Set<Integer> dead) {
        return walkFrom(sequencer, poolSize, dead, link -> OrderRelay.route(
                RelaySubtree.whole(sequencer, poolSize, ranks, ranks.length), 0, poolSize, link));
    }

    /**
     * Walks a message from pool rank {@code root}, whose first sends {@code first} makes, down the tree: each receiver
     * routes over the range it was sent, as a relay does ({@link OrderRelay#relay}, {@link OrderRelay#relayPayload}).
     */
    private static Walk walkFrom(int root, int poolSize, Set<Integer> dead,
            java.util.function.Consumer<OrderRelay.Link> first) {
        Map<Integer, Integer> received = new HashMap<>();
        Map<Integer, Integer> parent = new HashMap<>();
        Map<Integer, Integer> sends = new HashMap<>();
        Map<Integer, Integer> depth = new HashMap<>();
        depth.put(root, 0);
        ArrayDeque<Object[]> todo = new ArrayDeque<>();
        java.util.function.IntFunction<OrderRelay.Link> from = sender -> (rank, below) -> {
            if (dead.contains(rank)) {
                return false;
            }
            assertTrue(RelaySubtree.valid(below, poolSize, rank), "a valid range for " + rank);
            sends.merge(sender, 1, Integer::sum);
            received.merge(rank, 1, Integer::sum);
            parent.put(rank, sender);
            depth.put(rank, depth.get(sender) + 1);
            todo.add(new Object[] {rank, below});
            return true;
        };
        first.accept(from.apply(root));
        while (!todo.isEmpty()) {
            Object[] m = todo.poll();
            int[] subtree = (int[]) m[1];
            if (subtree != null) {
                OrderRelay.route(subtree, subtree[RelaySubtree.RUNS], poolSize, from.apply((Integer) m[0]));
            }
        }
        int max = sends.entrySet().stream().filter(e -> e.getKey() != root).mapToInt(Map.Entry::getValue).max()
                .orElse(0);
        return new Walk(received, parent, sends.getOrDefault(root, 0), max,
                depth.values().stream().mapToInt(Integer::intValue).max().orElse(0));
    }

    private static int log2(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1); // ceil(log2 n)
    }

    private static int[] allBut(int poolSize, int sequencer) {
        return IntStream.range(0, poolSize).filter(r -> r != sequencer).toArray();
    }

    @Test
    void everyReplicaGetsAnOrderOnceInLog2NHops() {
        Random random = new Random(7);
        for (int size = 2; size <= 300; size++) {
            int n = size;
            int sequencer = random.nextInt(n);
            // every rank a replica: exactly the binomial tree over the pool, rotated to the sequencer
            Walk w = walk(sequencer, n, allBut(n, sequencer), Set.of());
            assertEquals(n - 1, w.received().size(), "n = " + n);
            w.received().forEach((rank, times) -> assertEquals(1, times, "rank " + rank + " once, n = " + n));
            assertEquals(log2(n), w.rootSends(), "the sequencer's sends, n = " + n);
            assertTrue(w.maxSends() <= log2(n) - 1, "a relay's sends, n = " + n);
            assertTrue(w.depth() <= log2(n), "the longest chain, n = " + n);
            if (Integer.bitCount(n) == 1) {
                assertEquals(log2(n), w.depth(), "the longest chain, n = " + n);
            }
            for (var e : w.parent().entrySet()) {
                int p = Math.floorMod(e.getKey() - sequencer, n);
                assertEquals(BinomialTree.parent(p), Math.floorMod(e.getValue() - sequencer, n),
                        "rank " + e.getKey() + "'s parent, n = " + n);
            }
            // some ranks no replica (not joined yet, or lost): the others still get it once, as deep at most
            int[] some = IntStream.of(allBut(n, sequencer)).filter(r -> random.nextInt(3) > 0).toArray();
            Walk s = walk(sequencer, n, some, Set.of());
            assertEquals(some.length, s.received().size(), "n = " + n);
            s.received().forEach((rank, times) -> assertEquals(1, times, "rank " + rank + " once, n = " + n));
            assertTrue(s.rootSends() <= log2(n), "the sequencer's sends, n = " + n);
            assertTrue(s.depth() <= log2(n), "the longest chain, n = " + n);
        }
    }

    @Test
    void theTreeStaysPutWhileProcessesJoin() {
        // ranks join one by one in any order; each order goes down the tree of the replicas there. The edges
        // (parent, child) used over the whole formation: close to the final tree's N - 1, not a new set per join
        Random random = new Random(5);
        for (int n : new int[] {16, 64, 256, 1024}) {
            List<Integer> order = new ArrayList<>(IntStream.range(1, n).boxed().toList());
            Collections.shuffle(order, random);
            TreeSet<Integer> replicas = new TreeSet<>();
            Set<Long> edges = new HashSet<>();
            long rootSends = 0;
            for (int joiner : order) {
                replicas.add(joiner);
                Walk w = walk(0, n, replicas.stream().mapToInt(Integer::intValue).toArray(), Set.of());
                assertEquals(replicas.size(), w.received().size());
                assertTrue(w.rootSends() <= log2(n), "the sequencer's sends per order, n = " + n);
                rootSends += w.rootSends();
                w.parent().forEach((child, parent) -> edges.add(((long) parent << 32) | child));
            }
            assertTrue(rootSends <= (long) (n - 1) * log2(n), "the sequencer's sends over the formation, n = " + n);
            assertTrue(edges.size() <= 2L * n, "edges used over the formation at n = " + n + ": " + edges.size());
        }
    }

    @Test
    void aReplicaThatCannotBeReachedIsRoutedAround() {
        Random random = new Random(11);
        for (int n = 2; n <= 200; n++) {
            int[] ranks = allBut(n, 0);
            Set<Integer> dead = new TreeSet<>();
            for (int k = 0; k < 1 + n / 10; k++) {
                dead.add(1 + random.nextInt(n - 1));
            }
            Walk w = walk(0, n, ranks, dead);
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
    void aPayloadGoesDownTheWritersTreeToEveryReplicaButTheSequencer() {
        Random random = new Random(13);
        for (int n = 2; n <= 300; n++) {
            int size = n;
            int writer = random.nextInt(n);
            int sequencer = random.nextInt(n);
            // the writer's list: itself first, then the live replicas in increasing rank order (some not joined)
            int[] others = IntStream.range(0, n).filter(r -> r != writer && random.nextInt(4) > 0).toArray();
            int[] to = IntStream.concat(IntStream.of(writer), IntStream.of(others)).toArray();
            Set<Integer> dead = new TreeSet<>();
            if (n > 8) {
                dead.add(others[random.nextInt(others.length)]);
            }
            for (int relayFrom : new int[] {2, 16}) {
                Walk w = walkFrom(writer, size, dead, link -> OrderRelay.publish(to, sequencer, size, relayFrom, link));
                for (int r : others) {
                    if (r == sequencer || dead.contains(r)) {
                        assertFalse(w.received().containsKey(r), "rank " + r + ": the sequencer or dead, n = " + n);
                    } else {
                        assertEquals(1, w.received().get(r), "rank " + r + " once, n = " + n + ", writer " + writer
                                + ", sequencer " + sequencer + ", dead " + dead);
                    }
                }
                assertFalse(w.received().containsKey(writer), "the writer holds its own copy");
                if (to.length + 1 < relayFrom) {
                    assertTrue(w.depth() <= 1, "below the threshold the writer sends to each itself, n = " + n);
                } else {
                    assertTrue(w.rootSends() <= log2(n), "the writer's sends, n = " + n + ": " + w.rootSends());
                    assertTrue(w.maxSends() <= log2(n) - 1, "a relay's sends, n = " + n);
                    assertTrue(w.depth() <= log2(n), "the longest chain, n = " + n);
                }
            }
        }
    }

    @Test
    void aRangeListsReplicasCompactlyByPosition() {
        // a pool of 10, the sequencer at rank 6: positions 1.. are ranks 7, 8, 9, 0, 1, ...
        int[] whole = RelaySubtree.whole(6, 10, new int[] {0, 1, 2, 3, 5, 7, 8}, 7);
        assertArrayEquals(new int[] {6, 10, 1, 2, 4, 4, 9, 1}, whole);
        assertEquals(4, RelaySubtree.firstAtLeast(whole, 3));
        assertEquals(9, RelaySubtree.firstAtLeast(whole, 8));
        assertEquals(-1, RelaySubtree.firstAtLeast(whole, 10));
        assertEquals(3, RelaySubtree.rank(6, 7, 10));
        // positions 4 to 8 (ranks 0 to 3), listed from 5, rooted at position 4 (rank 0)
        assertArrayEquals(new int[] {0, 4, 1, 3}, RelaySubtree.sub(whole, 0, 4, 5, 8));
        assertNull(RelaySubtree.sub(whole, 5, 9, 9, 10), "a leaf relays to nobody");
        int[] all = RelaySubtree.whole(0, 256, allBut(256, 0), 255);
        assertEquals(4, all.length, "every other rank of 256: one run");
    }

    @Test
    void aRangeFromTheNetworkIsCheckedBeforeItIsRelayed() {
        assertTrue(RelaySubtree.valid(null, 4, 1));
        assertTrue(RelaySubtree.valid(new int[] {0, 4, 1, 3}, 4, 1));
        assertTrue(RelaySubtree.valid(new int[] {3, 2, 0, 2}, 4, 3));
        assertFalse(RelaySubtree.valid(new int[] {0, 4, 1, 3}, 4, 2), "sent to another rank than its first");
        assertFalse(RelaySubtree.valid(new int[] {0, 4, 1}, 4, 1), "odd length");
        assertFalse(RelaySubtree.valid(new int[] {0, 4}, 4, 0), "no replica");
        assertFalse(RelaySubtree.valid(new int[] {0, 4, 1, 4}, 4, 1), "past the range");
        assertFalse(RelaySubtree.valid(new int[] {0, 5, 1, 1}, 4, 1), "a range larger than the pool");
        assertFalse(RelaySubtree.valid(new int[] {4, 4, 1, 1}, 4, 1), "a root outside the pool");
        assertFalse(RelaySubtree.valid(new int[] {0, 4, 2, 1, 1, 1}, 4, 2), "not increasing: a rank twice, a loop");
        assertFalse(RelaySubtree.valid(new int[] {0, 4, 1, 0}, 4, 1), "an empty run");
        assertFalse(RelaySubtree.valid(new int[] {0, 4, -1, 2}, 4, 3), "a negative position");
        assertFalse(RelaySubtree.valid(new int[] {0, 2, 0, 1, 1, 1, 1, 1}, 2, 0), "longer than the pool");
        assertFalse(RelaySubtree.valid(new int[] {0, 4, 1, Integer.MAX_VALUE}, 4, 1), "an overflowing count");
    }
}
