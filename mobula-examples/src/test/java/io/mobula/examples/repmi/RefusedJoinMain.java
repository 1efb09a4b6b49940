package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import io.mobula.repmi.CloudException;
import java.time.Duration;
import java.util.List;

/**
 * A join the replicas cannot serve fails at once with its reason (run with 3 ranks): rank 0 blocks a write in
 * {@code cloudWait} (a get on an empty bin), once rank 1 has joined, whose half-run thread a snapshot cannot copy;
 * then rank 2 attaches.
 * Its {@code Cloud.attach} must throw a CloudException naming the blocked write, well before the join's timeout; then
 * rank 0 unblocks the write and all ranks meet at a pool barrier. Exit 0 when all that holds.
 */
public final class RefusedJoinMain {
    private RefusedJoinMain() {
    }

    public static void main(String[] args) {
        int code = 0;
        try (Pool pool = Pool.join()) {
            int me = pool.rank();
            if (me < 2) {
                Cloud.attach(pool);
                if (me == 1) {
                    pool.publish("refused/attached", Boolean.TRUE); // rank 1 is a replica before anything blocks
                }
                if (me == 0) {
                    pool.await(List.of("refused/attached"), Duration.ofSeconds(60));
                    Bin bin = Cloud.create(Bin.class, BinRoot.class, "refused-bin");
                    Stack order = Cloud.create(Stack.class, StackRoot.class, "refused-order");
                    Thread getter = Thread.ofPlatform().start(bin::get); // blocks in cloudWait on every replica
                    Thread.sleep(500); // the get is sequenced before the push below
                    order.push(1); // applied after the get reached its cloudWait (deterministic scheduling)
                    pool.publish("refused/go", Boolean.TRUE);
                    pool.await(List.of("refused/tried"), Duration.ofSeconds(60));
                    bin.put(7);
                    getter.join(Duration.ofSeconds(30));
                    if (getter.isAlive()) {
                        throw new AssertionError("the blocked get did not return after a put");
                    }
                }
            } else {
                pool.await(List.of("refused/go"), Duration.ofSeconds(60));
                long t0 = System.nanoTime();
                try {
                    Cloud.attach(pool);
                    throw new AssertionError("rank 2 joined while a write waited in cloudWait");
                } catch (CloudException e) {
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    if (!e.getMessage().contains("cloudWait")) {
                        throw new AssertionError("the join failed for another reason: " + e.getMessage(), e);
                    }
                    System.out.println("[refused] rank 2's join failed after " + ms + " ms: " + e.getMessage());
                }
                pool.publish("refused/tried", Boolean.TRUE);
            }
            pool.barrier();
        } catch (Throwable t) {
            System.err.println("[refused] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }
}
