package io.mobula.bench.repmi;

import io.mobula.bench.ranks.Acks;
import io.mobula.bench.ranks.Ranks;
import io.mobula.bench.ranks.TimedWarmUp;
import io.mobula.bench.rmi.ChildMain;
import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.Stats;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.repmi.Cloud;
import io.mobula.repmi.CloudCounters;
import io.mobula.rmi.Rmi;
import java.io.PrintStream;
import java.io.Serializable;
import java.rmi.Remote;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One rank of a RepMI benchmark system: a JVM started by {@link RepmiSuite} with the pool settings as system
 * properties and the transport as {@code mobula.transports}. It joins the pool offering its {@link RepmiPeer}, checks
 * that calls to every other rank travel over the transport under test, for {@code mobula-repmi} creates (rank 0) or
 * looks up the replicated {@link Counter}, and runs the cases SPMD style; the writer (the highest rank) times them
 * and prints one {@code RESULT {json}} line per case and reported system, then {@code DONE}.
 *
 * <pre>RepmiRank mobula-repmi|rmi-push|rmi-tree|raw-broadcast shm|tcp case:warmup:samples:batch:size ...</pre>
 *
 * <p>Checks: the writer's values count its writes (the n-th set writes n), so after each case every rank waits
 * (bounded) until its replica, or its ordinary {@link CounterRoot} for the baselines, has applied exactly the writes
 * made so far and checks value, counts, array bytes and the arrays' marks (first element = last element); the writer
 * checks every read's sum and that no acknowledgement was left over. Any failed check, on any rank, makes the case an
 * error instead of a number.
 */
public final class RepmiRank {
    static final String REPMI = "mobula-repmi";
    static final String PUSH = "rmi-push";
    static final String TREE = "rmi-tree";
    static final String RAW = "raw-broadcast";
    /** The read's baseline: the root object called directly (reported by the mobula-repmi ranks). */
    static final String DIRECT = "direct";
    /** The null RMI (reported by the rmi-push ranks). */
    static final String NULL_RMI_SYSTEM = "mobula-rmi";
    static final List<String> SYSTEMS = List.of(REPMI, PUSH, TREE, RAW);
    static final String CLOUD = "repmibench";
    /**
     * Fault injection for the suite's own test: {@code -Dmobula.repmibench.fault=bad-mark} makes the writer send its
     * first array with differing marks, which every replica's check must report.
     */
    static final boolean BAD_MARK = "bad-mark".equals(System.getProperty("mobula.repmibench.fault"));

    private final Pool pool;
    private final RepmiPeerImpl me;
    private final String system;
    private final Counter counter;
    private final int rank;
    private final int size;
    private final int writer;
    private final long timeoutMillis;
    /** Writes made up to the current case, the same on every rank: sets, arrays and their bytes. */
    private long expSets;
    private long expArrays;
    private long expArrayBytes;
    /** The writer's counts: the value of the next set is {@code ++sent}. */
    private int sent;
    private int arraysSent;
    private final TimedWarmUp warmUp = TimedWarmUp.fromProperty();
    /** The current case's number, and the untimed operations the writer added to its warm-up (-1: not known yet). */
    private int caseIndex;
    private int extra = -1;
    /**
     * A throughput case's stretch to its count of writes, in rounds ({@link TimedWarmUp#payloadRound}): the samples
     * of the rounds so far, the next round's number, whether a round of 0 ended it; the writer also keeps when the
     * latest stretch began and how many samples it had.
     */
    private int payloadExtra;
    private int payloadRounds;
    private boolean payloadOver;
    private long stretchStart;
    private int stretchSamples;

    private RepmiRank(Pool pool, RepmiPeerImpl me, String system, Counter counter, long timeoutMillis) {
        this.pool = pool;
        this.me = me;
        this.system = system;
        this.counter = counter;
        this.rank = pool.rank();
        this.size = pool.size();
        this.writer = me.writer;
        this.timeoutMillis = timeoutMillis;
    }

