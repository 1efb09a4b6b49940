package io.mobula.bench.model;

import java.io.Serializable;
import java.util.Objects;

/**
 * KaRMI benchmark node: four {@code int} values and two references (KaRMI 6.1). A leaf is the
 * "4 int 2 null" object; linked up it forms the balanced "tree(n)" objects.
 */
public final class Node implements Serializable {
    public int a;
    public int b;
    public int c;
    public int d;
    public Node left;
    public Node right;

    public Node() {
    }

    /** A node with both references {@code null}. */
    public static Node leaf(int seed) {
        Node n = new Node();
        n.a = seed;
        n.b = seed + 1;
        n.c = seed + 2;
        n.d = seed + 3;
        return n;
    }

    /** A balanced binary tree of exactly {@code count} nodes ({@code count >= 0}); {@code null} for 0. */
    public static Node tree(int count) {
        return tree(0, count);
    }

    private static Node tree(int firstId, int count) {
        if (count == 0) {
            return null;
        }
        Node n = leaf(firstId * 4);
        int rest = count - 1;
        int leftCount = (rest + 1) / 2;
        n.left = tree(firstId + 1, leftCount);
        n.right = tree(firstId + 1 + leftCount, rest - leftCount);
        return n;
    }

    /** Number of nodes reachable from this one (it is a tree, so no cycle check). */
    public int size() {
        return 1 + (left == null ? 0 : left.size()) + (right == null ? 0 : right.size());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Node o
                && a == o.a && b == o.b && c == o.c && d == o.d
                && Objects.equals(left, o.left) && Objects.equals(right, o.right);
    }

    @Override
    public int hashCode() {
        return Objects.hash(a, b, c, d, left, right);
    }
}
