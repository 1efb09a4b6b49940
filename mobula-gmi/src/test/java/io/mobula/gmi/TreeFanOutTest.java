package io.mobula.gmi;

import io.mobula.pool.BinomialTree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
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
            RuntimeException r = TreeFanOut.send(at, n, tree, adopt, to -> {
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
        TreeFanOut.send(0, 16, true, false, order::add, (p, e) -> { });
        assertEquals(List.of(8, 4, 2, 1), order);
        order.clear();
        TreeFanOut.send(8, 16, true, false, order::add, (p, e) -> { });
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
        RuntimeException r = TreeFanOut.send(0, 8, false, true, p -> {
            if (p >= 5) {
                throw p == 7 ? gone : new GroupBrokenException("later", null);
            }
        }, (p, e) -> { });
        assertSame(gone, r, "the farthest is sent to first, so its failure is the first");
    }
}
