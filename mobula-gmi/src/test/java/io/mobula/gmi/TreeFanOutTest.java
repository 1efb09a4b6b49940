package io.mobula.gmi;

import io.mobula.pool.BinomialTree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * GMI's one fan-out ({@link TreeFanOut}), walked without a network: a message handed out from position 0 and sent on
 * by every position that receives it, as a broadcast's relays and a combined invocation's result travel. Each position
 * gets it once; along the tree no position sends more than ceil(log2 n) and no chain is longer than ceil(log2 n); flat,
 * position 0 sends n - 1 and the chain is 1. A position that cannot be reached cuts off its subtree, unless its
 * children are adopted.
 */
class TreeFanOutTest {

    /** What one fan-out did: receipts and sends per position, each position's depth, failures reported. */
    record Walk(int[] received, int[] sent, int[] depth, List<Integer> failed, RuntimeException rootFailure) {
        int maxDepth() {
            int m = 0;
            for (int d : depth) {
                m = Math.max(m, d);
            }
            return m;
        }

        int maxSent() {
            int m = 0;
            for (int s : sent) {
                m = Math.max(m, s);
            }
            return m;
        }
    }

    /** Hands a message out from position 0 of n; sends to {@code dead} throw. */
    static Walk walk(int n, boolean tree, boolean adopt, int dead) {
        int[] received = new int[n];
        int[] sent = new int[n];
        int[] depth = new int[n];
        List<Integer> failed = new ArrayList<>();
        ArrayDeque<Integer> arrived = new ArrayDeque<>();
        RuntimeException[] root = new RuntimeException[1];
        arrived.add(0);
        boolean first = true;
        while (!arrived.isEmpty()) {
            int at = arrived.poll();
            RuntimeException r = send(at, n, tree, adopt, to -> {
                if (to == dead) {
                    throw new GroupBrokenException("position " + to + " is gone", null);
                }
                sent[at]++;
                received[to]++;
                depth[to] = depth[at] + 1;
                arrived.add(to);
            }, (to, e) -> failed.add(to));
            if (first) {
                root[0] = r;
                first = false;
            }
        }
        return new Walk(received, sent, depth, failed, root[0]);
    }

    /** {@link TreeFanOut#send} with a sender made of two functions (the runtime's are made once and reused). */
    static RuntimeException send(int p, int n, boolean tree, boolean adopt, IntConsumer to,
            BiConsumer<Integer, RuntimeException> failed) {
        return TreeFanOut.send(p, n, tree, adopt, new TreeFanOut.Sender<Object, Object>() {
            @Override
            public void to(Object a, Object b, int position) {
                to.accept(position);
            }

            @Override
            public void failed(Object a, Object b, int position, RuntimeException e) {
                failed.accept(position, e);
            }
        }, null, null);
    }

