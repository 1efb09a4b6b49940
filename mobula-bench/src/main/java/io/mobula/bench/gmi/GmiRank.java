package io.mobula.bench.gmi;

import io.mobula.bench.ranks.Ranks;
import io.mobula.bench.ranks.TimedWarmUp;
import io.mobula.bench.rmi.ChildMain;
import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.Stats;
import io.mobula.gmi.CombineReply;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.FlatCombiner;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.InvocationCombiners;
import io.mobula.gmi.PersonalizedInvocation;
import io.mobula.gmi.Personalizers;
import io.mobula.gmi.ReturnReply;
import io.mobula.gmi.SingleInvocation;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.rmi.Rmi;
import java.io.PrintStream;
import java.io.Serializable;
import java.rmi.Remote;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One rank of the {@code mobula} (GMI) or {@code rmi-loop} system: a JVM started by {@link GmiSuite} with the pool
 * settings as system properties ({@code mobula.pool.rank}, {@code .size}, {@code .name}, {@code .server}) and the
 * transport as {@code mobula.transports}. It joins the pool offering its {@link GmiPeer}, checks that calls to every
 * other rank travel over the transport under test, runs the cases SPMD style, and rank 0 prints one
 * {@code RESULT {json}} line per case, then {@code DONE}. src/main/c/gmi_mpi.c is the same program for Open MPI.
 *
 * <pre>GmiRank mobula|rmi-loop shm|tcp case:elements:warmup:samples:batch ...</pre>
 *
 * <p>Data and checks, the same in every system: a broadcast array carries the operation number in its first and last
 * element (every member checks they agree and the length); member i's share of a scatter is filled with i; rank r
 * contributes {@code r + 1 + j} at index j to a reduce, whose sum every rank checks at the first and last index;
 * rank r contributes an array filled with {@code r + 1} to a gather, whose every block every rank checks at both ends.
 * A failed check fails the case.
 */
public final class GmiRank {
    static final String MOBULA = "mobula";
    static final String RMI_LOOP = "rmi-loop";
    static final String GROUP = "gmibench";

    private final Pool pool;
    private final RankState state;
    private final GmiPeer[] peers;
    private final boolean gmi;
    private final BenchMember member;
    private final int rank;
    private final int size;
    private final TimedWarmUp warmUp = TimedWarmUp.fromProperty();
    /** Untimed operations of the last case: its count, stretched to the minimum warm-up time. */
    private int warmedUp;

    private GmiRank(Pool pool, RankState state, GmiPeer[] peers, boolean gmi) {
        this.pool = pool;
        this.state = state;
        this.peers = peers;
        this.gmi = gmi;
        this.rank = pool.rank();
        this.size = pool.size();
        if (gmi) {
            member = new BenchMember(state);
            Group.form(pool, GROUP, BenchGroup.class, member);
        } else {
            member = null;
        }
    }

