package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import io.mobula.repmi.CloudException;
import java.util.ArrayList;
import java.util.List;

/**
 * A rank of a pool of 4 in which one rank (the sequencer, rank 0, or another) halts in the middle of everyone's
 * writes: {@code FailoverMain WRITES VICTIM}. Each rank pushes
 * unique values (rank * 1_000_000 + i); the survivors keep writing, then sync and publish their replica's values.
 * Survivor 1 checks: every replica identical, every value a survivor's push returned for present exactly once, no
 * value present twice (no write lost or applied twice). Every rank also starts, before the writes, a blocking read
 * ({@code awaitSize}) for as many values as the survivors push together, a count reached only well after the halt
 * (the victim halts a third of the way through its pushes, the others push at its pace), so the read waits across
 * the fail-over; each survivor's read must return once those writes are applied here.
 * Exit 0 when all hold.
 */
public final class FailoverMain {
    private FailoverMain() {
    }

    public static void main(String[] args) {
        int writes = Integer.parseInt(args[0]);
        int victim = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        int code = 0;
        try (Pool pool = Pool.join()) {
            Cloud.attach(pool);
            int me = pool.rank();
            Stack s = me == 0 ? Cloud.create(Stack.class, StackRoot.class, "failover")
                    : Cloud.lookup("failover", Stack.class);
            pool.barrier();
            // the survivors' pushes alone: at the halt (after writes / 3 of the victim's) far fewer values are there
            int awaited = (pool.size() - 1) * writes;
            java.util.concurrent.CompletableFuture<Integer> blockingRead = new java.util.concurrent
                    .CompletableFuture<>();
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    blockingRead.complete(s.awaitSize(awaited, 60_000));
                } catch (Throwable t) {
                    blockingRead.completeExceptionally(t);
                }
            });
            List<Integer> done = new ArrayList<>();
            for (int i = 0; i < writes; i++) {
                if (me == victim && i == writes / 3) {
                    System.out.println("[failover] rank " + me + " halting after " + i + " pushes");
                    System.out.flush();
                    Runtime.getRuntime().halt(3);
                }
                int v = me * 1_000_000 + i;
                s.push(v);
                done.add(v);
            }
            // no pool barrier: rank 0 is dead; survivors meet through the pool directory instead
            List<Integer> alive = new ArrayList<>();
            for (int r = 0; r < pool.size(); r++) {
                if (r != victim) {
                    alive.add(r);
                }
            }
            int[] values = Survivors.agree(pool, s, "failover", alive, done);
            int seen = blockingRead.get(30, java.util.concurrent.TimeUnit.SECONDS);
            if (seen < awaited) {
                throw new AssertionError("the blocking read returned " + seen + " values, not at least " + awaited);
            }
            System.out.println("[failover] rank " + me + "'s blocking read, waiting since before the halt, returned"
                    + " with " + seen + " values");
            io.mobula.repmi.CloudCounters c = Cloud.counters();
            System.out.println("[failover] rank " + me + " relayed " + c.ordersRelayed() + " orders, fetched "
                    + c.ordersFetched() + " orders from the sequencer");
            if (me == alive.get(0)) {
                System.out.println("[failover] survivors agree: " + values.length + " values, none lost, none twice");
            }
        } catch (CloudException e) {
            System.err.println("[failover] FAILED: " + e);
            e.printStackTrace();
            code = 1;
        } catch (Throwable t) {
            System.err.println("[failover] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }
}
