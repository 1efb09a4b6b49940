package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The binomial tree's subtrees are contiguous, and the tree over one, re-based at its root, is the same tree: what
 * lets a relay send each child only its subtree's ranks ({@code MemberSide}).
 */
class BinomialTreeTest {

    @Test
    void everySubtreeIsTheContiguousRunFromItsRootToSubtreeEnd() {
        for (int n = 1; n <= 300; n++) {
            for (int c = 1; c < n; c++) {
                List<Integer> reached = descendants(c, n);
                int end = BinomialTree.subtreeEnd(c, n);
                assertEquals(end - c, reached.size(), "subtree of " + c + " in " + n);
                for (int q : reached) {
                    assertEquals(true, q >= c && q < end, "position " + q + " below " + c + " in " + n);
                }
            }
        }
    }

    @Test
    void theTreeOverASubtreeRebasedAtItsRootIsTheSameTree() {
        for (int n = 1; n <= 300; n++) {
            for (int c = 1; c < n; c++) {
                int end = BinomialTree.subtreeEnd(c, n);
                for (int q = c; q < end; q++) {
                    int[] whole = BinomialTree.children(q, n);
                    int[] rebased = BinomialTree.children(q - c, end - c);
                    for (int i = 0; i < rebased.length; i++) {
                        rebased[i] += c;
                    }
                    assertArrayEquals(whole, rebased, "children of " + q + " under " + c + " in " + n);
                }
            }
        }
    }

    @Test
    void theSubtreesOfTheRootsChildrenCoverEveryOtherPositionOnce() {
        for (int n = 1; n <= 300; n++) {
            int covered = 0;
            for (int c : BinomialTree.children(0, n)) {
                covered += BinomialTree.subtreeEnd(c, n) - c;
            }
            assertEquals(n - 1, covered, "n = " + n);
        }
    }

    private static List<Integer> descendants(int root, int n) {
        List<Integer> out = new ArrayList<>();
        ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            int p = todo.pop();
            out.add(p);
            for (int ch : BinomialTree.children(p, n)) {
                todo.push(ch);
            }
        }
        return out;
    }
}
