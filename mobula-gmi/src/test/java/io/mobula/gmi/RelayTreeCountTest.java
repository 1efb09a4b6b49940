package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.mobula.pool.BinomialTree;
import org.junit.jupiter.api.Test;

/**
 * The counts behind the relay threshold ({@code mobula.gmi.relayFrom}, docs/GMI.md): a broadcast from rank 0 to the
 * members 0..N-1 of a group with one member per process, member 0 in the invoker's process (SPMD, as the benchmarks
 * and applications run), walked the way the runtime sends it: flat, the invoker sends to every other member; along
 * the tree, member 0 runs in the invoker's process and every member forwards to its children
 * ({@link BinomialTree#children}, as {@code MemberSide.relay} does). Counted: network messages the invoker's process
 * sends, the most any other process sends, all messages, and the longest chain of messages to a member.
 */
class RelayTreeCountTest {

    /** {invoker sends, most another process sends, total, longest chain}. */
    static int[] flat(int n) {
        return new int[] {n - 1, 0, n - 1, n > 1 ? 1 : 0};
    }

    static int[] tree(int n) {
        int[] sends = new int[n];
        int[] depth = new int[n];
        int maxDepth = 0;
        for (int p = 0; p < n; p++) { // parents come before their children (a child is its parent plus 2^k)
            for (int c : BinomialTree.children(p, n)) {
                sends[p]++;
                depth[c] = depth[p] + 1;
                maxDepth = Math.max(maxDepth, depth[c]);
            }
        }
        int others = 0;
        int total = 0;
        for (int p = 0; p < n; p++) {
            total += sends[p];
            if (p > 0) {
                others = Math.max(others, sends[p]);
            }
        }
        return new int[] {sends[0], others, total, maxDepth};
    }

    @Test
    void theTableInTheDocs() {
        assertArrayEquals(new int[] {1, 0, 1, 1}, flat(2));
        assertArrayEquals(new int[] {1, 0, 1, 1}, tree(2));
        assertArrayEquals(new int[] {3, 0, 3, 1}, flat(4));
        assertArrayEquals(new int[] {2, 1, 3, 2}, tree(4));
        assertArrayEquals(new int[] {7, 0, 7, 1}, flat(8));
        assertArrayEquals(new int[] {3, 2, 7, 3}, tree(8));
        assertArrayEquals(new int[] {15, 0, 15, 1}, flat(16));
        assertArrayEquals(new int[] {4, 3, 15, 4}, tree(16));
        assertArrayEquals(new int[] {31, 0, 31, 1}, flat(32));
        assertArrayEquals(new int[] {5, 4, 31, 5}, tree(32));
    }
}
