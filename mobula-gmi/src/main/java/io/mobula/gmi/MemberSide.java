package io.mobula.gmi;

import io.mobula.gmi.GroupMessages.Encoded;
import io.mobula.gmi.GroupMessages.Invoke;
import io.mobula.gmi.GroupMessages.Part;
import io.mobula.gmi.GroupMessages.Reply;
import io.mobula.gmi.Results.Outcome;
import io.mobula.gmi.spi.ResultType;
import io.mobula.pool.BinomialTree;
import io.mobula.rmi.Rmi;
import java.lang.System.Logger.Level;
import java.util.function.Supplier;

/**
 * Runs invocations on the members living in this process (the skeleton role, thesis 5.4.1), on the thread that
 * received them when nothing in them can block ({@link #receive}): relays a tree broadcast
 * to the member's children first, decodes the parameters, applies the method through the generated skeleton, and
 * handles the outcome as the invocation's reply scheme says: drop it, send it to the invoker, or combine it with the
 * children's partial results up a binomial tree (thesis 5.2.4, Figure 5.3).
 */
final class MemberSide {
    private static final System.Logger LOG = System.getLogger(MemberSide.class.getName());

    /**
     * The largest message a receive thread sends itself (a reply, a partial result, a relay); larger ones leave from
     * a thread that may wait. Far below a shared-memory ring (1 MiB by default) or a socket's send buffer, so a receive
     * thread's own sends find room unless the connection is already full of other traffic.
     */
    static final int INLINE_SEND_BYTES = 64 << 10;

    private final GmiRuntime rt;

    MemberSide(GmiRuntime rt) {
        this.rt = rt;
    }

    /**
     * An invocation as it arrives. On a receive thread ({@link Rmi#onReceiveThread()}) it runs there, with no hand-off,
     * when nothing in it can wait for the network: the member's method is proven non-blocking ({@link MemberFlags}),
     * the member has joined, the reply scheme does not wait for children's partial results, and every process it
     * sends to (the invoker, tree children, the reduce parent) is connected already. Anything else runs where
     * blocking is allowed ({@link Rmi#runWhereBlockingIsAllowed}): on the same thread once it has handed its receive
     * role on, or a pooled thread. Off a receive thread it runs at once.
     */
    void receive(Invoke h, Encoded message) {
        LocalMember m = rt.members.get(new GmiRuntime.MemberKey(h.group(), h.rank()));
        if (!Rmi.onReceiveThread()) {
            run(h, m, message);
        } else if (runsInline(h, m, message.parameters())) {
            rt.ranOnReceiveThread.increment();
            run(h, m, message);
        } else {
            Rmi.runWhereBlockingIsAllowed(() -> run(h, m, message));
        }
    }

    /**
     * From the invoking thread, an invocation of a member in this process: runs it right there when its method is
     * proven non-blocking, the member has joined and the reply scheme waits for no partial results (no thread is
     * started and the parameter bytes are not copied). Returns false when it must go the ordinary way, a one-way call
     * to this process's own port that runs on a thread of its own (always from a receive thread).
     */
    boolean runOnInvokerThread(Encoded message, int rank) {
        Invoke h = message.header().rank() == rank ? message.header() : message.header().to(rank);
        LocalMember m = rt.members.get(new GmiRuntime.MemberKey(h.group(), h.rank()));
        if (Rmi.onReceiveThread() || !proven(h, m)) {
            return false;
        }
        if (h.reply() == GroupMessages.REPLY_REDUCE) {
            int[] ranks = h.ranks();
            int pos = ranks == null ? -1 : indexOf(ranks, h.rank());
            if (pos < 0 || BinomialTree.children(pos, ranks.length).length > 0) {
                return false;
            }
        }
        run(h, m, message);
        return true;
    }

    private static boolean proven(Invoke h, LocalMember m) {
        return m != null && h.method() >= 0 && h.method() < m.nonBlocking.length && m.nonBlocking[h.method()]
                && m.isReady();
    }