    static int log2(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1); // ceil(log2 n)
    }

    @Test
    void alongTheTreeEveryPositionGetsItOnceInLog2NHopsWithAtMostLog2NSendsEach() {
        for (int n = 1; n <= 300; n++) {
            Walk w = walk(n, true, false, -1);
            for (int p = 1; p < n; p++) {
                assertEquals(1, w.received()[p], "position " + p + " of " + n);
            }
            assertEquals(0, w.received()[0]);
            assertEquals(log2(n), w.sent()[0], "the root's sends at n = " + n);
            assertEquals(log2(n), w.maxSent(), "the most one position sends at n = " + n);
            int bits = 0; // a position is as deep as it has bits set: its parent clears its lowest
            for (int p = 0; p < n; p++) {
                bits = Math.max(bits, Integer.bitCount(p));
            }
            assertEquals(bits, w.maxDepth(), "the longest chain at n = " + n);
            assertEquals(true, w.maxDepth() <= log2(n), "n = " + n);
            if (Integer.bitCount(n) == 1) {
                assertEquals(log2(n), w.maxDepth(), "n = " + n);
            }
            assertEquals(List.of(), w.failed());
            assertNull(w.rootFailure());
        }
    }

    @Test
    void flatPositionZeroSendsToEveryOtherPositionItself() {
        for (int n = 1; n <= 64; n++) {
            Walk w = walk(n, false, false, -1);
            for (int p = 1; p < n; p++) {
                assertEquals(1, w.received()[p], "position " + p + " of " + n);
            }
            assertEquals(n - 1, w.sent()[0]);
            assertEquals(n - 1, w.maxSent());
            assertEquals(n > 1 ? 1 : 0, w.maxDepth());
        }
    }

    @Test
    void theFarthestChildIsSentToFirst() {
        List<Integer> order = new ArrayList<>();
        send(0, 16, true, false, order::add, (p, e) -> { });
        assertEquals(List.of(8, 4, 2, 1), order);
        order.clear();
        send(8, 16, true, false, order::add, (p, e) -> { });
        assertEquals(List.of(12, 10, 9), order);
        assertArrayEquals(new int[] {1, 2, 3}, TreeFanOut.targets(0, 4, false));
        assertArrayEquals(new int[0], TreeFanOut.targets(2, 4, false));
    }

    @Test
    void anUnreachablePositionCutsOffItsSubtreeUnlessItsChildrenAreAdopted() {
        for (int n : new int[] {16, 17, 32, 100}) {
            for (int dead = 1; dead < n; dead++) {
                int end = BinomialTree.subtreeEnd(dead, n);
                Walk cut = walk(n, true, false, dead);
                for (int p = 1; p < n; p++) {
                    assertEquals(p >= dead && p < end ? 0 : 1, cut.received()[p], "n = " + n + ", position " + p
                            + " with " + dead + " unreachable, not adopted");
                }
                assertEquals(List.of(dead), cut.failed());

                Walk adopted = walk(n, true, true, dead);
                for (int p = 1; p < n; p++) {
                    assertEquals(p == dead ? 0 : 1, adopted.received()[p], "n = " + n + ", position " + p + " with "
                            + dead + " unreachable, adopted");
                }
                assertEquals(List.of(dead), adopted.failed());
                // the parent takes on the dead position's children: at most log2 n more sends, still no chain longer
                assertEquals(true, adopted.maxSent() <= 2 * log2(n), "n = " + n + ", dead " + dead);
                assertEquals(true, adopted.maxDepth() <= log2(n), "n = " + n + ", dead " + dead);
            }
        }
    }

    @Test
    void theSenderLearnsTheFirstFailure() {
        GroupBrokenException gone = new GroupBrokenException("gone", null);
        RuntimeException r = send(0, 8, false, true, p -> {
            if (p >= 5) {
                throw p == 7 ? gone : new GroupBrokenException("later", null);
            }
        }, (p, e) -> { });
        assertSame(gone, r, "the farthest is sent to first, so its failure is the first");
    }

    /** What a scatter along the tree did: each position's own part, messages and data bytes sent per position. */
    record Scatter(byte[][] own, boolean[] ownThrown, int[] received, int[] sent, long[] dataBytes) {
    }

    /**
     * Scatters {@code parts} from position 0 of n along the tree as the runtime does (each position gets its
     * subtree's parts in one message and relays each child its child's subtree's); sends to {@code dead} throw.
     */
    static Scatter scatter(byte[][] parts, boolean[] thrown, boolean adopt, int dead) {
        int n = parts.length;
        byte[][] own = new byte[n][];
        boolean[] ownThrown = new boolean[n];
        int[] received = new int[n];
        int[] sent = new int[n];
        long[] data = new long[n];
        ArrayDeque<Object[]> arrived = new ArrayDeque<>();
        TreeFanOut.Sender<byte[], Integer> sender = new TreeFanOut.Sender<>() {
            @Override
            public void to(byte[] bundle, Integer base, int c) {
                if (c == dead) {
                    throw new GroupBrokenException("position " + c + " is gone", null);
                }
                byte[] slice = SubtreeParts.slice(bundle, c - base, BinomialTree.subtreeEnd(c, n) - base);
                sent[base]++;
                data[base] += slice.length - 4 - 5L * SubtreeParts.count(slice);
                arrived.add(new Object[] {c, slice});
            }

            @Override
            public void failed(byte[] bundle, Integer base, int c, RuntimeException e) {
            }
        };
        TreeFanOut.send(0, n, true, adopt, sender, SubtreeParts.encode(parts, thrown, 0, n), 0);
        while (!arrived.isEmpty()) {
            Object[] a = arrived.poll();
            int at = (Integer) a[0];
            byte[] bundle = (byte[]) a[1];
            assertEquals(BinomialTree.subtreeEnd(at, n) - at, SubtreeParts.check(bundle), "the parts of " + at
                    + "'s subtree");
            received[at]++;
            own[at] = SubtreeParts.part(bundle, 0);
            ownThrown[at] = SubtreeParts.thrown(bundle, 0);
            TreeFanOut.send(at, n, true, adopt, sender, bundle, at);
        }
        return new Scatter(own, ownThrown, received, sent, data);
    }

    static byte[][] parts(int n) {
        byte[][] parts = new byte[n][];
        for (int i = 0; i < n; i++) {
            parts[i] = new byte[1 + i % 4];
            java.util.Arrays.fill(parts[i], (byte) i);
        }
        return parts;
    }

    @Test
    void aScatterGivesEachPositionItsOwnPartWithLog2NSendsEachAndEachPartLog2NHopsAtMost() {
        for (int n = 2; n <= 130; n++) {
            byte[][] parts = parts(n);
            boolean[] thrown = new boolean[n];
            for (int i = 0; i < n; i++) {
                thrown[i] = i % 3 == 1;
            }
            Scatter s = scatter(parts, thrown, false, -1);
            long wantData = 0;
            int maxSent = 0;
            for (int p = 1; p < n; p++) {
                assertEquals(1, s.received()[p], "position " + p + " of " + n);
                assertArrayEquals(parts[p], s.own()[p], "position " + p + " of " + n);
                assertEquals(thrown[p], s.ownThrown()[p], "position " + p + " of " + n);
                // a part travels from position 0 through every ancestor: as many hops as p has bits set
                wantData += (long) parts[p].length * Integer.bitCount(p);
            }
            for (int p = 0; p < n; p++) {
                maxSent = Math.max(maxSent, s.sent()[p]);
            }
            assertEquals(log2(n), s.sent()[0], "position 0's sends at n = " + n);
            assertEquals(log2(n), maxSent, "the most one position sends at n = " + n);
            assertEquals(wantData, java.util.Arrays.stream(s.dataBytes()).sum(), "each part's bytes once per hop at"
                    + " n = " + n);
        }
    }

    @Test
    void aScatterPastAnUnreachablePositionReachesItsSubtreeOnlyWhenAdopted() {
        for (int n : new int[] {16, 17, 33}) {
            byte[][] parts = parts(n);
            for (int dead = 1; dead < n; dead++) {
                int end = BinomialTree.subtreeEnd(dead, n);
                Scatter cut = scatter(parts, null, false, dead);
                Scatter adopted = scatter(parts, null, true, dead);
                for (int p = 1; p < n; p++) {
                    assertEquals(p >= dead && p < end ? 0 : 1, cut.received()[p], "n = " + n + ", " + dead
                            + " unreachable, position " + p);
                    assertEquals(p == dead ? 0 : 1, adopted.received()[p], "n = " + n + ", " + dead
                            + " unreachable and adopted, position " + p);
                    if (p != dead) {
                        assertArrayEquals(parts[p], adopted.own()[p], "n = " + n + ", position " + p);
                    }
                }
            }
        }
    }
}
