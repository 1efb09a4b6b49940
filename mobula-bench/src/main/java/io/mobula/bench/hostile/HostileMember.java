package io.mobula.bench.hostile;

import io.mobula.bench.repmi.Counter;
import io.mobula.bench.repmi.CounterRoot;
import io.mobula.gmi.Group;
import io.mobula.gmi.HostileGroupPeer;
import io.mobula.gmi.ReturnReply;
import io.mobula.gmi.SingleInvocation;
import io.mobula.pool.Member;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolCoordinator;
import io.mobula.pool.PoolOptions;
import io.mobula.repmi.Cloud;
import io.mobula.repmi.HostileReplicaPeer;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.rmi.ServerException;
import java.util.Map;

/**
 * A rank of the pool that {@link PoolAttack} attacks: it joins the pool its system properties describe, forms the
 * GMI group {@value #NAME} ({@link HostileGroup}) and holds a replica of the RepMI cloud {@value #NAME}
 * ({@link Counter}), then answers commands on standard input, one per line:
 * <ul>
 *   <li>{@code CHECK n}: a barrier, a group call to the next rank, and (every rank but the last) one write to the
 *       cloud, a barrier, and a read: prints {@code CHECK ok answer A, writes W, discarded D} when the call
 *       answered right and the cloud holds exactly {@code (size - 1) * n} writes (D: the invocations of this
 *       process's member that failed with nobody to tell, {@code Group.counters()}), else
 *       {@code CHECK failed <reason>};</li>
 *   <li>{@code ATTACK-POOL v}, {@code ATTACK-GMI v}, {@code ATTACK-REPMI}: the last rank, a member holding the
 *       cluster secret, attacks rank {@code v} through the coordinator, its GMI port, or the cloud's sequencer, and
 *       {@code FLOOD-REPMI v n b} publishes n payloads of b bytes to rank v's replica that no order will come for,
 *       prints one {@code OUTCOME <attack> <refused|accepted|sent> <what it was told>} line per attack, then
 *       {@code DONE};</li>
 *   <li>{@code AWAIT-DISCARDED n}: waits (bounded) until n invocations of this process's member failed with
 *       nobody to tell, and prints {@code DISCARDED <count>};</li>
 *   <li>{@code QUIT} (or end of input): leaves the pool and exits.</li>
 * </ul>
 * Every pool event is printed as {@code EVENT <kind> <rank> <detail>}.
 */
public final class HostileMember {
    static final String NAME = "hostile";
    /** Call ids of the forged RepMI writes: far above any this process's own writes use. */
    private static final long FORGED_CALLS = 1L << 40;

    private final Pool pool;
    private final PoolOptions options;
    private final HostileGroup group;
    private final Counter counter;
    private final PrintStream out;

    private HostileMember(Pool pool, PoolOptions options, HostileGroup group, Counter counter, PrintStream out) {
        this.pool = pool;
        this.options = options;
        this.group = group;
        this.counter = counter;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        PoolOptions options = PoolOptions.fromEnvironment();
        Pool pool = Pool.join(options);
        pool.addListener(ev -> println(out, "EVENT " + ev.kind() + " " + ev.rank() + " " + ev.detail()));
        HostileGroup group = Group.form(pool, NAME, HostileGroup.class, new HostileGroupMember());
        int next = (pool.rank() + 1) % pool.size();
        Group.findMethod(group, "int answer(int)").configure(new SingleInvocation(next), new ReturnReply(next));
        Cloud.attach(pool);
        Counter counter = pool.rank() == 0 ? Cloud.create(Counter.class, CounterRoot.class, NAME)
                : Cloud.lookup(NAME, Counter.class);
        pool.barrier();
        println(out, "READY " + pool.rank() + " " + pool.self().address());
        new HostileMember(pool, options, group, counter, out).serve();
    }

