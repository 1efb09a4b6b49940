package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Concurrent writers on every rank of a pool against one replicated stack (thesis 4.2), then a check that every
 * replica ended in the same state: each rank pushes and pops at random ({@code writes} operations, seeded), all ranks
 * meet, each issues one {@code sync} write (so it has applied every write before it), and rank 0 compares the state
 * hashes of all replicas. {@code ./mobula run --np 3 io.mobula.examples.repmi.ReplicatedStackMain WRITES SEED [SEEDS]}
 * repeats that for SEEDS seeds from SEED on (a fresh stack each); exits 0 only if every replica was identical every
 * time.
 */
public final class ReplicatedStackMain {
    private ReplicatedStackMain() {
    }

    public static void main(String[] args) {
        int writes = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        long firstSeed = args.length > 1 ? Long.parseLong(args[1]) : 1;
        int seeds = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        int code = 0;
        try (Pool pool = Pool.join()) {
            Cloud.attach(pool);
            for (long seed = firstSeed; seed < firstSeed + seeds; seed++) {
                run(pool, writes, seed);
            }
        } catch (Throwable t) {
            System.err.println("[repmi] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code); // the exported replica port keeps the JVM alive otherwise
    }

    private static void run(Pool pool, int writes, long seed) throws Exception {
        {
            int me = pool.rank();
            String name = "stack-" + seed;
            Stack s = me == 0 ? Cloud.create(Stack.class, StackRoot.class, name) : Cloud.lookup(name, Stack.class);
            pool.barrier();
            SplittableRandom rnd = new SplittableRandom(seed * 1000 + me);
            int pops = 0;
            for (int i = 0; i < writes; i++) {
                if (rnd.nextInt(10) < 7) {
                    s.push(me * 1_000_000 + i);
                } else {
                    try {
                        s.pop();
                        pops++;
                    } catch (IllegalStateException empty) {
                        // another rank emptied it first: the same exception on every replica
                    }
                }
                if (rnd.nextInt(10) == 0) {
                    s.size(); // a local read between writes
                }
            }
            pool.barrier();
            s.sync();
            long hash = s.stateHash();
            int size = s.size();
            pool.publish("repmi-check/" + name + "/" + me, new long[] {hash, size});
            if (me == 0) {
                List<String> keys = new ArrayList<>();
                for (int r = 0; r < pool.size(); r++) {
                    keys.add("repmi-check/" + name + "/" + r);
                }
                Map<String, Serializable> all = pool.await(keys, Duration.ofSeconds(60));
                for (String k : keys) {
                    long[] v = (long[]) all.get(k);
                    if (v[0] != hash || v[1] != size) {
                        throw new AssertionError("replica " + k + " differs: hash " + v[0] + " size " + v[1]
                                + ", rank 0 has hash " + hash + " size " + size);
                    }
                }
                System.out.println("[repmi] " + pool.size() + " replicas identical after " + writes
                        + " operations per rank: size " + size + ", state hash " + hash);
            }
            pool.barrier();
        }
    }
}
