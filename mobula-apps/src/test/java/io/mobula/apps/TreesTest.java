package io.mobula.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/** The binomial tree reaches every rank exactly once from every root, in about log2(size) levels. */
class TreesTest {
    @Test
    void everyRankIsReachedOnceFromEveryRoot() {
        for (int size = 1; size <= 33; size++) {
            for (int root = 0; root < size; root++) {
                int[] reached = new int[size];
                reached[root]++;
                Deque<int[]> todo = new ArrayDeque<>();
                todo.add(new int[] {root, 0});
                int depth = 0;
                while (!todo.isEmpty()) {
                    int[] e = todo.poll();
                    depth = Math.max(depth, e[1]);
                    for (int c : Trees.children(root, e[0], size)) {
                        reached[c]++;
                        todo.add(new int[] {c, e[1] + 1});
                    }
                }
                for (int r = 0; r < size; r++) {
                    assertEquals(1, reached[r], "size " + size + ", root " + root + ", rank " + r);
                }
                assertTrue(depth <= 32 - Integer.numberOfLeadingZeros(Math.max(1, size - 1)), "depth " + depth);
            }
        }
    }
}
