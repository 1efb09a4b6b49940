package io.mobula.bench.rmi;

import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.util.Objects;

/**
 * The object parameter types of the KaRMI benchmark collection (KaRMI 6.1): objects with 4 and 32
 * {@code int} fields, 4 ints plus two null references, and balanced binary trees of 4-int nodes.
 *
 * <p>They are plain {@link Serializable} classes with public no-arg constructors so that every system (java.rmi
 * now, Mobula with generated serializers later) moves exactly the same object graphs. Each class also knows its
 * plain {@link DataOutput} field encoding, which the raw ping-pong baselines send in place of a serialized object.
 */
public final class BenchObjects {
    private BenchObjects() { }

    /** An object with 4 {@code int} fields (KaRMI "4 int"). */
    public static final class Int4 implements Serializable {
        private static final long serialVersionUID = 1L;
        public int a;
        public int b;
        public int c;
        public int d;

        public Int4() { }

        Int4(int seed) {
            a = seed;
            b = seed + 1;
            c = seed + 2;
            d = seed + 3;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Int4 o && a == o.a && b == o.b && c == o.c && d == o.d;
        }

        @Override
        public int hashCode() {
            return Objects.hash(a, b, c, d);
        }
    }

    /** 4 {@code int} fields and two references that are null in the benchmark (KaRMI "4 int, 2 null"). */
    public static final class Int4Null2 implements Serializable {
        private static final long serialVersionUID = 1L;
        public int a;
        public int b;
        public int c;
        public int d;
        public Int4Null2 left;
        public Int4Null2 right;

        public Int4Null2() { }

        Int4Null2(int seed) {
            a = seed;
            b = seed + 1;
            c = seed + 2;
            d = seed + 3;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Int4Null2 o && a == o.a && b == o.b && c == o.c && d == o.d
                    && Objects.equals(left, o.left) && Objects.equals(right, o.right);
        }

        @Override
        public int hashCode() {
            return Objects.hash(a, b, c, d, left, right);
        }
    }

    /** A node of a balanced binary tree with 4 {@code int} values (KaRMI "tree(n)", thesis "tree of 1023"). */
    public static final class Tree implements Serializable {
        private static final long serialVersionUID = 1L;
        public int a;
        public int b;
        public int c;
        public int d;
        public Tree left;
        public Tree right;

        public Tree() { }

        /** A balanced tree of exactly {@code nodes} nodes; values numbered in pre-order from {@code seed}. */
        static Tree balanced(int nodes, int seed) {
            if (nodes <= 0) {
                return null;
            }
            Tree t = new Tree();
            t.a = seed;
            t.b = seed + 1;
            t.c = seed + 2;
            t.d = seed + 3;
            int rest = nodes - 1;
            int leftCount = (rest + 1) / 2;
            t.left = balanced(leftCount, seed + 4);
            t.right = balanced(rest - leftCount, seed + 4 + 4 * leftCount);
            return t;
        }

        int size() {
            return 1 + (left == null ? 0 : left.size()) + (right == null ? 0 : right.size());
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Tree o && a == o.a && b == o.b && c == o.c && d == o.d
                    && Objects.equals(left, o.left) && Objects.equals(right, o.right);
        }

        @Override
        public int hashCode() {
            return Objects.hash(a, b, c, d, left, right);
        }
    }

}
