package io.mobula.gmi;

import io.mobula.gmi.GroupMessages.Encoded;
import io.mobula.gmi.GroupMessages.Invoke;
import io.mobula.gmi.GroupMessages.Part;
import io.mobula.gmi.Results.Outcome;
import io.mobula.gmi.spi.GroupInvoker;
import io.mobula.gmi.spi.GroupMethodInfo;
import io.mobula.gmi.spi.ResultType;
import io.mobula.pool.BinomialTree;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import jdk.jfr.FlightRecorder;

/**
 * The runtime side of one group reference (the stub role, thesis 5.4.1): a table with each method's configuration,
 * and the code that forwards an invocation and handles its replies as configured. The invocation's header and its
 * parameters are serialized once per distinct parameter vector: a group invocation sends the same bytes to every
 * destination (directly, or relayed along a binomial tree of the members for large groups), with only the member's
 * rank written per destination; a personalized one shares its header and serializes each member's vector.
 */
final class GroupReference implements GroupInvoker {
    final GmiRuntime rt;
    final GroupView view;
    private final MethodConfig[] configs;

    GroupReference(GmiRuntime rt, GroupView view) {
        this.rt = rt;
        this.view = view;
        this.configs = new MethodConfig[view.skeleton.methods().size()];
    }

    void configure(int method, MethodConfig c) {
        synchronized (configs) {
            MethodConfig old = configs[method];
            if (old != null && old.combined != null) {
                rt.combinedConfigs.remove(old);
                rt.participants.remove(GmiRuntime.participantKey(view.name, old.combined.identifier(),
                        old.combined.rank()), old);
            }
            configs[method] = c;
        }
    }

    MethodConfig config(int method) {
        synchronized (configs) {
            return configs[method];
        }
    }

    @Override
    public String describe() {
        return view.describe();
    }

    @Override
    public Object invoke(int method, ParameterVector parameters) throws Throwable {
        MethodConfig c = config(method);
        GroupMethodInfo m = view.skeleton.methods().get(method);
        if (c == null) {
            throw new ConfigurationException("'" + view.name + "'." + m.description() + " is not configured: call"
                    + " Group.findMethod(ref, \"" + m.description() + "\").configure(invocationScheme, replyScheme)"
                    + " first");
        }
        GroupInvocationEvent ev = FlightRecorder.isInitialized() && GroupInvocationEvent.enabled()
                ? new GroupInvocationEvent() : null;
        if (ev != null) {
            ev.begin();
        }
        String outcome = "failed";
        try {
            Object r = run(c, parameters);
            outcome = "ok";
            return r;
        } catch (GroupBrokenException e) {
            view.broken(e); // learned from a peer before this process's own pool event: the group stays broken
            throw e;
        } catch (GroupException e) {
            throw e;
        } catch (Throwable t) {
            outcome = "thrown";
            throw t;
        } finally {
            if (ev != null) {
                ev.end();
                ev.group = view.name;
                ev.method = m.description();
                ev.forwarding = c.invocation.toString();
                ev.reply = c.reply.toString();
                ev.outcome = outcome;
                ev.commit();
            }
        }
    }

    private Object run(MethodConfig c, ParameterVector parameters) throws Throwable {
        view.checkUsable();
        if (c.combined != null) {
            GroupBrokenException b = c.broken;
            if (b != null) {
                throw new GroupBrokenException(b.getMessage(), b);
            }
            return combined(c, parameters).get();
        }
        return forward(c, c.forwarding, c.replyInner, parameters, null).get();
    }