    public static void main(String[] args) throws Exception {
        ChildMain.watchParent();
        if (args.length < 3 || !SYSTEMS.contains(args[0])) {
            System.err.println("usage: RepmiRank " + String.join("|", SYSTEMS)
                    + " shm|tcp case:warmup:samples:batch:size ...");
            System.exit(2);
        }
        List<RepmiSpec> cases = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            cases.add(RepmiSpec.decode(args[i]));
        }
        System.exit(run(args[0], args[1], cases, System.out)); // exported objects keep the JVM alive otherwise
    }

    static int run(String system, String transport, List<RepmiSpec> cases, PrintStream out) throws Exception {
        PoolOptions options = PoolOptions.fromEnvironment();
        long timeout = Long.getLong("mobula.repmi.timeoutMs", 60_000);
        RepmiPeerImpl impl = new RepmiPeerImpl(options.rank(), options.size(), options.size() - 1, timeout);
        Remote stub = Rmi.export(impl);
        int rc = 0;
        try (Pool pool = Pool.join(options.withService(stub))) {
            RepmiPeer[] peers = new RepmiPeer[pool.size()];
            for (int r = 0; r < peers.length; r++) {
                peers[r] = pool.service(r, RepmiPeer.class);
            }
            impl.peers(peers);
            Ranks.awaitTransport(pool, peers, transport);
            Counter counter = null;
            if (system.equals(REPMI)) {
                Cloud.attach(pool);
                counter = pool.rank() == 0 ? Cloud.create(Counter.class, CounterRoot.class, CLOUD)
                        : Cloud.lookup(CLOUD, Counter.class);
            }
            pool.barrier();
            RepmiRank me = new RepmiRank(pool, impl, system, counter, timeout);
            for (int i = 0; i < cases.size() && rc == 0; i++) {
                rc = me.runCase(i, cases.get(i), out);
            }
            if (rc == 0) {
                pool.barrier();
                if (me.rank == me.writer) {
                    out.println("DONE");
                    out.flush();
                }
            }
        }
        return rc;
    }

    /** Runs one case; the writer prints its RESULT lines. Returns 0, or 1 when this rank cannot go on. */
    private int runCase(int index, RepmiSpec spec, PrintStream out) throws Exception {
        RepmiCase c = spec.benchCase();
        caseIndex = index;
        extra = -1;
        payloadExtra = 0;
        payloadRounds = 0;
        payloadOver = false;
        long setsBefore = expSets;
        long arraysBefore = expArrays;
        if (c.throughput()) {
            expArrays += spec.writes();
            expArrayBytes += spec.writes() * c.payloadBytes(spec.size());
        } else {
            expSets += c == RepmiCase.READ ? 1 : spec.writes();
        }
        long[][] samples = null;
        String error = null;
        CloudCounters before = null;
        CloudCounters after = null;
        try {
            pool.barrier();
            before = rank == writer && system.equals(REPMI) ? Cloud.counters() : null;
            samples = rank == writer ? measure(spec) : null;
            after = before != null ? Cloud.counters() : null;
            if (rank != writer && system.equals(REPMI) && acked(c)) {
                observe(spec, c.throughput() ? arraysBefore : setsBefore);
            }
            // writes of the stretched warm-up
            long added = ((long) writersExtra() + writersPayloadExtra(c)) * spec.batch();
            if (c.throughput()) {
                expArrays += added;
                expArrayBytes += added * c.payloadBytes(spec.size());
            } else if (c != RepmiCase.READ && c != RepmiCase.NULL_RMI) {
                expSets += added;
            }
            error = check();
        } catch (Exception | AssertionError e) {
            e.printStackTrace();
            error = "rank " + rank + ": " + e;
        }
        if (error == null) {
            error = me.takeError();
        }
        List<String> keys = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            keys.add("repmibench/" + index + "/" + r);
        }
        pool.publish(keys.get(rank), error == null ? "ok" : error);
        if (rank == writer) {
            String first = error;
            if (first == null) {
                Map<String, Serializable> all = pool.await(keys, Duration.ofMillis(timeoutMillis));
                for (String k : keys) {
                    if (!"ok".equals(all.get(k))) {
                        first = String.valueOf(all.get(k));
                        break;
                    }
                }
            }
            List<String> systems = c.reported(system);
            for (int s = 0; s < systems.size(); s++) {
                Json.Obj o = new Json.Obj().put("case", c.key()).put("system", systems.get(s));
                if (first != null) {
                    o.put("error", first);
                } else {
                    double unit = c == RepmiCase.READ ? 1e-3 : 1; // read samples are in picoseconds
                    Stats st = Stats.of(samples[s], samples[s].length);
                    o.put("samples", st.count()).put("p50_ns", st.p50Nanos() * unit).put("p99_ns", st.p99Nanos() * unit)
                            .put("mean_ns", st.meanNanos() * unit).put("min_ns", st.minNanos() * unit)
                            .put("max_ns", st.maxNanos() * unit).put("batch", spec.batch()).put("writer", writer)
                            .put("payload_bytes", c.payloadBytes(spec.size()));
                    if (c == RepmiCase.READ) {
                        o.put("calls_per_sample", spec.size());
                    }
                    if (after != null && systems.get(s).equals(REPMI)) {
                        // how the writer's process ran the case's writes (warm-up included): how many orders its
                        // waiting thread took in itself (a receive thread took the others), and how many writes ran
                        // where their turn came rather than being handed to another thread
                        o.put("writer_writes", after.writes() - before.writes())
                                .put("writer_orders_taken", after.ordersTakenByWriter() - before.ordersTakenByWriter())
                                .put("writer_writes_in_place", after.writesRunInPlace() - before.writesRunInPlace())
                                .put("writer_writes_handed_off", after.writesHandedOff() - before.writesHandedOff());
                    }
                }
                out.println("RESULT " + o);
            }
            out.flush();
        }
        return error == null ? 0 : 1;
    }

    /** Whether the writer waits for the other ranks' acknowledgements in this case. */
    private boolean acked(RepmiCase c) {
        return size > 1 && (system.equals(REPMI) || system.equals(RAW))
                && (c == RepmiCase.BROADCAST_LATENCY || c.batched());
    }

    /** The writer's samples: one array per reported system. */
    private long[][] measure(RepmiSpec spec) throws Exception {
        return switch (spec.benchCase()) {
            case READ -> read(spec);
            case NULL_RMI -> new long[][] {nullRmi(spec)};
            default -> new long[][] {writes(spec)};
        };
    }

    /** Picoseconds per get() on the replica and on a root object called directly, alternating, sample by sample. */
    private long[][] read(RepmiSpec spec) {
        int v = ++sent;
        counter.set(v);
        CounterRoot direct = new CounterRoot();
        direct.set(v);
        int calls = spec.size();
        long expected = (long) v * calls;
        long[] replica = new long[spec.samples()];
        long[] plain = new long[spec.samples()];
        long start = System.nanoTime();
        for (int i = -spec.warmup(); i < spec.samples(); i++) {
            if (i == 0 && extra < 0) {
                i = -decideExtra(spec, start); // as many untimed samples more, then the timed ones
            }
            long t0 = System.nanoTime();
            long sum = readLoop(counter, calls);
            long t1 = System.nanoTime();
            long sum2 = directLoop(direct, calls);
            long t2 = System.nanoTime();
            if (sum != expected || sum2 != expected) {
                throw new AssertionError("rank " + rank + ": " + calls + " reads of " + v + " summed to " + sum
                        + " (replica) and " + sum2 + " (direct)");
            }
            if (i >= 0) {
                replica[i] = Math.max(1, (t1 - t0) * 1000 / calls);
                plain[i] = Math.max(1, (t2 - t1) * 1000 / calls);
            }
        }
        return new long[][] {replica, plain};
    }

    private static long readLoop(Counter c, int calls) {
        long sum = 0;
        for (int k = 0; k < calls; k++) {
            sum += c.get();
        }
        return sum;
    }

    private static long directLoop(CounterRoot c, int calls) {
        long sum = 0;
        for (int k = 0; k < calls; k++) {
            sum += c.get();
        }
        return sum;
    }

    private long[] nullRmi(RepmiSpec spec) throws Exception {
        RepmiPeer target = me.peer(0);
        long[] samples = new long[spec.samples()];
        long start = System.nanoTime();
        for (int i = -spec.warmup(); i < spec.samples(); i++) {
            if (i == 0 && extra < 0) {
                i = -decideExtra(spec, start);
            }
            long t0 = System.nanoTime();
            int r = target.ping();
            long t = System.nanoTime() - t0;
            if (r != 0) {
                throw new AssertionError("rank 0's peer answered as rank " + r);
            }
            if (i >= 0) {
                samples[i] = t;
            }
        }
        return samples;
    }

    /** Write, broadcast latency and gap, throughput: {@code batch} updates, then the acknowledgements, per sample. */
    private long[] writes(RepmiSpec spec) throws Exception {
        RepmiCase c = spec.benchCase();
        boolean acked = acked(c);
        byte[] bytes = c == RepmiCase.THROUGHPUT_BYTES ? new byte[spec.size()] : null;
        double[] doubles = c == RepmiCase.THROUGHPUT_DOUBLES ? new double[spec.size() / 8] : null;
        long[] samples = new long[spec.samples()];
        long start = System.nanoTime();
        for (int i = -spec.warmup(); i < spec.samples(); i++) {
            if (i == 0) {
                i = -moreWarmUp(spec, start); // 0 once the warm-up is over
            }
            long t0 = System.nanoTime();
            for (int k = 0; k < spec.batch(); k++) {
                boolean ackThis = acked && k == spec.batch() - 1;
                if (bytes != null) {
                    int a = ++arraysSent;
                    bytes[0] = (byte) a;
                    bytes[bytes.length - 1] = (byte) (BAD_MARK && a == 1 ? a + 1 : a);
                    putBytes(bytes, a, ackThis);
                } else if (doubles != null) {
                    int a = ++arraysSent;
                    doubles[0] = a;
                    doubles[doubles.length - 1] = BAD_MARK && a == 1 ? a + 1 : a;
                    putDoubles(doubles, a, ackThis);
                } else {
                    set(++sent, ackThis);
                }
            }
            if (acked) {
                me.acks.await(size - 1);
            }
            long t = (System.nanoTime() - t0) / spec.batch();
            if (i >= 0) {
                samples[i] = Math.max(1, t);
            }
        }
        return samples;
    }

    private void set(int v, boolean ack) throws Exception {
        switch (system) {
            case REPMI -> counter.set(v);
            case PUSH -> {
                me.local.set(v);
                for (int r = 0; r < size; r++) {
                    if (r != rank) {
                        me.peer(r).set(v);
                    }
                }
            }
            case TREE -> subtree(me.treeSet(v).get(timeoutMillis, TimeUnit.MILLISECONDS));
            case RAW -> {
                me.local.set(v);
                for (int r = 0; r < size; r++) {
                    if (r != rank) {
                        me.peer(r).rawSet(v, ack);
                    }
                }
            }
            default -> throw new IllegalStateException(system);
        }
    }

    private void putBytes(byte[] b, int seq, boolean ack) throws Exception {
        switch (system) {
            case REPMI -> counter.putBytes(b);
            case PUSH -> {
                me.local.putBytes(b);
                for (int r = 0; r < size; r++) {
                    if (r != rank) {
                        me.peer(r).putBytes(b);
                    }
                }
            }
            case TREE -> subtree(me.treePutBytes(b).get(timeoutMillis, TimeUnit.MILLISECONDS));
            case RAW -> {
                me.local.putBytes(b);
                for (int r = 0; r < size; r++) {
                    if (r != rank) {
                        me.peer(r).rawPutBytes(b, seq, ack);
                    }
                }
            }
            default -> throw new IllegalStateException(system);
        }
    }

    private void putDoubles(double[] d, int seq, boolean ack) throws Exception {
        switch (system) {
            case REPMI -> counter.putDoubles(d);
            case PUSH -> {
                me.local.putDoubles(d);
                for (int r = 0; r < size; r++) {
                    if (r != rank) {
                        me.peer(r).putDoubles(d);
                    }
                }
            }
            case TREE -> subtree(me.treePutDoubles(d).get(timeoutMillis, TimeUnit.MILLISECONDS));
            case RAW -> {
                me.local.putDoubles(d);
                for (int r = 0; r < size; r++) {
                    if (r != rank) {
                        me.peer(r).rawPutDoubles(d, seq, ack);
                    }
                }
            }
            default -> throw new IllegalStateException(system);
        }
    }

    private void subtree(int applied) {
        if (applied != size) {
            throw new AssertionError("the tree reached " + applied + " of " + size + " ranks");
        }
    }

    /**
     * The writer, when its counted warm-up is done: how many untimed samples to add so that the warm-up lasts the
     * minimum time ({@link TimedWarmUp}), published for the other ranks, which count the writes.
     */
    private int decideExtra(RepmiSpec spec, long start) {
        extra = TimedWarmUp.agree(pool, warmUpKey(), writer, warmUp.extra(spec.warmup(), System.nanoTime() - start,
                !spec.benchCase().batched()),
                Duration.ofMillis(timeoutMillis));
        return extra;
    }

    /**
     * The writer of a write case, at the end of its warm-up so far: how many untimed samples to add, 0 once it is
     * over. First the stretch to the minimum time ({@link #decideExtra}); then, in a throughput case, rounds towards
     * its count of writes, each at the rate of the samples before it ({@link TimedWarmUp#payloadRound}), all published
     * for the other ranks.
     */
    private int moreWarmUp(RepmiSpec spec, long start) {
        if (extra < 0) {
            int e = decideExtra(spec, start);
            if (e > 0) {
                stretchStart = System.nanoTime();
                stretchSamples = e;
                return e;
            }
            stretchStart = start; // nothing added: the counted samples' rate is the latest
            stretchSamples = spec.warmup();
        }
        if (!payloadOver && spec.benchCase().throughput()) {
            long now = System.nanoTime();
            int round = warmUp.payloadRound(spec.warmup() + extra + payloadExtra, spec.batch(), stretchSamples,
                    now - stretchStart, now - start);
            round = payloadRound(round);
            stretchStart = now;
            stretchSamples = round;
            return round;
        }
        return 0;
    }

    /**
     * The writer's next round of a throughput case's warm-up ({@code mine} at the writer), at every rank; adds it to
     * {@link #payloadExtra}, and a round of 0 ends the stretch.
     */
    private int payloadRound(int mine) {
        int round = TimedWarmUp.agree(pool, warmUpKey() + "/payload/" + payloadRounds++, writer, mine,
                Duration.ofMillis(timeoutMillis));
        payloadExtra += round;
        payloadOver = round == 0;
        return round;
    }

    /** All the rounds of the writer's stretch of a throughput case ({@link #moreWarmUp}) at any rank; 0 for others. */
    private int writersPayloadExtra(RepmiCase c) {
        while (c.throughput() && !payloadOver) {
            payloadRound(0);
        }
        return payloadExtra;
    }

    /** The writer's decision ({@link #decideExtra}), waited for at the other ranks. */
    private int writersExtra() {
        if (extra < 0) {
            extra = TimedWarmUp.agree(pool, warmUpKey(), writer, 0, Duration.ofMillis(timeoutMillis));
        }
        return extra;
    }

    private String warmUpKey() {
        return "repmibench/warm-up/" + caseIndex;
    }

    /**
     * A RepMI rank other than the writer: for each sample, waits on its replica with a blocking read until it has
     * applied the sample's last write (value or array count), then acknowledges to the writer. The write that reaches
     * the target wakes the read (one wake-up per sample, as a user's program waiting for a replicated value has).
     */
    private void observe(RepmiSpec spec, long before) throws InterruptedException {
        boolean arrays = spec.benchCase().throughput();
        int total = spec.warmup() + spec.samples();
        for (int i = 1; i <= total; i++) {
            if (i == spec.warmup() + 1 && extra < 0) {
                total += writersExtra(); // the writer decided once the counted warm-up was acknowledged
            }
            while (arrays && extra >= 0 && !payloadOver && i == spec.warmup() + extra + payloadExtra + 1) {
                total += payloadRound(0); // and after the stretch and each round of it, the next round
            }
            long target = before + (long) i * spec.batch();
            if (arrays) {
                counter.awaitArrays((int) target, timeoutMillis);
            } else {
                counter.awaitValue((int) target, timeoutMillis);
            }
            me.ackWriter();
        }
    }

    /** Waits until this rank's replica has applied every write made so far and checks it; null when it holds. */
    private String check() {
        Counter view = system.equals(REPMI) ? counter : me.local;
        Acks.until(() -> view.sets() >= expSets && view.arrays() >= expArrays, 1_000_000, timeoutMillis,
                "rank " + rank + ": replica applying " + expSets + " sets and " + expArrays + " arrays");
        int value = view.get();
        int sets = view.sets();
        int arrays = view.arrays();
        long bytes = view.arrayBytes();
        int bad = view.bad();
        if (value != expSets || sets != expSets || arrays != expArrays || bytes != expArrayBytes || bad != 0) {
            return "rank " + rank + ": replica holds value " + value + ", " + sets + " sets, " + arrays + " arrays of "
                    + bytes + " bytes, " + bad + " with wrong marks; expected value = sets = " + expSets + ", "
                    + expArrays + " arrays of " + expArrayBytes + " bytes";
        }
        if (rank == writer && (sent != expSets || arraysSent != expArrays)) {
            return "rank " + rank + ": wrote " + sent + " sets and " + arraysSent + " arrays, expected " + expSets
                    + " and " + expArrays;
        }
        if (rank == writer && me.acks.surplus() != 0) {
            return "rank " + rank + ": " + me.acks.surplus() + " acknowledgement(s) nobody waited for";
        }
        return null;
    }
}
