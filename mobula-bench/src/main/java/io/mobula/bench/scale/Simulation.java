package io.mobula.bench.scale;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * A pool of {@code n} members and its coordinator in this JVM, each node with its own class loader
 * ({@link MemberLoader}) and so its own RMI runtime, pool, GMI and RepMI, connected over TCP on loopback; a
 * {@link Traffic} ledger counts every frame. Measures, one at a time on a quiet cluster: pool formation, group
 * formation, each GMI collective, cloud formation and RepMI writes (docs/PERFORMANCE.md, "Scale").
 *
 * <p>Every operation is run once unmeasured first (connections are made and stubs travel on first use, and that is
 * formation's cost, not the operation's), then measured; a measurement ends when the operation is complete everywhere
 * (the members ran it, or every replica applied the writes) and no frame is on its way.
 */
public final class Simulation implements AutoCloseable {
    /** The GMI operations, in the order measured. */
    static final List<String> GMI_OPERATIONS = List.of("broadcast", "broadcast-ack", "reduce", "reduce-to-all",
            "gather-to-all", "scatter", "combined-scatter", "all-to-all");
    /** RepMI writes measured per size (the counts are per write). */
    static final int WRITES = 4;
    /** Every operation that can be chosen ({@link #run(int, long, List, CostModel, java.util.function.Consumer)}). */
    static final List<String> OPERATIONS = List.of("broadcast", "broadcast-ack", "reduce", "reduce-to-all",
            "gather-to-all", "scatter", "combined-scatter", "all-to-all", "repmi-write");
    /** Writes each member makes at once after the measurements, to check that every replica orders them alike. */
    static final int CONCURRENT_WRITES = 3;
    /** How many members make those writes at once. */
    static final int CONCURRENT_WRITERS = 16;

    private final int n;
    private final int coordinator;
    private final Traffic traffic;
    private final Class<?>[] agentClasses;
    private final AtomicLong runs = new AtomicLong();
    private final long timeoutMs;
    private final ExecutorService threads;
    private final List<String> operations;
    private final CostModel costModel;