    /**
     * Forwards one invocation and handles its replies.
     *
     * @param sink for a forwarding reply in a combined invocation: where each member's outcome goes instead of the
     *             forwarder (null otherwise)
     */
    private Outcome forward(MethodConfig c, InvocationScheme inv, ReplyScheme rep, ParameterVector pv,
            ReplyCollector.Sink sink) {
        GroupMethodInfo m = c.method;
        ResultType type = m.result();
        int[] dests = MethodConfig.destinations(inv, view.size);
        byte mode;
        int replyRank = -1;
        int[] expect;
        BinomialCombiner reducer = null;
        if (rep instanceof DiscardReply) {
            mode = GroupMessages.REPLY_NONE;
            expect = null;
        } else if (rep instanceof ReturnReply r) {
            mode = GroupMessages.REPLY_ONE;
            replyRank = r.source();
            expect = new int[] {replyRank};
        } else if (rep instanceof CombineReply cr && cr.binomial()) {
            mode = GroupMessages.REPLY_REDUCE;
            reducer = (BinomialCombiner) cr.combiner();
            expect = new int[] {dests[0]};
        } else {
            mode = GroupMessages.REPLY_ALL;
            expect = dests;
        }
        if (rep instanceof ForwardReply fr && sink == null) {
            Forwarder f = fr.forwarder();
            if (f instanceof FutureForwarder<?> ff) {
                CompletableFuture<?> future = ff.opened();
                sink = (rank, o) -> FutureForwarder.complete(future, o);
            } else {
                sink = (rank, o) -> rt.deliverForward(f, type, rank, view.size, o, view.name);
            }
        }
        long call = 0;
        ReplyCollector col = null;
        if (mode != GroupMessages.REPLY_NONE) {
            call = rt.newCall();
            col = new ReplyCollector(call, view, expect, rep instanceof ForwardReply ? sink : null);
            rt.pending.put(call, col);
        }
        try {
            send(c, inv, pv, dests, mode, replyRank, reducer, call);
        } catch (RuntimeException | Error e) {
            if (col != null) {
                rt.pending.remove(call);
            }
            throw e;
        }
        if (mode == GroupMessages.REPLY_NONE || rep instanceof ForwardReply) {
            return Outcome.of(type.defaultValue());
        }
        Outcome[] outs;
        try {
            col.waiter = Thread.currentThread();
            rt.drive(view, col); // receive the replies on this thread while they come quickly (thesis 3.3.3)
            outs = col.await(rt.timeoutNanos, m.description());
        } finally {
            rt.pending.remove(call);
        }
        if (rep instanceof CombineReply cr && !cr.binomial()) {
            return Results.flatCombine((FlatCombiner) cr.combiner(), type, outs);
        }
        return outs[0];
    }

    private void send(MethodConfig c, InvocationScheme inv, ParameterVector pv, int[] dests, byte mode,
            int replyRank, BinomialCombiner reducer, long call) {
        int method = c.method.index();
        int origin = rt.pool.rank();
        Supplier<String> what = () -> "the parameters of '" + view.name + "'." + c.method.description();
        if (inv instanceof PersonalizedInvocation pi) {
            ParameterVector[] outs = new ParameterVector[view.size];
            for (int i = 0; i < outs.length; i++) {
                outs[i] = view.skeleton.newParameters(method);
            }
            pi.personalizer().personalize(pv, outs);
            for (int i = 0; i < outs.length; i++) {
                if (!outs[i].isComplete()) {
                    throw new GroupException("personalizer " + pi.personalizer().getClass().getName() + " left"
                            + " parameter(s) " + outs[i].missing() + " of " + c.method.description() + " unwritten"
                            + " for member rank " + i);
                }
            }
            if (outs.length >= rt.relayFrom) {
                // a binomial scatter (MPI's): member 0 gets every member's vector in one message and relays each
                // child its subtree's, and so on down the tree over the members (MemberSide#relay)
                byte[][] parts = new byte[outs.length][];
                for (int i = 0; i < outs.length; i++) {
                    int member = i;
                    parts[i] = rt.encode(outs[i], () -> what.get() + " for member rank " + member);
                }
                Encoded m = rt.encodeInvoke(new Invoke(view.name, method, dests[0], origin, call, mode, replyRank,
                        dests, true, reducer, true), SubtreeParts.encode(parts, null, 0, parts.length));
                rt.sendInvoke(view, m, dests[0]);
                return;
            }
            int[] ranks = mode == GroupMessages.REPLY_REDUCE ? dests : null;
            // one header for every member; only the parameters differ
            Encoded shared = rt.encodeInvoke(new Invoke(view.name, method, 0, origin, call, mode, replyRank, ranks,
                    false, reducer), null);
            for (int i = 0; i < outs.length; i++) {
                int member = i;
                rt.sendInvoke(view, new Encoded(shared.header(), shared.headerBytes(), rt.encode(outs[i],
                        () -> what.get() + " for member rank " + member)), i);
            }
            return;
        }
        boolean relay = dests.length >= rt.relayFrom;
        int[] ranks = relay || mode == GroupMessages.REPLY_REDUCE ? dests : null;
        // header and parameters encoded once: every destination (and every relay) gets the same bytes
        Encoded m = rt.encodeInvoke(new Invoke(view.name, method, dests[0], origin, call, mode, replyRank, ranks,
                relay, reducer), rt.encode(pv, what));
        if (relay) {
            rt.sendInvoke(view, m, dests[0]);
        } else {
            // members in other processes first: a member here may run on this thread (MemberSide#runOnInvokerThread)
            for (int d : dests) {
                if (view.poolRanks[d] != origin) {
                    rt.sendInvoke(view, m, d);
                }
            }
            for (int d : dests) {
                if (view.poolRanks[d] == origin) {
                    rt.sendInvoke(view, m, d);
                }
            }
        }
    }

