package io.mobula.gmi;

import io.mobula.pool.BinomialTree;

/**
 * How one message goes from position 0 to every position of a group: along the binomial tree of
 * {@link BinomialTree}, each position sending it on to its children, farthest first so that the large subtrees start
 * early (thesis 5.4.1), or flat, position 0 sending it to every other position itself. GMI's one fan-out: a
 * broadcast's and a scatter's relays ({@link MemberSide}) and what a combined invocation's participant 0 hands to the
 * other participants, relayed by them ({@link GmiRuntime#relayPart}), all send through it. It holds no state; the
 * sending and the failure handling are a {@link Sender}'s, made once per kind of message and handed the message with
 * every call, so a relay allocates nothing for the walk itself.
 */
final class TreeFanOut {
    private TreeFanOut() {
    }

    /**
     * Sends messages of one kind; one instance serves every message of that kind, which it gets as {@code a} and
     * {@code b} (so nothing is captured per message).
     */
    interface Sender<A, B> {
        /** Sends the message to one position; throws when it cannot reach it. */
        void to(A a, B b, int position);

        /** Told of a position the message could not reach. */
        void failed(A a, B b, int position, RuntimeException e);
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
     * reached is reported to the sender; with {@code adopt}, its own targets are sent to in its place (and theirs,
     * if they fail too), so that one unreachable position does not cut off the positions below it. Adopt only a
     * message that may arrive twice without harm (a result put in a mailbox keeps the first copy from a sender): the
     * position that failed may have received it after all.
     *
     * @return the first failure, or null when every send went out
     */
    static <A, B> RuntimeException send(int p, int n, boolean tree, boolean adopt, Sender<A, B> s, A a, B b) {
        RuntimeException first = null;
        if (!tree) {
            for (int t = p == 0 ? n - 1 : 0; t >= 1; t--) {
                first = sendOne(t, n, false, adopt, s, a, b, first);
            }
            return first;
        }
        // the children p + m for the powers of two m below p's lowest set bit (below n's span for the root)
        long span = p != 0 ? Integer.lowestOneBit(p) : Long.highestOneBit(Math.max(1, n - 1)) << 1;
        for (long m = span >> 1; m >= 1; m >>= 1) {
            if (p + m < n) {
                first = sendOne((int) (p + m), n, true, adopt, s, a, b, first);
            }
        }
        return first;
    }

    private static <A, B> RuntimeException sendOne(int t, int n, boolean tree, boolean adopt, Sender<A, B> s, A a,
            B b, RuntimeException first) {
        try {
            s.to(a, b, t);
            return first;
        } catch (RuntimeException e) {
            s.failed(a, b, t, e);
            if (adopt) {
                send(t, n, tree, true, s, a, b);
            }
            return first == null ? e : first;
        }
    }
}
