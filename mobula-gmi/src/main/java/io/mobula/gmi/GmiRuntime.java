package io.mobula.gmi;

import io.mobula.pool.BinomialTree;

import io.mobula.gmi.GroupMessages.Encoded;
import io.mobula.gmi.GroupMessages.Invoke;
import io.mobula.gmi.GroupMessages.Part;
import io.mobula.gmi.GroupMessages.PartMessage;
import io.mobula.gmi.GroupMessages.Reply;
import io.mobula.gmi.Results.Outcome;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolEvent;
import io.mobula.pool.PoolException;
import io.mobula.pool.PoolPorts;
import io.mobula.pool.spi.PerProcess;
import io.mobula.rmi.Rmi;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * GMI in one process (thesis 5.4.2): the pool it works in, its exported {@link GroupPort}, the members living here,
 * the groups it knows, its pending invocations and the mailboxes of combined operations. It turns a lost process
 * (a pool DIED or LEFT event, or a send that fails) into broken groups and failed operations.
 *
 * <p>Settings (system properties, read once): {@code mobula.gmi.timeoutMs} bounds every wait of an operation
 * (default 120000); {@code mobula.gmi.relayFrom} is the number of destinations from which a broadcast travels along
 * a binomial tree of the members instead of from the invoker to each (default 16: the smallest group where the
 * invoker's saved sends outweigh the tree's extra hops, docs/GMI.md).
 */
final class GmiRuntime {
    private static final System.Logger LOG = System.getLogger(GmiRuntime.class.getName());

    /** The default of {@code mobula.gmi.relayFrom} (docs/GMI.md, "Relay threshold"). */
    static final int RELAY_FROM = 16;

    private static final PerProcess<GmiRuntime> RUNTIME = new PerProcess<>("GMI", "group operation",
            GmiRuntime::new, rt -> rt.pool, GroupException::new);

    final Pool pool;
    final Serialization serialization;
    final long timeoutNanos;
    final int relayFrom;
    final Mailboxes mail = new Mailboxes();
    final ConcurrentHashMap<Long, ReplyCollector> pending = new ConcurrentHashMap<>();
    final ConcurrentHashMap<MemberKey, LocalMember> members = new ConcurrentHashMap<>();

    /** The key of a member held in this process: its group and rank (no string is built per invocation). */
    record MemberKey(String group, int rank) {
    }
    final ConcurrentHashMap<String, GroupView> views = new ConcurrentHashMap<>();
    /** Forwarders of combined-invocation participants in this process, by group/identifier/rank. */
    final ConcurrentHashMap<String, ForwardTarget> forwardTargets = new ConcurrentHashMap<>();
    /** Combined-invocation configurations in this process, to fail when a participant's process is lost. */
    final java.util.Set<MethodConfig> combinedConfigs = ConcurrentHashMap.newKeySet();
    /**
     * The same configurations by group/identifier/participant rank ({@link #participantKey}): where a relay finds the
     * processes of its children among the participants ({@link #relayPart}).
     */
    final ConcurrentHashMap<String, MethodConfig> participants = new ConcurrentHashMap<>();
    /** Every process's {@link GroupPort}, this one's exported here. */
    final PoolPorts<GroupPort> ports;
    private final AtomicLong nextCall = new AtomicLong(1);
    final LongAdder discardedExceptions = new LongAdder();
    final LongAdder forwarderFailures = new LongAdder();
    /** Invocations this process forwarded to a child in a broadcast tree. */
    final LongAdder relayed = new LongAdder();
    /** Results of combined invocations this process passed on to a child participant along the tree. */
    final LongAdder resultsRelayed = new LongAdder();
    /**
     * Invocation headers encoded ({@link #encodeInvoke}): one per group invocation whatever the number of destinations
     * and relays (a personalized invocation encodes one header too, and a parameter vector per member).
     */
    final LongAdder invocationsEncoded = new LongAdder();
    /** Invocations run on the thread that received them ({@link MemberSide#receive}). */
    final LongAdder ranOnReceiveThread = new LongAdder();
    /** Replies received by the thread that waited for them ({@link #drive}): no wake-up. */
    final LongAdder repliesTakenByCaller = new LongAdder();
    private final GroupPortAdapter adapter;
    private final ScheduledExecutorService sweeper;