    private boolean runsInline(Invoke h, LocalMember m, byte[] parameters) {
        if (!proven(h, m)) {
            return false;
        }
        GroupView v = rt.views.get(h.group());
        int[] ranks = h.ranks();
        int pos = ranks == null ? -1 : indexOf(ranks, h.rank());
        if (ranks != null && (v == null || pos < 0)) {
            return false;
        }
        if (h.relay() && ranks != null) {
            if (parameters.length > INLINE_SEND_BYTES && BinomialTree.children(pos, ranks.length).length > 0) {
                return false; // relays of a large message leave from a thread that may wait (sendFromHere)
            }
            for (int c : BinomialTree.children(pos, ranks.length)) {
                if (!rt.canSendWithoutWaiting(v.poolRanks[ranks[c]])) {
                    return false;
                }
            }
        }
        return switch (h.reply()) {
            case GroupMessages.REPLY_NONE -> true;
            case GroupMessages.REPLY_ONE -> h.rank() != h.replyRank() || rt.canSendWithoutWaiting(h.origin());
            case GroupMessages.REPLY_ALL -> rt.canSendWithoutWaiting(h.origin());
            case GroupMessages.REPLY_REDUCE -> ranks != null && BinomialTree.children(pos, ranks.length).length == 0
                    && (pos == 0 ? rt.canSendWithoutWaiting(h.origin())
                    : rt.canSendWithoutWaiting(v.poolRanks[ranks[BinomialTree.parent(pos)]]));
            default -> false;
        };
    }

