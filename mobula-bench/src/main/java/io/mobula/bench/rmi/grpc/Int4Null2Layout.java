package io.mobula.bench.rmi.grpc;

import io.mobula.bench.rmi.BenchObjects.Int4Null2;

/** {@link NodeLayout} for {@link Int4Null2}: KaRMI "4 int, 2 null", the references absent on the wire. */
final class Int4Null2Layout extends NodeLayout<Int4Null2> {

    @Override
    Int4Null2 newNode() {
        return new Int4Null2();
    }

    @Override
    int get(Int4Null2 n, int i) {
        return switch (i) {
            case 0 -> n.a;
            case 1 -> n.b;
            case 2 -> n.c;
            default -> n.d;
        };
    }

    @Override
    void set(Int4Null2 n, int i, int v) {
        switch (i) {
            case 0 -> n.a = v;
            case 1 -> n.b = v;
            case 2 -> n.c = v;
            default -> n.d = v;
        }
    }

    @Override
    Int4Null2 left(Int4Null2 n) {
        return n.left;
    }

    @Override
    Int4Null2 right(Int4Null2 n) {
        return n.right;
    }

    @Override
    void setLeft(Int4Null2 n, Int4Null2 child) {
        n.left = child;
    }

    @Override
    void setRight(Int4Null2 n, Int4Null2 child) {
        n.right = child;
    }
}
