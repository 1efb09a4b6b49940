package io.mobula.bench.rmi.grpc;

import io.mobula.bench.rmi.BenchObjects.Tree;

/** {@link NodeLayout} for {@link Tree}: the KaRMI tree(n) and the thesis's tree of 1023 as nested messages. */
final class TreeLayout extends NodeLayout<Tree> {

    @Override
    Tree newNode() {
        return new Tree();
    }

    @Override
    int get(Tree n, int i) {
        return switch (i) {
            case 0 -> n.a;
            case 1 -> n.b;
            case 2 -> n.c;
            default -> n.d;
        };
    }

    @Override
    void set(Tree n, int i, int v) {
        switch (i) {
            case 0 -> n.a = v;
            case 1 -> n.b = v;
            case 2 -> n.c = v;
            default -> n.d = v;
        }
    }

    @Override
    Tree left(Tree n) {
        return n.left;
    }

    @Override
    Tree right(Tree n) {
        return n.right;
    }

    @Override
    void setLeft(Tree n, Tree child) {
        n.left = child;
    }

    @Override
    void setRight(Tree n, Tree child) {
        n.right = child;
    }
}
