package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import io.mobula.repmi.CloudException;
import java.util.ArrayList;
import java.util.List;

/**
 * A rank of a pool whose link to the others is cut while everyone writes: {@code PartitionMain WRITES CUT}, where
 * {@code CUT} is the rank the test cuts off (or -1: the test stops the pool coordinator, cutting off every rank).
 * Each rank pushes unique values (rank * 1_000_000 + i) and prints {@code [partition] writing} after its first 20.
 * <ul>
 *   <li>A cut-off rank pushes until a push fails; then a read must fail too (its replica stopped, it serves no stale
 *   state), and so must the blocking read it started before writing, which waits for more values than will ever
 *   exist: it prints {@code [partition] rank R stopped after K pushes; reads fail too: ...}, then
 *   {@code [partition] rank R's waiting blocking read ended after M ms: ...} and exits 0.</li>
 *   <li>The others (when {@code CUT >= 0}) finish their pushes, sync, and compare: every survivor's replica equal,
 *   no value twice, every push a survivor saw return present; the lowest survivor prints
 *   {@code [partition] survivors agree: N values; cut-off rank's pushes present: P, from 0 to M, none twice}.</li>
 * </ul>
 */
public final class PartitionMain {
    private PartitionMain() {
    }

    public static void main(String[] args) {
        int writes = Integer.parseInt(args[0]);
        int cut = Integer.parseInt(args[1]);
        int code = 0;
        try (Pool pool = Pool.join()) {
            Cloud.attach(pool);
            int me = pool.rank();
            Stack s = me == 0 ? Cloud.create(Stack.class, StackRoot.class, "partition")
                    : Cloud.lookup("partition", Stack.class);
            pool.barrier();
            boolean cutOff = cut < 0 || me == cut;
            java.util.concurrent.CompletableFuture<Integer> blockingRead = new java.util.concurrent
                    .CompletableFuture<>();
            if (cutOff) { // a read that only the stop can end: nothing notifies it before its 120 s
                Thread.ofPlatform().daemon().start(() -> {
                    try {
                        blockingRead.complete(s.awaitSize(Integer.MAX_VALUE, 120_000));
                    } catch (Throwable t) {
                        blockingRead.completeExceptionally(t);
                    }
                });
            }
            List<Integer> done = new ArrayList<>();
            for (int i = 0; cutOff || i < writes; i++) {
                if (i == 20) {
                    System.out.println("[partition] writing");
                    System.out.flush();
                }
                int v = me * 1_000_000 + i;
                try {
                    s.push(v);
                } catch (CloudException e) {
                    if (!cutOff) {
                        throw e;
                    }
                    String read;
                    try {
                        read = "a read answered " + s.size() + " (stale state served)";
                    } catch (CloudException r) {
                        read = "reads fail too: " + r.getMessage();
                    }
                    System.out.println("[partition] rank " + me + " stopped after " + i + " pushes; " + read);
                    long t0 = System.nanoTime();
                    String waited;
                    try {
                        waited = "it returned " + blockingRead.get(20, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (java.util.concurrent.ExecutionException x) {
                        waited = "ended after " + (System.nanoTime() - t0) / 1_000_000 + " ms: "
                                + x.getCause().getMessage();
                    } catch (java.util.concurrent.TimeoutException x) {
                        waited = "still waits 20 s after the stop";
                    }
                    System.out.println("[partition] rank " + me + "'s waiting blocking read "
                            + waited.replace('\n', ' '));
                    System.out.println("[partition] push failure: " + e.getMessage());
                    System.out.flush();
                    Runtime.getRuntime().halt(0); // the pool is unreachable: closing it would only wait
                }
                done.add(v);
                if (cutOff) {
                    Thread.sleep(2); // a steady stream while the link goes down
                }
            }
            List<Integer> alive = new ArrayList<>();
            for (int r = 0; r < pool.size(); r++) {
                if (r != cut) {
                    alive.add(r);
                }
            }
            int[] values = Survivors.agree(pool, s, "partition", alive, done);
            if (me == alive.get(0)) {
                int present = 0;
                int max = -1;
                for (int v : values) {
                    if (v / 1_000_000 == cut) {
                        present++;
                        max = Math.max(max, v % 1_000_000);
                    }
                }
                System.out.println("[partition] survivors agree: " + values.length + " values; cut-off rank's pushes"
                        + " present: " + present + ", from 0 to " + max + ", none twice");
            }
        } catch (Throwable t) {
            System.err.println("[partition] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }
}