    private static int indexOf(int[] ranks, int rank) {
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] == rank) {
                return i;
            }
        }
        return -1;
    }

    private void run(Invoke h, LocalMember m, Encoded message) {
        try {
            runInvocation(h, m, message);
        } catch (Throwable t) {
            LOG.log(Level.WARNING, "invocation of method " + h.method() + " on member rank " + h.rank() + " of '"
                    + h.group() + "' failed in the runtime", t);
        }
    }

    private void runInvocation(Invoke h, LocalMember m, Encoded message) {
        GroupException badParts = h.parts() ? checkParts(h, message.parameters()) : null;
        if (h.relay() && h.ranks() != null && badParts == null) {
            relay(h, message);
        }
        Outcome o;
        // named only in errors and logs, so built only then
        LocalMember found = m;
        Supplier<String> what = () -> describe(h, found);
        if (m == null) {
            o = Outcome.failed(new GroupException("group '" + h.group() + "' has no member rank " + h.rank()
                    + " in the process of pool rank " + rt.pool.rank()));
        } else if (h.method() < 0 || h.method() >= m.skeleton.methods().size()) {
            o = Outcome.failed(new GroupException("group '" + h.group() + "' has no method " + h.method()
                    + " (its interface " + m.skeleton.groupInterface().getName() + " has "
                    + m.skeleton.methods().size() + "); are both sides built from the same interface?"));
            m = null;
        } else {
            m.awaitReady(rt.timeoutNanos);
            try {
                if (badParts != null) {
                    throw badParts;
                }
                byte[] in = message.parameters();
                ParameterVector pv = h.parts()
                        ? rt.decodeParameters(in, SubtreeParts.offset(in, 0), SubtreeParts.length(in, 0),
                                () -> "the parameters of " + what.get())
                        : rt.decodeParameters(in, () -> "the parameters of " + what.get());
                o = Outcome.of(m.skeleton.invoke(m.member, h.method(), pv));
            } catch (Throwable t) {
                o = Outcome.failed(t);
            }
        }
        switch (h.reply()) {
            case GroupMessages.REPLY_NONE -> {
                if (o.thrown() != null) {
                    rt.discardedExceptions.increment();
                    LOG.log(Level.INFO, "discarded the exception of " + what.get() + " (reply scheme: discard)",
                            o.thrown());
                }
            }
            case GroupMessages.REPLY_ONE -> {
                if (h.rank() == h.replyRank()) {
                    reply(h, h.rank(), o, what);
                }
            }
            case GroupMessages.REPLY_ALL -> reply(h, h.rank(), o, what);
            case GroupMessages.REPLY_REDUCE -> {
                if (h.ranks() == null || h.reducer() == null) {
                    reply(h, h.rank(), Outcome.failed(new GroupException("malformed reduce of " + what.get())), what);
                } else {
                    reduce(h, m, o, what);
                }
            }
            default -> LOG.log(Level.WARNING, "unknown reply mode {0} for {1}", h.reply(), what.get());
        }
    }

    /** The invocation as errors and logs name it: the method (by its description when known), member and group. */
    private static String describe(Invoke h, LocalMember m) {
        String method = m != null && h.method() >= 0 && h.method() < m.skeleton.methods().size()
                ? m.skeleton.methods().get(h.method()).description() : "method " + h.method();
        return method + " on member rank " + h.rank() + " of '" + h.group() + "'";
    }

    private static int position(int[] ranks, int rank) {
        int i = indexOf(ranks, rank);
        if (i >= 0) {
            return i;
        }
        throw new GroupException("member rank " + rank + " is not among the destinations "
                + java.util.Arrays.toString(ranks));
    }

    /**
     * Whether a scatter's personalized parameters hold one part per position of the receiver's subtree (part 0 its
     * own); null when they do, else why not (malformed or hostile bytes: the invocation fails with it and is not
     * relayed).
     */
    private static GroupException checkParts(Invoke h, byte[] parameters) {
        int[] ranks = h.ranks();
        int pos = ranks == null ? -1 : indexOf(ranks, h.rank());
        if (pos < 0) {
            return new GroupException("a scatter's parameters for member rank " + h.rank() + ", which is not among its"
                    + " destinations");
        }
        int want = (pos == 0 ? ranks.length : BinomialTree.subtreeEnd(pos, ranks.length)) - pos;
        try {
            int count = SubtreeParts.check(parameters);
            return count == want ? null : new GroupException("a scatter's parameters for member rank " + h.rank()
                    + " hold " + count + " parts for its subtree of " + want);
        } catch (GroupException e) {
            return e;
        }
    }

    /**
     * Forwards the invocation to this member's children in the broadcast tree, farthest first: the same parameter
     * bytes (a scatter: each child its subtree's parts), and a header naming only the child's subtree (a reduce's
     * header, naming every rank, as it came). Not adopted: a child that failed may have run the invocation after all,
     * and must not run it twice.
     */
    private void relay(Invoke h, Encoded message) {
        TreeFanOut.send(position(h.ranks(), h.rank()), h.ranks().length, true, false, relays,
                rt.views.get(h.group()), message);
    }

    /** Sends relayed invocations: one instance for every relay of this process (nothing is made per message). */
    private final TreeFanOut.Sender<GroupView, Encoded> relays = new TreeFanOut.Sender<>() {
        @Override
        public void to(GroupView v, Encoded message, int c) {
            rt.sendInvoke(v, toChild(message, c), message.header().ranks()[c]);
            rt.relayed.increment();
        }

        @Override
        public void failed(GroupView v, Encoded message, int c, RuntimeException e) {
            Invoke h = message.header();
            LOG.log(Level.WARNING, "member rank " + h.rank() + " of '" + h.group() + "' could not relay to rank "
                    + h.ranks()[c], e);
        }
    };

    /**
     * The invocation as the child at position {@code c} of the tree gets it from this relay: with only the ranks of
     * its subtree, which in a binomial tree are the contiguous positions {@code c} to {@code c + lowestOneBit(c) - 1}
     * (and the tree over them, rooted at the child, is the same as over the whole), so a broadcast's bytes grow as
     * N log N, where sending every relay the whole list made them grow as N squared; a reduce, which walks the whole
     * tree back up, keeps every rank. The parameter bytes are shared, except a scatter's: the child gets the parts
     * of its subtree only (MPI's binomial scatter), so its bytes too grow as N log N at most.
     */
    private static Encoded toChild(Encoded message, int c) {
        Invoke h = message.header();
        int[] ranks = h.ranks();
        int end = BinomialTree.subtreeEnd(c, ranks.length);
        byte[] parameters = message.parameters();
        if (h.parts()) {
            int pos = position(ranks, h.rank());
            parameters = SubtreeParts.slice(parameters, c - pos, end - pos);
        }
        if (h.reply() == GroupMessages.REPLY_REDUCE) {
            return h.parts() ? new Encoded(h, message.headerBytes(), parameters) : message;
        }
        Invoke sub = new Invoke(h.group(), h.method(), ranks[c], h.origin(), h.call(), h.reply(), h.replyRank(),
                java.util.Arrays.copyOfRange(ranks, c, end), h.relay(), null, h.parts());
        return new Encoded(sub, InvokeHeader.encode(sub, null), parameters);
    }

    private void reply(Invoke h, int rank, Outcome o, Supplier<String> what) {
        byte[] bytes;
        try {
            bytes = rt.encodeOutcome(o, what);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the outcome of " + what.get() + " could not be encoded", e);
            return;
        }
        Reply r = new Reply(h.call(), rank, o.thrown() != null);
        sendFromHere(bytes.length, () -> {
            try {
                rt.sendReply(h.origin(), r, bytes);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "the outcome of " + what.get() + " could not reach its invoker", e);
            }
        });
    }

    /**
     * Sends at once, or, from a receive thread, a message of more than {@link #INLINE_SEND_BYTES} from a thread that
     * may wait: a large send can fill the peer's ring or socket buffer and wait for the peer's receive thread, which
     * might itself be sending to this process from its receive thread.
     */
    private static void sendFromHere(int bytes, Runnable send) {
        if (bytes > INLINE_SEND_BYTES && Rmi.onReceiveThread()) {
            Rmi.runWhereBlockingIsAllowed(send);
        } else {
            send.run();
        }
    }

    /** Combines this member's outcome with its children's, then sends it to its parent (or, at the root, home). */
    private void reduce(Invoke h, LocalMember m, Outcome own, Supplier<String> what) {
        int[] ranks = h.ranks();
        int n = ranks.length;
        int pos = position(ranks, h.rank());
        GroupView v = rt.views.get(h.group());
        int size = v == null ? n : v.size;
        ResultType type = m == null ? ResultType.OBJECT : m.skeleton.methods().get(h.method()).result();
        String op = h.origin() + ":" + h.call();
        String box = Part.box(h.group(), GroupMessages.PART_PARTIAL, op, h.rank());
        Outcome acc = own;
        try {
            Mailboxes.Box b = rt.mail.box(box);
            for (int c : BinomialTree.children(pos, n)) {
                int child = ranks[c];
                Outcome partial;
                try {
                    rt.drive(v, () -> b.arrived(child));
                    Mailboxes.Letter l = b.take(child, rt.timeoutNanos, () -> "the partial result of member rank " + child
                            + " of '" + h.group() + "'");
                    partial = rt.decodeOutcome(l.thrown(), l.value(), () -> "the partial result of member rank "
                            + child);
                } catch (GroupException e) {
                    partial = Outcome.failed(e);
                }
                acc = h.reducer() == null ? Outcome.failed(new GroupException("no combiner for the reduce of "
                        + what.get())) : Results.binomialCombine(h.reducer(), type, h.rank(), acc, child, partial, size);
            }
        } finally {
            rt.mail.remove(box);
        }
        if (pos == 0) {
            reply(h, h.rank(), acc, what);
            return;
        }
        int parent = ranks[BinomialTree.parent(pos)];
        byte[] bytes;
        try {
            bytes = rt.encodeOutcome(acc, what);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the partial result of " + what.get() + " could not be encoded", e);
            return;
        }
        Part part = new Part(GroupMessages.PART_PARTIAL, h.group(), op, parent, h.rank(), acc.thrown() != null, false);
        sendFromHere(bytes.length, () -> {
            try {
                rt.sendPart(v.poolRanks[parent], part, bytes);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "the partial result of " + what.get() + " could not reach member rank " + parent,
                        e);
            }
        });
    }
}