    // ------------------------------------------------------------------ combined invocations (thesis 5.2.3)

    private Outcome combined(MethodConfig c, ParameterVector pv) {
        CombinedInvocation ci = c.combined;
        int me = ci.rank();
        int n = ci.number();
        ResultType type = c.method.result();
        String key = ci.identifier() + ":" + c.sequence.getAndIncrement();
        // names the invocation in errors only, so built only then
        Supplier<String> label = () -> "combined invocation '" + ci.identifier() + "' of '" + view.name + "'";
        ParameterVector combined = null;
        RuntimeException failure = null;
        try {
            combined = combineParameters(c, pv, key, label);
        } catch (RuntimeException e) {
            if (me != 0) {
                // tell the parent, so the failure travels to participant 0 and from there to everyone
                int parent = ci.combiner() instanceof FlatInvocationCombiner ? 0 : BinomialTree.parent(me);
                sendPart(c, GroupMessages.PART_PARAMETERS, key, parent, me, true,
                        rt.encodeOutcome(Outcome.failed(e), label));
                throw e;
            }
            failure = e;
        }
        ReplyScheme ri = c.replyInner;
        boolean noResult = ri instanceof DiscardReply || ri instanceof ForwardReply;
        if (me != 0) {
            if (noResult) {
                return Outcome.of(type.defaultValue());
            }
            String box = Part.box(view.name, GroupMessages.PART_RESULT, key, me);
            try {
                Mailboxes.Box b = rt.mail.box(box);
                rt.drive(view, () -> b.arrived(0));
                Mailboxes.Letter l = b.take(0, rt.timeoutNanos, () -> "the result of " + label.get()
                        + " from participant 0");
                return rt.decodeOutcome(l.thrown(), l.value(), () -> "the result of " + label.get());
            } finally {
                rt.mail.remove(box);
            }
        }
        ReplyCollector.Sink sink = null;
        if (ri instanceof ForwardReply fr) {
            Forwarder own = fr.forwarder();
            sink = (rank, o) -> {
                Outcome[] parts = split(c, type, o, n);
                rt.deliverForward(own, type, rank, view.size, parts[0], view.name);
                if (c.replyPersonalizer == null) {
                    // the same bytes for every participant: along the tree from relayFrom participants on
                    if (rt.handOut(c, GroupMessages.PART_FORWARDED, key, rank, o.thrown() != null,
                            rt.encodeOutcome(o, label)) != null) {
                        rt.forwarderFailures.increment();
                    }
                    return;
                }
                // a part of its own for each participant: each in turn, or along the tree as a binomial scatter
                if (handOutParts(c, GroupMessages.PART_FORWARDED, key, rank, parts, label) != null) {
                    rt.forwarderFailures.increment();
                }
            };
        }
        Outcome o;
        if (failure != null) {
            o = Outcome.failed(failure);
        } else {
            try {
                o = forward(c, c.forwarding, ri, combined, sink);
            } catch (RuntimeException e) {
                o = Outcome.failed(e);
            }
        }
        if (noResult) {
            if (o.thrown() != null) {
                throw (RuntimeException) o.thrown();
            }
            return o;
        }
        Outcome[] parts = split(c, type, o, n);
        RuntimeException unsent = null;
        if (c.replyPersonalizer == null) {
            // encoded once; every participant gets the same bytes, along the tree from relayFrom participants on
            unsent = rt.handOut(c, GroupMessages.PART_RESULT, key, 0, o.thrown() != null, rt.encodeOutcome(o, label));
        } else {
            // a part of its own for each participant: each in turn, or along the tree as a binomial scatter
            unsent = handOutParts(c, GroupMessages.PART_RESULT, key, 0, parts, label);
        }
        if (unsent != null && parts[0].thrown() == null) {
            throw unsent;
        }
        return parts[0];
    }