    /** A participant's forwarder for results handed out by participant 0. */
    record ForwardTarget(Forwarder forwarder, io.mobula.gmi.spi.ResultType type, int size) {
    }

    private GmiRuntime(Pool pool) throws RemoteException, PoolException {
        this.pool = pool;
        this.serialization = Rmi.serialization();
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, Long.getLong("mobula.gmi.timeoutMs", 120_000)));
        this.relayFrom = Math.max(2, Integer.getInteger("mobula.gmi.relayFrom", RELAY_FROM));
        this.adapter = new GroupPortAdapter(this);
        this.ports = PoolPorts.export(pool, Directory.LAYER, GroupPort.class, adapter, timeout(),
                PoolPorts.DirectoryAccess.DIRECT, (rank, e) -> new GroupException("the GMI port of pool rank " + rank
                        + " is unknown: " + e.getMessage(), e));
        pool.addListener(this::onPoolEvent);
        for (PoolEvent e : pool.events()) {
            onPoolEvent(e);
        }
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mobula-gmi-sweeper");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNanos) / 2);
        sweeper.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.MILLISECONDS);
    }

    /** Makes GMI in this process use {@code pool}; only before the first group operation (or with the same pool). */
    static void attach(Pool pool) {
        RUNTIME.attach(pool);
    }

    /** The runtime, started on first use in the attached pool, or else in the pool the environment describes. */
    static GmiRuntime get() {
        return RUNTIME.get();
    }

    long newCall() {
        return nextCall.getAndIncrement();
    }

    Duration timeout() {
        return Duration.ofNanos(timeoutNanos);
    }

    // ------------------------------------------------------------------ values

    /**
     * The bytes of {@code value}. {@code what} names it in an error; it is built only then (a message's description
     * costs more than encoding a small message).
     */
    byte[] encode(Object value, Supplier<String> what) {
        try {
            return serialization.toBytes(value);
        } catch (SerialException e) {
            throw new GroupException("cannot serialize " + what.get() + ": " + e.getMessage(), e);
        }
    }

    /**
     * An invocation ready to leave: its header encoded once, beside its encoded parameters, for every destination.
     */
    Encoded encodeInvoke(Invoke header, byte[] parameters) {
        invocationsEncoded.increment();
        byte[] reducer = header.reducer() == null ? null : encode(header.reducer(),
                () -> "the combiner of a reduce in '" + header.group() + "'");
        return new Encoded(header, InvokeHeader.encode(header, reducer), parameters);
    }

    /**
     * The header of an invocation that arrived for member {@code rank} (the bytes name the first destination).
     *
     * @throws GroupException when the bytes are not an invocation header
     */
    Invoke decodeInvoke(byte[] bytes, int rank) {
        Invoke h = InvokeHeader.decode(bytes, serialization);
        return h.rank() == rank ? h : h.to(rank);
    }

    /** An outcome as bytes; one whose value cannot travel travels as the exception that says so. */
    byte[] encodeOutcome(Outcome o, Supplier<String> what) {
        Object v = o.thrown() != null ? o.thrown() : o.value();
        try {
            return serialization.toBytes(v);
        } catch (SerialException e) {
            return encode(new GroupException("cannot serialize " + (o.thrown() != null ? "the exception " + v
                    : "the result") + " of " + what.get() + ": " + e.getMessage()), what);
        }
    }

    Outcome decodeOutcome(boolean thrown, byte[] bytes, Supplier<String> what) {
        try {
            Object v = serialization.fromBytes(bytes);
            if (thrown) {
                return Outcome.failed(v instanceof Throwable t ? t
                        : new GroupException(what.get() + ": a failure arrived as a "
                        + (v == null ? "null" : v.getClass())));
            }
            return Outcome.of(v);
        } catch (SerialException | RuntimeException e) {
            return Outcome.failed(new GroupException("cannot decode " + what.get() + ": " + e.getMessage(), e));
        }
    }

    ParameterVector decodeParameters(byte[] bytes, Supplier<String> what) {
        return decodeParameters(bytes, 0, bytes.length, what);
    }

    /** The parameter vector serialized in {@code length} bytes of {@code bytes} from {@code offset}, in place. */
    ParameterVector decodeParameters(byte[] bytes, int offset, int length, Supplier<String> what) {
        try {
            java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes, offset, length);
            Object v = serialization.read(in);
            if (in.hasRemaining()) {
                throw new GroupException("cannot decode " + what.get() + ": " + in.remaining()
                        + " bytes after the parameters");
            }
            if (v instanceof ParameterVector pv) {
                return pv;
            }
            throw new GroupException("cannot decode " + what.get() + ": got a "
                    + (v == null ? "null" : v.getClass()));
        } catch (SerialException e) {
            throw new GroupException("cannot decode " + what.get() + ": " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ sending

    GroupPort port(int poolRank) {
        return ports.port(poolRank);
    }

    /**
     * Lets the calling thread receive what it waits for ({@code done}) from the processes of {@code v}'s members for
     * a short window, handling each message where it arrives, instead of parking until a receive thread wakes it
     * (the waiting thread drives progress, thesis 3.3.3). Returns at once on a receive thread's own connection, for
     * a group of this process only, or when {@code v} is null; the caller then waits as before.
     */
    void drive(GroupView v, java.util.function.BooleanSupplier done) {
        if (v == null) {
            return;
        }
        PoolPorts<GroupPort>.Watch w = v.watch;
        if (w == null) {
            w = ports.watch(v.poolRanks);
            v.watch = w;
        }
        w.receiveUntil(done);
    }

    /**
     * Whether a message to pool rank {@code poolRank} can leave without waiting for the network first: its port is
     * known and its process connected (a look-up or a connection set-up waits for replies, which a receive thread
     * must not do).
     */
    boolean canSendWithoutWaiting(int poolRank) {
        return ports.connected(poolRank);
    }

    /** Whether delivering this reply runs a user's forwarder (which may block) rather than waking a waiting caller. */
    boolean replyRunsUserCode(Reply r) {
        ReplyCollector c = pending.get(r.call());
        return c != null && c.hasSink();
    }

    /**
     * Sends invocation {@code m} to member {@code rank}: the same header and parameter bytes whatever the member, so a
     * broadcast is encoded once; only the rank is written per destination.
     */
    void sendInvoke(GroupView v, Encoded m, int rank) {
        int p = v.poolRanks[rank];
        if (p == pool.rank() && adapter.members().runOnInvokerThread(m, rank)) {
            return;
        }
        try {
            port(p).invoke(rank, m.headerBytes(), m.parameters());
        } catch (RemoteException e) {
            throw lostOnSend(p, "sending an invocation to member rank " + rank + " of '" + v.name + "'", e);
        }
    }

    void sendReply(int origin, Reply r, byte[] value) {
        if (origin == pool.rank() && !Rmi.onReceiveThread() && !replyRunsUserCode(r)) {
            onReply(r, value); // a caller of this process waits for it: wake it from here
            return;
        }
        try {
            port(origin).reply(r, value);
        } catch (RemoteException e) {
            throw lostOnSend(origin, "replying to pool rank " + origin, e);
        }
    }

    void sendPart(int poolRank, Part part, byte[] value) {
        try {
            port(poolRank).part(part, value);
        } catch (RemoteException e) {
            throw lostOnSend(poolRank, "sending a part of '" + part.key() + "' in '" + part.group() + "'", e);
        }
    }

    /**
     * A send to pool rank {@code poolRank} failed: the process is reported to the pool and its groups break, unless
     * the message failed here before anything was sent (too large for a frame, a value that cannot be serialized),
     * which fails only the operation that sent it and says nothing about the receiver.
     */
    private GroupException lostOnSend(int poolRank, String what, RemoteException e) {
        if (Rmi.callNotSent(e)) {
            return new GroupException(what + " failed here before anything was sent (pool rank " + poolRank
                    + " is not at fault): " + e.getMessage(), e);
        }
        String detail = what + " failed: " + e.getMessage();
        // the coordinator decides, so every member sees the same failure; telling it waits for its reply, which a
        // receive thread must not do
        Rmi.runWhereBlockingIsAllowed(() -> pool.lost(poolRank, e));
        lost(poolRank, detail);
        return new GroupBrokenException("pool rank " + poolRank + " is unreachable: " + detail, e);
    }

    /** The key of participant {@code rank} of combined invocation {@code identifier} in {@code group}. */
    static String participantKey(String group, String identifier, int rank) {
        return group + "/" + identifier + "/" + rank;
    }

    /** The identifier of a combined invocation, from a part's key ({@code identifier:sequence}). */
    static String identifier(Part p) {
        return p.key().substring(0, Math.max(0, p.key().lastIndexOf(':')));
    }

    /**
     * Hands out one value of a combined invocation (its result, or a member's forwarded result) from participant 0:
     * the same bytes to every other participant, along the binomial tree over the participants from
     * {@link #relayFrom} participants on (each relays it on arrival, {@link #relayPart}), else to each in turn, as a
     * broadcast is sent. A participant that cannot be reached has its children in the tree sent to in its place.
     *
     * @return the first send that failed, or null
     */
    RuntimeException handOut(MethodConfig c, byte kind, String key, int from, boolean thrown, byte[] value) {
        int n = c.combined.number();
        boolean tree = n >= relayFrom;
        return TreeFanOut.send(0, n, tree, kind == GroupMessages.PART_RESULT, sameBytes, c,
                new PartMessage(new Part(kind, c.group, key, 0, from, thrown, tree), value));
    }

    /**
     * Hands out a personalized value of a combined invocation from participant 0, {@code parts[i]} (a Throwable when
     * {@code thrown[i]}) to participant i: below {@link #relayFrom} participants each its own, one after another;
     * from there on along the binomial tree over the participants as MPI's binomial scatter does, each child of
     * participant 0 getting in one message the parts of its whole subtree ({@link SubtreeParts}) and relaying each of
     * its children its child's subtree's ({@link #relayPart}). So no participant sends more than ceil(log2 N) and
     * every part travels at most ceil(log2 N) hops. Results to an unreachable participant go to its children in its
     * place; forwarded results are not re-routed (a forwarder must not get one twice).
     *
     * @param kind {@link GroupMessages#PART_RESULT} or {@link GroupMessages#PART_FORWARDED}
     * @return the first send that failed, or null (below the threshold, forwarded parts that could not be sent are
     *         counted in {@link #forwarderFailures} each, and null is returned)
     */
    RuntimeException handOutParts(MethodConfig c, byte kind, String key, int from, byte[][] parts,
            boolean[] thrown) {
        int n = c.combined.number();
        if (n < relayFrom) {
            RuntimeException first = null;
            for (int i = 1; i < n; i++) {
                try {
                    sendPart(c.participantPoolRanks[i], new Part(kind, c.group, key, i, from, thrown[i], false),
                            parts[i]);
                } catch (RuntimeException e) {
                    if (kind == GroupMessages.PART_FORWARDED) {
                        forwarderFailures.increment(); // each lost forwarded part counts, as it always did
                    } else {
                        first = first == null ? e : first; // the others still get theirs
                    }
                }
            }
            return first;
        }
        byte bundle = kind == GroupMessages.PART_RESULT ? GroupMessages.PART_RESULT_PARTS
                : GroupMessages.PART_FORWARDED_PARTS;
        return TreeFanOut.send(0, n, true, kind == GroupMessages.PART_RESULT, subtrees, c, new PartMessage(
                new Part(bundle, c.group, key, 0, from, false, true), SubtreeParts.encode(parts, thrown, 0, n)));
    }

    /** Whether {@code p} is relayed by its receiver: a handed-out result or forwarded result (or parts) marked so. */
    private static boolean relays(Part p) {
        return p.relay() && (p.kind() == GroupMessages.PART_RESULT || p.kind() == GroupMessages.PART_FORWARDED
                || p.subtreeParts());
    }

    /**
     * The children, in the tree over the participants, that a relayed part goes on to from its receiver, as pool
     * ranks of their processes; null when it relays to nobody or its combined invocation is not configured here.
     */
    int[] relayTargets(Part p) {
        if (!relays(p)) {
            return null;
        }
        MethodConfig c = participants.get(participantKey(p.group(), identifier(p), p.to()));
        if (c == null || c.participantPoolRanks == null || p.to() < 0 || p.to() >= c.combined.number()) {
            return null;
        }
        int[] children = BinomialTree.children(p.to(), c.combined.number());
        int[] out = new int[children.length];
        for (int i = 0; i < children.length; i++) {
            out[i] = c.participantPoolRanks[children[i]];
        }
        return out;
    }

    /**
     * A relay of a combined invocation's handed-out value: sends the part on to the receiving participant's children
     * in the tree over the participants, farthest first, before the receiver takes it: the same bytes, or, for
     * personalized parts, each child the parts of its subtree (a {@link SubtreeParts#check checked} value whose part
     * count is the receiver's subtree's; anything else is not relayed). A result to an unreachable child goes to that
     * child's children instead. From a thread that may wait for the network (the port look-up and connection of a
     * child not yet connected do); {@link GroupPortAdapter} sees to that.
     */
    void relayPart(Part p, byte[] value) {
        MethodConfig c = relays(p) ? participants.get(participantKey(p.group(), identifier(p), p.to())) : null;
        int n = c == null ? 0 : c.combined.number();
        if (c == null || c.participantPoolRanks == null || p.to() <= 0 || p.to() >= n) {
            // a peer's mistake or hostile bytes: nothing to relay for a participant not configured here
            LOG.log(Level.DEBUG, "a part of ''{0}'' in ''{1}'' for participant {2} is not relayed: no such"
                    + " participant here", p.key(), p.group(), p.to());
            return;
        }
        if (p.subtreeParts() && SubtreeParts.count(value) != BinomialTree.subtreeEnd(p.to(), n) - p.to()) {
            LOG.log(Level.WARNING, "participant " + p.to() + " of combined '" + identifier(p) + "' in '" + p.group()
                    + "' got " + SubtreeParts.count(value) + " personalized parts for a subtree of "
                    + (BinomialTree.subtreeEnd(p.to(), n) - p.to()) + "; not relayed");
            return;
        }
        TreeFanOut.send(p.to(), n, true, p.kind() == GroupMessages.PART_RESULT
                || p.kind() == GroupMessages.PART_RESULT_PARTS, p.subtreeParts() ? subtrees : sameBytes, c,
                new PartMessage(p, value));
    }

    /** Sends a handed-out value, the same bytes to every participant, from participant 0 or a relay. */
    private final TreeFanOut.Sender<MethodConfig, PartMessage> sameBytes = new PartSender() {
        @Override
        byte[] valueFor(MethodConfig c, PartMessage m, int participant) {
            return m.value();
        }
    };

    /** Sends personalized parts: each participant the parts of its subtree, from participant 0 or a relay. */
    private final TreeFanOut.Sender<MethodConfig, PartMessage> subtrees = new PartSender() {
        @Override
        byte[] valueFor(MethodConfig c, PartMessage m, int participant) {
            // the message holds the parts of the sender's subtree, from the sender's own position on
            int base = m.header().to();
            return SubtreeParts.slice(m.value(), participant - base,
                    BinomialTree.subtreeEnd(participant, c.combined.number()) - base);
        }
    };

    /** A fan-out's sends of parts: one instance per kind, for every message of that kind (nothing per message). */
    private abstract class PartSender implements TreeFanOut.Sender<MethodConfig, PartMessage> {
        abstract byte[] valueFor(MethodConfig c, PartMessage m, int participant);

        @Override
        public void to(MethodConfig c, PartMessage m, int participant) {
            sendPart(c.participantPoolRanks[participant], m.header().to(participant), valueFor(c, m, participant));
            if (m.header().to() != 0) {
                resultsRelayed.increment();
            }
        }

        @Override
        public void failed(MethodConfig c, PartMessage m, int participant, RuntimeException e) {
            if (m.header().to() == 0) {
                // participant 0: its caller learns the failure (a result's, thrown after every other got theirs)
                LOG.log(Level.DEBUG, "participant {0} of ''{1}'' in ''{2}'' is unreachable: {3}", participant,
                        c.combined.identifier(), c.group, e.getMessage());
            } else {
                LOG.log(Level.WARNING, "participant " + m.header().to() + " of combined '" + c.combined.identifier()
                        + "' in '" + c.group + "' could not relay to participant " + participant, e);
            }
        }
    }

    // ------------------------------------------------------------------ inbound (from GroupPortAdapter)

    void onReply(Reply r, byte[] value) {
        ReplyCollector c = pending.get(r.call());
        if (c == null) {
            LOG.log(Level.DEBUG, "late reply to call {0} from member rank {1} dropped", r.call(), r.rank());
            return;
        }
        Outcome o = decodeOutcome(r.thrown(), value, () -> "the reply of member rank " + r.rank()
                + " of '" + c.view.name + "'");
        if (c.deliver(r.rank(), o)) {
            pending.remove(r.call(), c);
        }
        if (c.waiter == Thread.currentThread()) {
            repliesTakenByCaller.increment();
        }
    }

    void onForwarded(Part p, byte[] value) {
        onForwarded(p, p.thrown(), value);
    }

    /** A forwarded result for participant {@code p.to()}'s forwarder; {@code thrown}: the value is a Throwable. */
    void onForwarded(Part p, boolean thrown, byte[] value) {
        String id = identifier(p);
        ForwardTarget t = forwardTargets.get(participantKey(p.group(), id, p.to()));
        if (t == null) {
            LOG.log(Level.WARNING, "a forwarded result of combined ''{0}'' in ''{1}'' for participant {2} has no"
                    + " forwarder here; dropped", id, p.group(), p.to());
            forwarderFailures.increment();
            return;
        }
        Outcome o = decodeOutcome(thrown, value, () -> "a forwarded result of '" + id + "'");
        deliverForward(t.forwarder(), t.type(), p.from(), t.size(), o, p.group());
    }

    void deliverForward(Forwarder f, io.mobula.gmi.spi.ResultType type, int rank, int size, Outcome o,
            String group) {
        Throwable t = Results.forward(f, type, rank, size, o);
        if (t != null) {
            forwarderFailures.increment();
            LOG.log(Level.WARNING, "group ''" + group + "'': forwarder " + f.getClass().getName()
                    + " threw on the result of member rank " + rank, t);
        }
    }

    // ------------------------------------------------------------------ failures

    private void onPoolEvent(PoolEvent e) {
        if (e.kind() == PoolEvent.Kind.DIED || e.kind() == PoolEvent.Kind.LEFT) {
            lost(e.rank(), e.kind() + ": " + e.detail());
        }
    }

    /** Process {@code poolRank} is gone: its groups are broken, and what waits on it fails. */
    void lost(int poolRank, String detail) {
        if (poolRank == pool.rank()) {
            return;
        }
        ports.forget(poolRank);
        for (GroupView v : views.values()) {
            GroupBrokenException b = v.lose(poolRank, detail);
            if (b != null) {
                mail.failAll(v.name + "/", b, true);
                for (ReplyCollector c : pending.values()) {
                    if (c.view == v && c.fail(b)) {
                        pending.remove(c.call, c);
                    }
                }
            }
        }
        for (MethodConfig c : combinedConfigs) {
            if (c.hasParticipantIn(poolRank)) {
                GroupBrokenException b = new GroupBrokenException("combined invocation '"
                        + c.combined.identifier() + "' of '" + c.group + "': a participant (pool rank " + poolRank
                        + ") is lost: " + detail, null);
                c.broken = b;
                mail.failAll(c.group + "/" + GroupMessages.PART_PARAMETERS + "/" + c.combined.identifier() + ":",
                        b, false);
                mail.failAll(c.group + "/" + GroupMessages.PART_RESULT + "/" + c.combined.identifier() + ":",
                        b, false);
            }
        }
    }

    private void sweep() {
        try {
            mail.sweep(2 * timeoutNanos);
            long now = System.nanoTime();
            for (ReplyCollector c : pending.values()) {
                if (now - c.created > timeoutNanos && c.fail(new GroupException("group '" + c.view.name
                        + "': no result within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms"))) {
                    pending.remove(c.call, c);
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "GMI sweep failed", e);
        }
    }
}
