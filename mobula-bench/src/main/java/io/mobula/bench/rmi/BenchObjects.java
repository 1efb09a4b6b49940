package io.mobula.bench.rmi;

import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.util.Objects;

/**
 * The object parameter types of the KaRMI benchmark collection (seed 004, section 6.1): objects with 4 and 32
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

    /** An object with 32 {@code int} fields (KaRMI "32 int"). */
    public static final class Int32 implements Serializable {
        private static final long serialVersionUID = 1L;
        public int i0;
        public int i1;
        public int i2;
        public int i3;
        public int i4;
        public int i5;
        public int i6;
        public int i7;
        public int i8;
        public int i9;
        public int i10;
        public int i11;
        public int i12;
        public int i13;
        public int i14;
        public int i15;
        public int i16;
        public int i17;
        public int i18;
        public int i19;
        public int i20;
        public int i21;
        public int i22;
        public int i23;
        public int i24;
        public int i25;
        public int i26;
        public int i27;
        public int i28;
        public int i29;
        public int i30;
        public int i31;

        public Int32() { }

        Int32(int seed) {
            this.i0 = seed + 0;
            this.i1 = seed + 1;
            this.i2 = seed + 2;
            this.i3 = seed + 3;
            this.i4 = seed + 4;
            this.i5 = seed + 5;
            this.i6 = seed + 6;
            this.i7 = seed + 7;
            this.i8 = seed + 8;
            this.i9 = seed + 9;
            this.i10 = seed + 10;
            this.i11 = seed + 11;
            this.i12 = seed + 12;
            this.i13 = seed + 13;
            this.i14 = seed + 14;
            this.i15 = seed + 15;
            this.i16 = seed + 16;
            this.i17 = seed + 17;
            this.i18 = seed + 18;
            this.i19 = seed + 19;
            this.i20 = seed + 20;
            this.i21 = seed + 21;
            this.i22 = seed + 22;
            this.i23 = seed + 23;
            this.i24 = seed + 24;
            this.i25 = seed + 25;
            this.i26 = seed + 26;
            this.i27 = seed + 27;
            this.i28 = seed + 28;
            this.i29 = seed + 29;
            this.i30 = seed + 30;
            this.i31 = seed + 31;
        }

        void writeFields(DataOutput out) throws IOException {
            out.writeInt(i0);
            out.writeInt(i1);
            out.writeInt(i2);
            out.writeInt(i3);
            out.writeInt(i4);
            out.writeInt(i5);
            out.writeInt(i6);
            out.writeInt(i7);
            out.writeInt(i8);
            out.writeInt(i9);
            out.writeInt(i10);
            out.writeInt(i11);
            out.writeInt(i12);
            out.writeInt(i13);
            out.writeInt(i14);
            out.writeInt(i15);
            out.writeInt(i16);
            out.writeInt(i17);
            out.writeInt(i18);
            out.writeInt(i19);
            out.writeInt(i20);
            out.writeInt(i21);
            out.writeInt(i22);
            out.writeInt(i23);
            out.writeInt(i24);
            out.writeInt(i25);
            out.writeInt(i26);
            out.writeInt(i27);
            out.writeInt(i28);
            out.writeInt(i29);
            out.writeInt(i30);
            out.writeInt(i31);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Int32 o
                    && i0 == o.i0
                    && i1 == o.i1
                    && i2 == o.i2
                    && i3 == o.i3
                    && i4 == o.i4
                    && i5 == o.i5
                    && i6 == o.i6
                    && i7 == o.i7
                    && i8 == o.i8
                    && i9 == o.i9
                    && i10 == o.i10
                    && i11 == o.i11
                    && i12 == o.i12
                    && i13 == o.i13
                    && i14 == o.i14
                    && i15 == o.i15
                    && i16 == o.i16
                    && i17 == o.i17
                    && i18 == o.i18
                    && i19 == o.i19
                    && i20 == o.i20
                    && i21 == o.i21
                    && i22 == o.i22
                    && i23 == o.i23
                    && i24 == o.i24
                    && i25 == o.i25
                    && i26 == o.i26
                    && i27 == o.i27
                    && i28 == o.i28
                    && i29 == o.i29
                    && i30 == o.i30
                    && i31 == o.i31;
        }

        @Override
        public int hashCode() {
            int h = 1;
            h = 31 * h + i0;
            h = 31 * h + i1;
            h = 31 * h + i2;
            h = 31 * h + i3;
            h = 31 * h + i4;
            h = 31 * h + i5;
            h = 31 * h + i6;
            h = 31 * h + i7;
            h = 31 * h + i8;
            h = 31 * h + i9;
            h = 31 * h + i10;
            h = 31 * h + i11;
            h = 31 * h + i12;
            h = 31 * h + i13;
            h = 31 * h + i14;
            h = 31 * h + i15;
            h = 31 * h + i16;
            h = 31 * h + i17;
            h = 31 * h + i18;
            h = 31 * h + i19;
            h = 31 * h + i20;
            h = 31 * h + i21;
            h = 31 * h + i22;
            h = 31 * h + i23;
            h = 31 * h + i24;
            h = 31 * h + i25;
            h = 31 * h + i26;
            h = 31 * h + i27;
            h = 31 * h + i28;
            h = 31 * h + i29;
            h = 31 * h + i30;
            h = 31 * h + i31;
            return h;
        }
    }
}
