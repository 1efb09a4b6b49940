package io.mobula.bench.scale;

import io.mobula.bench.repmi.Counter;
import io.mobula.bench.repmi.CounterRoot;
import io.mobula.gmi.CombineReply;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.Combiners;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.FlatCombiner;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.InvocationCombiners;
import io.mobula.gmi.PersonalizedInvocation;
import io.mobula.gmi.PersonalizedReply;
import io.mobula.gmi.Personalizers;
import io.mobula.gmi.ReplyPersonalizers;
import io.mobula.gmi.ReturnReply;
import io.mobula.gmi.SingleInvocation;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import io.mobula.pool.PoolOptions;
import io.mobula.pool.PoolServer;
import io.mobula.repmi.Cloud;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiConfig;
import io.mobula.transport.TrafficObserver;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One simulated process: loaded once per node by its {@link MemberLoader}, so its static state is that node's, as a
 * {@code main} class's would be. The simulation calls these methods reflectively, with JDK and transport types only.
 * Each node runs the real RMI runtime, pool, GMI and RepMI code over TCP on loopback; nothing in it knows it shares
 * the JVM with others.
 */
public final class SimMember {
    /** Long enough that no lease renewal, pool heartbeat or liveness ping falls into a measurement. */
    static final Duration QUIET = Duration.ofHours(1);
    static final String GROUP = "scale";
    static final String CLOUD = "scale-counter";

    private static Pool pool;
    private static ScaleGroup group;
    private static Counter counter;

    private SimMember() {
    }

    /**
     * Configures this node's RMI runtime: TCP only, authenticated with {@code secret}, no periodic traffic, and
     * handshakes given as long as an operation ({@code timeoutMs}, at least 2 minutes: hundreds of nodes share two
     * cores, so a connection's handshake may wait minutes for a thread, and one dropped for that would be retried,
     * which is not what is measured).
     */
    public static void start(TrafficObserver traffic, byte[] secret, long timeoutMs) {
        Rmi.configure(RmiConfig.fromSystemProperties().withTransports(List.of("tcp")).withSecret(secret)
                .withHeartbeat(Duration.ZERO, Duration.ofSeconds(6)).withLease(QUIET)
                .withHandshakeTimeout(Duration.ofMillis(Math.max(120_000, timeoutMs))).withTraffic(traffic));
    }

    /** Serves the pool coordinator from this node; returns its port. */
    public static int serveCoordinator() throws RemoteException {
        return PoolServer.start(0, QUIET).port();
    }

    /** Joins the pool as {@code rank} of {@code size}; returns when the pool is complete. */
    public static void join(String name, int rank, int size, int port, long timeoutMs) throws PoolException {
        pool = Pool.join(new PoolOptions(name, rank, size, "127.0.0.1", port, false, Duration.ofMillis(timeoutMs),
                QUIET, null));
    }

    /** Forms the group of the whole pool and configures each method's scheme once. */
    public static void formGroup(AtomicLong runs) {
        ScaleGroup g = Group.form(pool, GROUP, ScaleGroup.class, new ScaleMember(runs));
        int rank = pool.rank();
        int size = pool.size();
        Group.findMethod(g, "void put(double[])").configure(new GroupInvocation(), new DiscardReply());
        Group.findMethod(g, "int ack(double[])").configure(new GroupInvocation(), new CombineReply(new Sum()));
        Group.findMethod(g, "int sum(int)").configure(new GroupInvocation(), new CombineReply(Combiners.sum()));
        Group.findMethod(g, "double[] reduce(double[])").configure(new CombinedInvocation("reduce", rank, size,
                InvocationCombiners.sum(0), new SingleInvocation(0)), new ReturnReply(0));
        Group.findMethod(g, "double[] gather(double[])").configure(new CombinedInvocation("gather", rank, size,
                InvocationCombiners.concat(0), new SingleInvocation(0)), new ReturnReply(0));
        Group.findMethod(g, "void scatter(double[])").configure(new PersonalizedInvocation(Personalizers.split(0)),
                new DiscardReply());
        Group.findMethod(g, "double[] combinedScatter(double[])").configure(new CombinedInvocation("scatter", rank,
                size, InvocationCombiners.concat(0), new SingleInvocation(0)), new PersonalizedReply(
                ReplyPersonalizers.split(), new ReturnReply(0)));
        Group.findMethod(g, "double[] exchange(double[])").configure(new CombinedInvocation("exchange", rank, size,
                InvocationCombiners.first(), new GroupInvocation()), new PersonalizedReply(ReplyPersonalizers.split(),
                new CombineReply(Combiners.concat())));
        group = g;
    }

    /**
     * Runs one operation from this node and returns a number that checks it: the answers or the sum it got, the
     * length of the combined vector, the element a personalized result gave this participant; for {@code put} and
     * {@code scatter}, which return nothing, 0.
     */
    public static long op(String operation, int value) {
        double[] v = {value};
        return switch (operation) {
            case "broadcast" -> {
                group.put(v);
                yield 0;
            }
            case "broadcast-ack" -> group.ack(v);
            case "reduce" -> group.sum(value);
            case "reduce-to-all" -> (long) group.reduce(v)[0];
            case "gather-to-all" -> group.gather(v).length;
            case "scatter" -> {
                double[] all = new double[pool.size()];
                for (int i = 0; i < all.length; i++) {
                    all[i] = i;
                }
                group.scatter(all);
                yield 0;
            }
            case "combined-scatter" -> one(group.combinedScatter(new double[] {pool.rank()}));
            case "all-to-all" -> one(group.exchange(v));
            default -> throw new IllegalArgumentException("unknown operation " + operation);
        };
    }

    /** The one element of a personalized result (each participant's is its rank), or -1 when it is not one. */
    private static long one(double[] r) {
        return r.length == 1 ? (long) r[0] : -1;
    }

    /** Creates (rank 0) or looks up the replicated counter. */
    public static void cloud() {
        Cloud.attach(pool);
        counter = pool.rank() == 0 ? Cloud.create(Counter.class, CounterRoot.class, CLOUD)
                : Cloud.lookup(CLOUD, Counter.class);
    }

    /** A RepMI write: returns once it is applied on this node's replica. */
    public static void write(int value) {
        counter.set(value);
    }

    /** The writes this node's replica applied. */
    public static int writesApplied() {
        return counter.sets();
    }

    /** The hash of the values this node's replica applied, in the order applied. */
    public static long writeHistory() {
        return counter.history();
    }

    /** Leaves the pool (its heartbeat thread ends). */
    public static void close() {
        if (pool != null) {
            pool.close();
        }
    }

    /** Sums int answers at the invoker: every member replies to it (a flat combine). */
    static final class Sum extends FlatCombiner {
        @Override
        public int combine(int[] results, Exception[] exceptions) throws Exception {
            int s = 0;
            for (int i = 0; i < results.length; i++) {
                if (exceptions[i] != null) {
                    throw exceptions[i];
                }
                s += results[i];
            }
            return s;
        }
    }
}