    public static void main(String[] args) throws Exception {
        ChildMain.watchParent();
        if (args.length < 3 || !(args[0].equals(MOBULA) || args[0].equals(RMI_LOOP))) {
            System.err.println("usage: GmiRank mobula|rmi-loop shm|tcp case:elements:warmup:samples:batch ...");
            System.exit(2);
        }
        List<CaseSpec> cases = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            cases.add(CaseSpec.decode(args[i]));
        }
        System.exit(run(args[0], args[1], cases, System.out));
    }

    static int run(String system, String transport, List<CaseSpec> cases, PrintStream out) throws Exception {
        PoolOptions options = PoolOptions.fromEnvironment();
        RankState state = new RankState(options.rank(), options.size(), Long.getLong("mobula.gmi.timeoutMs", 60_000));
        Remote stub = Rmi.export(new GmiPeerImpl(state));
        int rc = 0;
        try (Pool pool = Pool.join(options.withService(stub))) {
            GmiPeer[] peers = new GmiPeer[pool.size()];
            for (int r = 0; r < peers.length; r++) {
                peers[r] = pool.service(r, GmiPeer.class);
            }
            Ranks.awaitTransport(pool, peers, transport);
            GmiRank me = new GmiRank(pool, state, peers, system.equals(MOBULA));
            for (int i = 0; i < cases.size() && rc == 0; i++) {
                rc = me.runCase(i, cases.get(i), out);
            }
            if (rc == 0) {
                pool.barrier();
                if (pool.rank() == 0) {
                    out.println("DONE");
                    out.flush();
                }
            }
        }
        return rc;
    }

    /** Runs one case; rank 0 prints its RESULT line. Returns 0, or 1 when this rank cannot go on. */
    private int runCase(int index, CaseSpec spec, PrintStream out) throws Exception {
        long[] samples = null;
        String error = null;
        try {
            samples = measure(index, spec);
        } catch (Exception | AssertionError e) {
            e.printStackTrace();
            error = "rank " + rank + ": " + e;
        }
        if (error == null) {
            pool.barrier(); // the root has finished: every check of this case has run
        }
        String mine = error != null ? error : state.takeError();
        if (mine == null && member != null) {
            mine = member.takeError();
        }
        List<String> keys = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            keys.add("gmibench/" + index + "/" + r);
        }
        pool.publish(keys.get(rank), mine == null ? "ok" : mine);
        if (rank == 0) {
            String first = mine;
            if (first == null) {
                Map<String, Serializable> all = pool.await(keys, Duration.ofMillis(state.timeoutMillis));
                for (String k : keys) {
                    if (!"ok".equals(all.get(k))) {
                        first = String.valueOf(all.get(k));
                        break;
                    }
                }
            }
            Json.Obj o = new Json.Obj().put("case", spec.benchCase().id());
            if (first != null) {
                o.put("error", first);
            } else {
                Stats s = Stats.of(samples, samples.length);
                o.put("samples", s.count()).put("p50_ns", s.p50Nanos()).put("p99_ns", s.p99Nanos())
                        .put("mean_ns", s.meanNanos()).put("min_ns", s.minNanos()).put("max_ns", s.maxNanos())
                        .put("elements", spec.elements()).put("warmup_ops", warmedUp)
                        .put("payload_bytes", spec.benchCase().payloadBytes(size, spec.elements()));
            }
            out.println("RESULT " + o);
            out.flush();
        }
        return error == null ? 0 : 1;
    }

    /** Configures, meets the other ranks, and runs the warm-up and timed samples; rank 0 returns the samples. */
    private long[] measure(int index, CaseSpec spec) throws Exception {
        GmiCase c = spec.benchCase();
        int len = spec.elements();
        BenchGroup ref = gmi ? Group.lookup(GROUP, BenchGroup.class) : null;
        switch (c) {
            case BROADCAST -> {
                state.expect(len, false);
                if (gmi && rank == 0) {
                    Group.findMethod(ref, "int put(double[])").configure(new GroupInvocation(),
                            new CombineReply(new SumOfAnswers()));
                }
            }
            case SCATTER -> {
                state.expect(len, true);
                if (gmi && rank == 0) {
                    Group.findMethod(ref, "int put(double[])").configure(
                            new PersonalizedInvocation(Personalizers.split(0)), new CombineReply(new SumOfAnswers()));
                }
            }
            case BROADCAST_THROUGHPUT -> {
                state.expect(len, false);
                if (gmi && rank == 0) {
                    Group.findMethod(ref, "void stream(double[])").configure(new GroupInvocation(),
                            new DiscardReply());
                    Group.findMethod(ref, "int streamEnd(double[])").configure(new GroupInvocation(),
                            new CombineReply(new SumOfAnswers()));
                }
            }
            case REDUCE_TO_ALL -> {
                if (gmi) {
                    // participant 0 invokes member 0 (in its own process) with the sum; every participant gets
                    // its result back as GMI's reply
                    Group.findMethod(ref, "double[] result(double[])").configure(new CombinedInvocation("reduce-"
                            + index, rank, size, InvocationCombiners.sum(0), new SingleInvocation(0)),
                            new ReturnReply(0));
                }
            }
            case GATHER_TO_ALL, GATHER_TO_ALL_THROUGHPUT -> {
                if (gmi) {
                    Group.findMethod(ref, "double[] result(double[])").configure(new CombinedInvocation("gather-"
                            + index, rank, size, InvocationCombiners.concat(0), new SingleInvocation(0)),
                            new ReturnReply(0));
                }
            }
        }
        pool.barrier();
        long[] samples = new long[spec.samples()];
        if (c.rooted()) {
            if (rank == 0) {
                rooted(ref, spec, samples);
            }
        } else {
            toAll(ref, index, spec, samples);
        }
        return samples;
    }

    /** Broadcast, scatter and broadcast throughput, at the root. */
    private void rooted(BenchGroup ref, CaseSpec spec, long[] samples) throws Exception {
        GmiCase c = spec.benchCase();
        int len = spec.elements();
        double[] payload;
        if (c == GmiCase.SCATTER) {
            payload = new double[len * size];
            for (int r = 0; r < size; r++) {
                Arrays.fill(payload, r * len, (r + 1) * len, r);
            }
        } else {
            payload = new double[len];
        }
        int batch = c == GmiCase.BROADCAST_THROUGHPUT ? spec.batch() : 1;
        int op = 0;
        long start = System.nanoTime();
        for (int i = 0; i < spec.warmup(); i++) {
            rootedOnce(ref, c, payload, batch, op++);
        }
        int extra = warmUp.extra(spec.warmup(), System.nanoTime() - start, !c.throughput());
        long stretch = System.nanoTime();
        for (int i = 0; i < extra; i++) {
            rootedOnce(ref, c, payload, batch, op++);
        }
        if (c.throughput()) { // the payload count, in rounds (TimedWarmUp.payloadRound)
            int latest = extra > 0 ? extra : spec.warmup();
            long since = extra > 0 ? stretch : start;
            while (true) {
                long now = System.nanoTime();
                int round = warmUp.payloadRound(spec.warmup() + extra, batch, latest, now - since, now - start);
                if (round == 0) {
                    break;
                }
                for (int i = 0; i < round; i++) {
                    rootedOnce(ref, c, payload, batch, op++);
                }
                extra += round;
                latest = round;
                since = now;
            }
        }
        warmedUp = spec.warmup() + extra;
        for (int i = 0; i < spec.samples(); i++) {
            samples[i] = rootedOnce(ref, c, payload, batch, op++);
        }
    }

    /** One timed operation of a rooted case (operation number {@code op} marks a broadcast); nanoseconds per batch. */
    private long rootedOnce(BenchGroup ref, GmiCase c, double[] payload, int batch, int op) throws Exception {
        int len = payload.length / (c == GmiCase.SCATTER ? size : 1);
        if (c == GmiCase.BROADCAST) {
            payload[0] = op;
            payload[len - 1] = op;
        }
        long t0 = System.nanoTime();
        int answers = 0;
        if (gmi) {
            // every member answers, the root's own included (a local delivery)
            if (c == GmiCase.BROADCAST_THROUGHPUT) {
                for (int k = 1; k < batch; k++) {
                    ref.stream(payload);
                }
                answers = ref.streamEnd(payload);
            } else {
                answers = ref.put(payload);
            }
        } else {
            for (int k = 0; k < batch; k++) {
                for (int r = 1; r < size; r++) {
                    peers[r].put(c == GmiCase.SCATTER ? Arrays.copyOfRange(payload, r * len, (r + 1) * len)
                            : payload);
                }
            }
        }
        long t = (System.nanoTime() - t0) / batch;
        if (gmi && answers != size) {
            throw new AssertionError("rank 0: " + answers + " of " + size + " members answered that the array was"
                    + " right (" + member.takeError() + ")");
        }
        return t;
    }

    /** Sums the members' answers at the invoker (a flat combine: every member replies to rank 0). */
    static final class SumOfAnswers extends FlatCombiner {
        @Override
        public int combine(int[] results, Exception[] exceptions) throws Exception {
            int sum = 0;
            for (int i = 0; i < results.length; i++) {
                if (exceptions[i] != null) {
                    throw exceptions[i];
                }
                sum += results[i];
            }
            return sum;
        }
    }

    /** Reduce-to-all and gather-to-all, at every rank; rank 0's samples count. */
    private void toAll(BenchGroup ref, int index, CaseSpec spec, long[] samples) throws Exception {
        boolean reduce = spec.benchCase() == GmiCase.REDUCE_TO_ALL;
        int len = spec.elements();
        double[] mine = new double[len];
        for (int j = 0; j < len; j++) {
            mine[j] = reduce ? rank + 1 + j : rank + 1;
        }
        long start = System.nanoTime();
        for (int i = 0; i < spec.warmup(); i++) {
            toAllOnce(ref, mine, reduce);
        }
        // every rank takes part in every operation, so all run the number of extra operations rank 0 decides
        boolean payload = spec.benchCase().throughput();
        int extra = TimedWarmUp.agree(pool, "gmibench/warm-up/" + index, 0,
                rank == 0 ? warmUp.extra(spec.warmup(), System.nanoTime() - start, !payload) : 0,
                Duration.ofMillis(state.timeoutMillis));
        long stretch = System.nanoTime();
        for (int i = 0; i < extra; i++) {
            toAllOnce(ref, mine, reduce);
        }
        if (payload) { // the payload count, in rounds rank 0 decides (TimedWarmUp.payloadRound)
            int latest = extra > 0 ? extra : spec.warmup();
            long since = extra > 0 ? stretch : start;
            for (int k = 0; ; k++) {
                long now = System.nanoTime();
                int round = TimedWarmUp.agree(pool, "gmibench/warm-up/" + index + "/payload/" + k, 0, rank == 0
                        ? warmUp.payloadRound(spec.warmup() + extra, 1, latest, now - since, now - start) : 0,
                        Duration.ofMillis(state.timeoutMillis));
                if (round == 0) {
                    break;
                }
                for (int i = 0; i < round; i++) {
                    toAllOnce(ref, mine, reduce);
                }
                extra += round;
                latest = round;
                since = now;
            }
        }
        warmedUp = spec.warmup() + extra;
        for (int i = 0; i < spec.samples(); i++) {
            samples[i] = toAllOnce(ref, mine, reduce);
        }
    }

    /** One reduce- or gather-to-all, checked; nanoseconds. */
    private long toAllOnce(BenchGroup ref, double[] mine, boolean reduce) throws Exception {
        long t0 = System.nanoTime();
        double[] res = gmi ? ref.result(mine) : rmiLoop(mine, reduce);
        check(res, reduce, mine.length);
        return System.nanoTime() - t0;
    }

    /** The naive version: everyone sends to rank 0, which combines and calls every rank in turn. */
    private double[] rmiLoop(double[] mine, boolean reduce) throws Exception {
        if (rank != 0) {
            peers[0].contribute(rank, mine);
            return state.take(state.results, "rmi-loop result");
        }
        int len = mine.length;
        double[] res = reduce ? mine.clone() : new double[len * size];
        if (!reduce) {
            System.arraycopy(mine, 0, res, 0, len);
        }
        for (int k = 1; k < size; k++) {
            RankState.Contribution c = state.take(state.contributions, "rmi-loop contribution");
            if (reduce) {
                for (int j = 0; j < len; j++) {
                    res[j] += c.v()[j];
                }
            } else {
                System.arraycopy(c.v(), 0, res, c.rank() * len, len);
            }
        }
        for (int r = 1; r < size; r++) {
            peers[r].deliver(res);
        }
        return res;
    }

    private void check(double[] res, boolean reduce, int len) {
        if (reduce) {
            double base = size * (size + 1) / 2.0;
            if (res.length != len || res[0] != base || res[len - 1] != base + (double) size * (len - 1)) {
                throw new AssertionError("rank " + rank + ": wrong reduce result (length " + res.length + ", first "
                        + res[0] + ", expected " + base + ")");
            }
            return;
        }
        if (res.length != len * size) {
            throw new AssertionError("rank " + rank + ": gathered " + res.length + " doubles, expected " + len * size);
        }
        for (int r = 0; r < size; r++) {
            if (res[r * len] != r + 1 || res[r * len + len - 1] != r + 1) {
                throw new AssertionError("rank " + rank + ": block " + r + " of the gather holds " + res[r * len]);
            }
        }
    }
}
