package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import io.mobula.repmi.CloudCounters;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A process that starts using RepMI after the others have written (run with 3 ranks): ranks 0 and 1 create a stack
 * and push {@code PUSHES} values each (argument, default 100; the stack is a linked list as deep as its size, so
 * 1000 makes a cloud nested far deeper than the serializer's depth limit); only then does rank 2 attach, receiving a snapshot of every cloud at its JOIN's place in
 * the order; all three push more, then compare their replicas' state hashes (which cover the nodes' deterministic
 * hash codes too). Exit 0 when they are equal.
 *
 * <p>Then rank 1 alone pushes {@value #ONCE} values and every rank prints what its RepMI sent meanwhile
 * ({@link Cloud#counters}): a write's payload must cross the network once, from its writer to each other replica, and
 * the sequencer (rank 0) send only orders.
 */
public final class LateJoinMain {
    /** The writes of the last phase, all from rank 1. */
    static final int ONCE = 40;

    private LateJoinMain() {
    }

    public static void main(String[] args) {
        // a poll window long enough that a writer on a loaded machine still takes its orders in itself
        System.setProperty("mobula.pollMicros", "20000");
        int pushes = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int code = 0;
        try (Pool pool = Pool.join()) {
            int me = pool.rank();
            if (me == 2) {
                pool.await(List.of("late/go"), Duration.ofSeconds(60)); // wait until the others have written
            }
            Cloud.attach(pool);
            if (me == 0) {
                Cloud.create(Stack.class, StackRoot.class, "late");
            }
            Stack s = Cloud.lookup("late", Stack.class);
            if (me < 2) {
                for (int i = 0; i < pushes; i++) {
                    s.push(me * 1_000_000 + i);
                }
                pool.publish("late/wrote/" + me, Boolean.TRUE);
                if (me == 0) {
                    pool.await(List.of("late/wrote/0", "late/wrote/1"), Duration.ofSeconds(60));
                    pool.publish("late/go", Boolean.TRUE);
                }
            } else {
                System.out.println("[late] rank 2 joined with " + s.size() + " values in its replica");
            }
            for (int i = 0; i < 20; i++) {
                s.push(10_000 * (me + 1) + i);
            }
            pool.barrier();
            s.sync();
            pool.publish("late/state/" + me, new long[] {s.stateHash(), s.size()});
            pool.publish("late/values/" + me, s.values());
            Map<String, Serializable> all = pool.await(List.of("late/state/0", "late/state/1", "late/state/2",
                    "late/values/0", "late/values/1", "late/values/2"), Duration.ofSeconds(60));
            long[] mine = (long[]) all.get("late/state/" + me);
            for (int r = 0; r < 3; r++) {
                long[] v = (long[]) all.get("late/state/" + r);
                if (v[0] != mine[0] || v[1] != mine[1]) {
                    throw new AssertionError("replica " + r + " (hash " + v[0] + ", size " + v[1] + ") differs from "
                            + "replica " + me + " (hash " + mine[0] + ", size " + mine[1] + "): its values, top first, "
                            + java.util.Arrays.toString((int[]) all.get("late/values/" + r)) + ", this replica's "
                            + java.util.Arrays.toString((int[]) all.get("late/values/" + me)));
                }
            }
            if (me == 0) {
                System.out.println("[late] the late joiner's replica equals the others': " + mine[1] + " values");
            }
            pool.barrier();
            sendOnce(pool, s, (int) mine[1]);
        } catch (Throwable t) {
            System.err.println("[late] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }

    /** Rank 1 pushes {@link #ONCE} values; each rank prints what its RepMI sent meanwhile. */
    private static void sendOnce(Pool pool, Stack s, int size) throws Exception {
        CloudCounters before = Cloud.counters();
        pool.barrier(); // every rank counts from before the first of these writes
        if (pool.rank() == 1) {
            for (int i = 0; i < ONCE; i++) {
                s.push(7_000_000 + i);
            }
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (s.size() < size + ONCE) { // applied here, so every message of these writes was sent to this rank
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("rank " + pool.rank() + " holds " + s.size() + " values after 30 s, not "
                        + (size + ONCE));
            }
            Thread.sleep(1);
        }
        pool.barrier();
        CloudCounters after = Cloud.counters();
        System.out.println("[once] rank " + pool.rank() + " made " + (after.writes() - before.writes())
                + " writes and sent " + (after.payloadsSent() - before.payloadsSent()) + " payloads ("
                + (after.payloadBytesSent() - before.payloadBytesSent()) + " bytes) and "
                + (after.ordersSent() - before.ordersSent()) + " orders; fetched "
                + (after.payloadsFetched() - before.payloadsFetched()) + " payloads; took "
                + (after.ordersTakenByWriter() - before.ordersTakenByWriter()) + " orders in while writing; ran "
                + (after.writesRunInPlace() - before.writesRunInPlace()) + " writes in place and "
                + (after.writesHandedOff() - before.writesHandedOff()) + " on threads of their own");
        pool.barrier();
    }
}
