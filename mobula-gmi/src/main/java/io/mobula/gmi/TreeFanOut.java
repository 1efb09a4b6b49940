package io.mobula.gmi;

import io.mobula.pool.BinomialTree;

/**
 * How one message goes from position 0 to every position of a group: along the binomial tree of
 * {@link BinomialTree}, each position sending it on to its children, farthest first so that the large subtrees start
 * early (thesis 5.4.1), or flat, position 0 sending it to every other position itself. GMI's one fan-out: a
 * broadcast's relays ({@link MemberSide}) and the result a combined invocation's participant 0 hands to the other
 * participants, relayed by them ({@link GmiRuntime#relayPart}), both send through it. It holds no state; the sending
 * and the failure handling are the caller's.
 */
final class TreeFanOut {
    private TreeFanOut() {
    }

    /** Sends the message to one position; throws when it cannot reach it. */
    @FunctionalInterface
    interface Send {
        void to(int position);
    }

    /** Told of a position the message could not reach. */
    @FunctionalInterface
    interface Failed {
        void at(int position, RuntimeException e);
    }

    /**
     * The positions position {@code p} of {@code n} sends to, nearest first: its children in the binomial tree, or
     * flat every other position from position 0 and none from the others.
     */
    static int[] targets(int p, int n, boolean tree) {
        if (tree) {
            return BinomialTree.children(p, n);
        }
        if (p != 0 || n < 2) {
            return new int[0];
        }
        int[] all = new int[n - 1];
        for (int i = 0; i < all.length; i++) {
            all[i] = i + 1;
        }
        return all;
    }

    /**
     * Sends from position {@code p} of {@code n} to its {@link #targets}, farthest first. A target that cannot be
     * reached is reported to {@code failed}; with {@code adopt}, its own targets are sent to in its place (and theirs,
     * if they fail too), so that one unreachable position does not cut off the positions below it. Adopt only a
     * message that may arrive twice without harm (a result put in a mailbox keeps the first copy from a sender): the
     * position that failed may have received it after all.
     *
     * @return the first failure, or null when every send went out
     */
    static RuntimeException send(int p, int n, boolean tree, boolean adopt, Send send, Failed failed) {
        RuntimeException first = null;
        int[] to = targets(p, n, tree);
        for (int i = to.length - 1; i >= 0; i--) {
            try {
                send.to(to[i]);
            } catch (RuntimeException e) {
                first = first == null ? e : first;
                failed.at(to[i], e);
                if (adopt) {
                    send(to[i], n, tree, true, send, failed);
                }
            }
        }
        return first;
    }
}