    /**
     * Gathers or reduces the participants' parameter vectors: participant 0 returns the combined vector, the others
     * send theirs (or their subtree's) on and return null. A part that arrives as a failure is thrown.
     */
    private ParameterVector combineParameters(MethodConfig c, ParameterVector pv, String key,
            Supplier<String> label) {
        CombinedInvocation ci = c.combined;
        int me = ci.rank();
        int n = ci.number();
        if (ci.combiner() instanceof FlatInvocationCombiner flat) {
            if (me != 0) {
                sendPart(c, GroupMessages.PART_PARAMETERS, key, 0, me, false, rt.encode(pv, () -> "the parameters of "
                        + label.get()));
                return null;
            }
            ParameterVector[] in = new ParameterVector[n];
            in[0] = pv;
            String box = Part.box(view.name, GroupMessages.PART_PARAMETERS, key, 0);
            try {
                Mailboxes.Box b = rt.mail.box(box);
                for (int i = 1; i < n; i++) {
                    in[i] = parameters(b, i, label);
                }
            } finally {
                rt.mail.remove(box);
            }
            ParameterVector out = view.skeleton.newParameters(c.method.index());
            flat.combine(in, out);
            return complete(out, flat, label);
        }
        BinomialInvocationCombiner bc = (BinomialInvocationCombiner) ci.combiner();
        ParameterVector acc = pv;
        String box = Part.box(view.name, GroupMessages.PART_PARAMETERS, key, me);
        try {
            Mailboxes.Box b = rt.mail.box(box);
            for (int child : BinomialTree.children(me, n)) {
                ParameterVector other = parameters(b, child, label);
                ParameterVector out = view.skeleton.newParameters(c.method.index());
                bc.combine(acc, other, out);
                acc = complete(out, bc, label);
            }
        } finally {
            rt.mail.remove(box);
        }
        if (me == 0) {
            return acc;
        }
        sendPart(c, GroupMessages.PART_PARAMETERS, key, BinomialTree.parent(me), me, false,
                rt.encode(acc, () -> "the parameters of " + label.get()));
        return null;
    }

    private ParameterVector parameters(Mailboxes.Box b, int participant, Supplier<String> label) {
        Supplier<String> what = () -> "the parameters of participant " + participant + " of " + label.get();
        rt.drive(view, () -> b.arrived(participant));
        Mailboxes.Letter l = b.take(participant, rt.timeoutNanos, what);
        if (l.thrown()) {
            Throwable t = rt.decodeOutcome(true, l.value(), what).thrown();
            throw new GroupException("participant " + participant + " of " + label.get() + " failed: " + t, t);
        }
        return rt.decodeParameters(l.value(), what);
    }

    private static Outcome[] split(MethodConfig c, ResultType type, Outcome o, int n) {
        if (c.replyPersonalizer != null) {
            return Results.personalize(c.replyPersonalizer, type, o, n);
        }
        Outcome[] same = new Outcome[n];
        java.util.Arrays.fill(same, o);
        return same;
    }

    /**
     * Encodes the parts of a personalized value for participants 1 to n - 1 and hands them out
     * ({@link GmiRuntime#handOutParts}).
     */
    private RuntimeException handOutParts(MethodConfig c, byte kind, String key, int from, Outcome[] parts,
            Supplier<String> label) {
        byte[][] bytes = new byte[parts.length][];
        boolean[] thrown = new boolean[parts.length];
        bytes[0] = new byte[0]; // participant 0's own stays here
        for (int i = 1; i < parts.length; i++) {
            thrown[i] = parts[i].thrown() != null;
            bytes[i] = rt.encodeOutcome(parts[i], label);
        }
        return rt.handOutParts(c, kind, key, from, bytes, thrown);
    }

    private static ParameterVector complete(ParameterVector out, Object combiner, Supplier<String> label) {
        if (!out.isComplete()) {
            throw new GroupException("invocation combiner " + combiner.getClass().getName() + " of " + label.get()
                    + " left parameter(s) " + out.missing() + " unwritten");
        }
        return out;
    }

    private void sendPart(MethodConfig c, byte kind, String key, int to, int from, boolean thrown, byte[] value) {
        rt.sendPart(c.participantPoolRanks[to], new Part(kind, view.name, key, to, from, thrown, false), value);
    }
}