    private void serve() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null && !line.equals("QUIT")) {
            String[] w = line.split(" ");
            try {
                switch (w[0]) {
                    case "CHECK" -> check(Integer.parseInt(w[1]));
                    case "ATTACK-POOL" -> attackPool(Integer.parseInt(w[1]));
                    case "ATTACK-GMI" -> attackGmi(Integer.parseInt(w[1]));
                    case "ATTACK-REPMI" -> attackRepmi();
                    case "AWAIT-DISCARDED" -> awaitDiscarded(Long.parseLong(w[1]));
                    case "FLOOD-REPMI" -> flood(Integer.parseInt(w[1]), Integer.parseInt(w[2]),
                            Integer.parseInt(w[3]));
                    default -> println(out, "UNKNOWN " + line);
                }
            } catch (Exception e) {
                println(out, w[0] + " failed " + oneLine(e));
            }
        }
        pool.close();
        System.exit(0);
    }

    private void check(int round) throws Exception {
        pool.barrier();
        int next = (pool.rank() + 1) % pool.size();
        int answer = group.answer(round);
        if (answer != 1000 * next + round) {
            println(out, "CHECK failed the group call answered " + answer + ", not " + (1000 * next + round));
            return;
        }
        if (pool.rank() < pool.size() - 1) {
            counter.set(round);
        }
        pool.barrier();
        int sets = counter.sets();
        int expected = (pool.size() - 1) * round;
        println(out, sets == expected ? "CHECK ok answer " + answer + ", writes " + sets + ", discarded "
                + Group.counters().discardedExceptions()
                : "CHECK failed the cloud holds " + sets + " writes, not " + expected);
    }

    /**
     * Waits (at most 20 s) until {@code n} invocations of this process's member failed with nobody to tell (the
     * hostile ones are one-way: they may still be on their way or decoding), then prints {@code DISCARDED <count>}.
     */
    private void awaitDiscarded(long n) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        while (Group.counters().discardedExceptions() < n && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        println(out, "DISCARDED " + Group.counters().discardedExceptions());
    }

    /** In the pool's coordinator, speaks for rank {@code victim} as far as it lets a member. */
    private void attackPool(int victim) throws Exception {
        PoolCoordinator c = (PoolCoordinator) LocateRegistry.getRegistry(options.serverHost(), options.serverPort())
                .lookup(PoolCoordinator.NAME);
        String p = pool.name();
        Member v = pool.member(victim);
        Member forged = new Member(victim, pool.self().address(), v.host(), ProcessHandle.current().pid(), null);
        outcome("pool-join-as-rank-" + victim, () -> c.join(p, pool.size(), forged, 2_000));
        outcome("pool-heartbeat-as-rank-" + victim, () -> c.heartbeat(p, victim, 0));
        outcome("pool-barrier-as-rank-" + victim, () -> c.barrier(p, victim, 1_000_000, 1_000));
        outcome("pool-leave-as-rank-" + victim, () -> c.leave(p, victim));
        outcome("pool-report-rank-" + victim + "-gone", () -> c.report(p, pool.rank(), victim, "a hostile member"));
        println(out, "DONE");
    }

    /** Invocations of member {@code victim} with a malformed header and with hostile parameters. */
    private void attackGmi(int victim) throws Exception {
        var s = Rmi.serialization();
        byte[] junk = new byte[48];
        new java.util.Random(11).nextBytes(junk);
        byte[] goodParameters = s.toBytes(new Object[] {1});
        sent("gmi-malformed-header", () -> HostileGroupPeer.invoke(victim, victim, junk, goodParameters));
        // a serialized value where the header's own layout belongs (the form headers had before InvokeHeader)
        sent("gmi-header-not-an-invocation", () -> HostileGroupPeer.invoke(victim, victim,
                s.toBytes(new Object[] {NAME, new int[] {1, 2}}), goodParameters));
        int call = 0;
        for (Map.Entry<String, byte[]> a : HostilePayloads.parameterAttacks(s).entrySet()) {
            call++;
            // method 0 of the group (its only one), this rank's process as the invoker, no reply wanted
            byte[] header = HostileGroupPeer.discardingHeader(NAME, 0, victim, pool.rank(), (1L << 52) + call);
            sent("gmi-" + a.getKey(), () -> HostileGroupPeer.invoke(victim, victim, header, a.getValue()));
        }
        println(out, "DONE");
    }

    /** Writes to the cloud whose payloads are hostile, submitted to the sequencer in this process's name. */
    private void attackRepmi() throws Exception {
        long call = FORGED_CALLS;
        for (Map.Entry<String, byte[]> a : HostilePayloads.parameterAttacks(Rmi.serialization()).entrySet()) {
            long id = call++;
            sent("repmi-" + a.getKey(), () -> HostileReplicaPeer.submit(NAME, 0, id, a.getValue()));
        }
        println(out, "DONE");
    }

    /**
     * Publishes {@code count} payloads of {@code bytes} random bytes to rank {@code victim}'s replica in the name of
     * a writer that is no process of the pool, never submitting them: no order comes for any.
     */
    private void flood(int victim, int count, int bytes) {
        byte[] junk = new byte[bytes];
        new java.util.Random(13).nextBytes(junk);
        int origin = pool.size() + 100;
        sent("repmi-publish-flood-" + count + "x" + bytes, () -> {
            for (int i = 0; i < count; i++) {
                HostileReplicaPeer.publish(victim, NAME, origin, FORGED_CALLS + i, junk);
            }
        });
        println(out, "DONE");
    }

    private interface Step {
        void run() throws Exception;
    }

    private void outcome(String attack, Step a) {
        try {
            a.run();
            println(out, "OUTCOME " + attack + " accepted -");
        } catch (Exception e) {
            Throwable told = e instanceof ServerException && e.getCause() != null ? e.getCause() : e;
            println(out, "OUTCOME " + attack + " refused " + oneLine(told));
        }
    }

    private void sent(String attack, Step a) {
        try {
            a.run();
            println(out, "OUTCOME " + attack + " sent -");
        } catch (Exception e) {
            println(out, "OUTCOME " + attack + " not-sent " + oneLine(e));
        }
    }

    private static String oneLine(Throwable t) {
        return (t.getClass().getSimpleName() + ": " + t.getMessage()).replace('\n', ' ');
    }

    private static void println(PrintStream out, String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