    private Simulation(int n, long timeoutMs, List<String> operations, CostModel costModel) throws Exception {
        this.n = n;
        this.operations = operations;
        this.coordinator = n;
        this.timeoutMs = timeoutMs;
        this.costModel = costModel;
        this.traffic = new Traffic(n + 1, costModel == null ? List.of() : costModel.transports());
        this.agentClasses = new Class<?>[n + 1];
        // members' threads inherit no context class loader, so every layer loads through its own node's loader
        this.threads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("sim-", 0).factory());
        URL[] urls = MemberLoader.layerLocations();
        for (int i = 0; i <= n; i++) {
            agentClasses[i] = Class.forName(SimMember.class.getName(), true,
                    new MemberLoader(i, urls, Simulation.class.getClassLoader()));
        }
    }

    /**
     * Runs the whole simulation at size {@code n} and returns its rows: pool-form, group-form, the GMI operations,
     * cloud-form, repmi-write.
     */
    static List<ScaleRow> run(int n, long timeoutMs) throws Exception {
        List<ScaleRow> rows = new ArrayList<>();
        run(n, timeoutMs, OPERATIONS, null, rows::add);
        return rows;
    }

    /**
     * Measures {@code operations} (of {@link #OPERATIONS}; "repmi-write" brings cloud-form with it) after pool and
     * group formation, which every operation needs, handing each row to {@code rows} as soon as it is measured; with
     * a {@code costModel} (or null), each row also carries the latency it predicts ({@link Traffic}).
     */
    static void run(int n, long timeoutMs, List<String> operations, CostModel costModel,
            java.util.function.Consumer<ScaleRow> rows) throws Exception {
        for (String op : operations) {
            if (!OPERATIONS.contains(op)) {
                throw new IllegalArgumentException("unknown operation " + op + "; one of " + OPERATIONS);
            }
        }
        Thread me = Thread.currentThread();
        ClassLoader context = me.getContextClassLoader();
        me.setContextClassLoader(null);
        try (Simulation s = new Simulation(n, timeoutMs, operations, costModel)) {
            s.all(rows);
        } finally {
            me.setContextClassLoader(context);
        }
    }

    private void all(java.util.function.Consumer<ScaleRow> rows) throws Exception {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        for (int i = 0; i <= n; i++) {
            call(i, "start", traffic.node(i), secret, timeoutMs);
        }
        int port = (Integer) call(coordinator, "serveCoordinator");
        settle(() -> true);
        traffic.reset();
        everyMember(r -> call(r, "join", "scale-sim", r, n, port, timeoutMs));
        settle(() -> true);
        rows.accept(row("pool-form", 1));

        gmiOperations(rows);
        if (operations.contains("repmi-write")) {
            repmiOperations(rows);
        }
    }

    /** Group formation and the GMI operations. */
    private void gmiOperations(java.util.function.Consumer<ScaleRow> rows) throws Exception {
        traffic.reset();
        everyMember(r -> call(r, "formGroup", runs));
        settle(() -> true);
        rows.accept(row("group-form", 1));

        for (String op : GMI_OPERATIONS) {
            if (!operations.contains(op)) {
                continue;
            }
            gmi(op, 1); // first use: connections, stubs, combined-invocation set-up
            settle(() -> true);
            traffic.reset();
            gmi(op, 2);
            rows.accept(row(op, 1));
        }
    }

    /** Cloud formation and RepMI writes. */
    private void repmiOperations(java.util.function.Consumer<ScaleRow> rows) throws Exception {
        traffic.reset();
        call(0, "cloud");
        List<Integer> others = new ArrayList<>();
        for (int r = 1; r < n; r++) {
            others.add(r);
        }
        parallel(others, r -> call(r, "cloud"));
        settle(() -> true);
        rows.accept(row("cloud-form", 1));

        int writer = n - 1;
        call(writer, "write", 1); // first write: the connections its payload and its order go over
        awaitApplied(1);
        settle(() -> true);
        traffic.reset();
        // each write timed alone: applied everywhere and the traffic stopped before the next
        double[] sum = new double[traffic.models().size()];
        double[] sumBound = new double[sum.length];
        for (int w = 2; w < 2 + WRITES; w++) {
            traffic.restartTiming();
            call(writer, "write", w);
            awaitApplied(w);
            settle(() -> true);
            double[] p = traffic.predicted();
            double[] b = traffic.predictedBound();
            for (int i = 0; i < sum.length; i++) {
                sum[i] += p[i];
                sumBound[i] += b[i];
            }
        }
        for (int i = 0; i < sum.length; i++) {
            sum[i] /= WRITES;
            sumBound[i] /= WRITES;
        }
        rows.accept(row("repmi-write", WRITES, sum, sumBound));
        sameOrderEverywhere(1 + WRITES);
    }

    /**
     * Not measured: {@link #CONCURRENT_WRITERS} members spread over the ranks (every member below that) write
     * {@link #CONCURRENT_WRITES} values each at once, and every replica must have applied them all in the same order
     * (one total order, carried along the relay tree from {@code mobula.repmi.relayFrom} replicas on); the simulation
     * fails otherwise. Not every member writes: each writer's payloads reach every replica over N - 1 connections
     * (from the writer, or along its tree, each rooted elsewhere, from 16 replicas on), and N^2 connections in one JVM
     * exceed its open files from N = 128 on; from N = 256 on, fewer than 16 write (2048 / N: 4 at N = 512, 2 at
     * N = 1024), since 16 x 512 connections (two descriptors each, both ends in this process) reach the 20,000 this
     * machine allows one process.
     */
    private void sameOrderEverywhere(int before) throws Exception {
        List<Integer> all = new ArrayList<>();
        int writers = Math.min(n, Math.max(2, Math.min(CONCURRENT_WRITERS, 2048 / n)));
        for (int i = 0; i < writers; i++) {
            all.add(i * n / writers);
        }
        parallel(all, r -> {
            for (int i = 0; i < CONCURRENT_WRITES; i++) {
                call(r, "write", 1_000 * (r + 1) + i);
            }
            return null;
        });
        awaitApplied(before + writers * CONCURRENT_WRITES);
        long first = (Long) call(0, "writeHistory");
        for (int r = 1; r < n; r++) {
            long h = (Long) call(r, "writeHistory");
            if (h != first || (Integer) call(r, "writesApplied") != before + writers * CONCURRENT_WRITES) {
                throw new IllegalStateException("at N = " + n + " replica " + r + " applied the writes of every member"
                        + " in another order than replica 0 (history " + h + " against " + first + ")");
            }
        }
    }

    /**
     * Runs a GMI operation (rooted at rank 0, or from every rank for the combined ones) and checks its result: the
     * value, or for the personalized ones each participant's own element.
     */
    private void gmi(String op, int value) throws Exception {
        long before = runs.get();
        long expectRuns;
        switch (op) {
            case "scatter" -> {
                call(0, "op", op, value);
                expectRuns = n; // each member counts its run only when it got its own element
            }
            case "combined-scatter", "all-to-all" -> {
                List<Integer> all = new ArrayList<>();
                for (int r = 0; r < n; r++) {
                    all.add(r);
                }
                parallel(all, r -> {
                    long got = (Long) call(r, "op", op, value);
                    if (got != r) {
                        throw new IllegalStateException(op + " at N = " + n + ", rank " + r + " got " + got
                                + ", expected its own element " + r);
                    }
                    return null;
                });
                // combined scatter: member 0 runs the combined invocation; all-to-all: every member does
                expectRuns = op.equals("all-to-all") ? n : 1;
            }
            case "broadcast", "broadcast-ack", "reduce" -> {
                long got = (Long) call(0, "op", op, value);
                long want = switch (op) {
                    case "broadcast" -> 0;
                    case "broadcast-ack" -> n;
                    default -> (long) n * value;
                };
                if (got != want) {
                    throw new IllegalStateException(op + " at N = " + n + " returned " + got + ", expected " + want);
                }
                expectRuns = n;
            }
            default -> {
                List<Integer> all = new ArrayList<>();
                for (int r = 0; r < n; r++) {
                    all.add(r);
                }
                long want = op.equals("reduce-to-all") ? (long) n * value : n;
                parallel(all, r -> {
                    long got = (Long) call(r, "op", op, value);
                    if (got != want) {
                        throw new IllegalStateException(op + " at N = " + n + ", rank " + r + " got " + got
                                + ", expected " + want);
                    }
                    return null;
                });
                expectRuns = 1; // participant 0 invokes member 0 once with the combined vector
            }
        }
        settle(() -> runs.get() - before >= expectRuns);
        if (runs.get() - before != expectRuns) {
            throw new IllegalStateException(op + " at N = " + n + " ran " + (runs.get() - before) + " times, expected "
                    + expectRuns);
        }
    }

    private void awaitApplied(int writes) throws Exception {
        try {
            settle(() -> behind(writes).isEmpty());
        } catch (TimeoutException e) {
            Map<Integer, Integer> behind = behind(writes);
            throw new TimeoutException(e.getMessage() + "; " + behind.size() + " replica(s) applied fewer than "
                    + writes + " writes (pool rank=writes applied): " + behind.entrySet().stream().limit(20)
                    .map(String::valueOf).collect(Collectors.joining(", ")));
        }
    }

    /** The members whose replica applied fewer than {@code writes} writes, with the count each applied. */
    private Map<Integer, Integer> behind(int writes) {
        Map<Integer, Integer> behind = new java.util.TreeMap<>();
        for (int r = 0; r < n; r++) {
            try {
                int applied = (Integer) call(r, "writesApplied");
                if (applied < writes) {
                    behind.put(r, applied);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        return behind;
    }

    /**
     * Waits until {@code done}, then until the traffic stops: no frame sent or received for 50 ms (a frame sent in
     * reaction to one just received goes out within microseconds). A frame that never arrives (its connection closed
     * first) does not hold this up; {@link ScaleRow#undelivered} counts those.
     */
    private void settle(BooleanSupplier done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new TimeoutException("N = " + n + ": an operation did not complete within " + timeoutMs + " ms");
            }
            Thread.sleep(2);
        }
        long last = -1;
        int quiet = 0;
        while (quiet < 5) {
            if (System.nanoTime() - deadline > 0) {
                throw new TimeoutException("N = " + n + ": traffic did not stop within " + timeoutMs + " ms");
            }
            Thread.sleep(10);
            long now = traffic.totalFrames() + traffic.totalReceived() + traffic.inFlight();
            if (now == last) {
                quiet++;
            } else {
                quiet = 0;
            }
            last = now;
        }
    }

    private ScaleRow row(String operation, int ops) {
        return row(operation, ops, traffic.predicted(), traffic.predictedBound());
    }

    /** The row of what {@link #traffic} counted, with the predicted latency of one operation per model. */
    private ScaleRow row(String operation, int ops, double[] predicted, double[] predictedBound) {
        if (traffic.unmatched() != 0) {
            throw new IllegalStateException(traffic.unmatched() + " frames arrived without a recorded send: the"
                    + " depth of " + operation + " would be wrong");
        }
        long max = 0;
        long sum = 0;
        for (int r = 0; r < n; r++) {
            long s = traffic.framesSent(r);
            max = Math.max(max, s);
            sum += s;
        }
        return new ScaleRow(n, operation, ops, traffic.totalFrames(), traffic.totalBytes(), max, (double) sum / n,
                traffic.maxDepth(), traffic.maxDepthBound(),
                traffic.framesSent(coordinator) + traffic.framesReceived(coordinator),
                traffic.bytesSent(coordinator) + traffic.bytesReceived(coordinator),
                traffic.framesSent(0) + traffic.framesReceived(0), traffic.bytesSent(0) + traffic.bytesReceived(0),
                traffic.totalFrames() - traffic.totalReceived(), traffic.pathBytes(),
                costModel == null ? null : costModel.file(), predictions(predicted, predictedBound));
    }

    private List<ScaleRow.Prediction> predictions(double[] predicted, double[] predictedBound) {
        List<ScaleRow.Prediction> out = new ArrayList<>();
        for (int i = 0; i < predicted.length; i++) {
            out.add(new ScaleRow.Prediction(traffic.models().get(i).transport(), predicted[i], predictedBound[i]));
        }
        return out;
    }

    private interface RankTask {
        Object run(int rank) throws Exception;
    }

    private void everyMember(RankTask task) throws Exception {
        List<Integer> all = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            all.add(r);
        }
        parallel(all, task);
    }

    /** Runs {@code task} for every rank at once, each on a thread of its own; waits (bounded) for all. */
    private void parallel(List<Integer> ranks, RankTask task) throws Exception {
        List<Future<Object>> fs = new ArrayList<>();
        for (int r : ranks) {
            Callable<Object> c = () -> task.run(r);
            fs.add(threads.submit(c));
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        for (Future<Object> f : fs) {
            try {
                f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception x ? x : e;
            }
        }
    }

    /** Calls {@code SimMember.method(args)} in node {@code node}. */
    private Object call(int node, String method, Object... args) throws Exception {
        Class<?> c = agentClasses[node];
        for (Method m : c.getMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                try {
                    Object r = m.invoke(null, args);
                    return r instanceof Integer i && m.getReturnType() == long.class ? (long) i : r;
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception x ? x : new IllegalStateException(e.getCause());
                }
            }
        }
        throw new NoSuchMethodException(method);
    }

    @Override
    public void close() {
        for (int r = 0; r < n; r++) {
            try {
                call(r, "close");
            } catch (Exception e) {
                // leaving is best effort: the JVM ends after the simulation
            }
        }
        threads.shutdownNow();
    }
}
