package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The thesis's replicated Bin (Figure 4.11): write methods that block. Rank 0 puts 1..K; the other ranks get until K
 * values are taken. Every put and get runs on every replica, and the replicas must schedule the blocked ones alike
 * (thesis 4.2.2), so every replica counts K values, and the values the getters received are exactly 1..K. Run with
 * {@code ./mobula run --np 3 io.mobula.examples.repmi.ReplicatedBinMain 50}; exits 0 only if both hold.
 */
public final class ReplicatedBinMain {
    private ReplicatedBinMain() {
    }

    public static void main(String[] args) {
        int k = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int code = 0;
        try (Pool pool = Pool.join()) {
            Cloud.attach(pool);
            int me = pool.rank();
            int n = pool.size();
            if (n < 2) {
                throw new IllegalArgumentException("needs at least 2 ranks");
            }
            Bin bin = me == 0 ? Cloud.create(Bin.class, BinRoot.class, "bin") : Cloud.lookup("bin", Bin.class);
            pool.barrier();
            long sum = 0;
            if (me == 0) {
                for (int i = 1; i <= k; i++) {
                    bin.put(i);
                }
            } else {
                int share = k / (n - 1) + (me - 1 < k % (n - 1) ? 1 : 0);
                for (int i = 0; i < share; i++) {
                    sum += bin.get();
                }
            }
            pool.barrier();
            // the barrier is outside RepMI's order: this replica may still be applying the last writes
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (bin.count() < k && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            pool.publish("repmi-bin/" + me, new long[] {sum, bin.count()});
            if (me == 0) {
                List<String> keys = new ArrayList<>();
                for (int r = 0; r < n; r++) {
                    keys.add("repmi-bin/" + r);
                }
                Map<String, Serializable> all = pool.await(keys, Duration.ofSeconds(60));
                long total = 0;
                for (String key : keys) {
                    long[] v = (long[]) all.get(key);
                    total += v[0];
                    if (v[1] != k) {
                        throw new AssertionError(key + ": the replica counted " + v[1] + " puts, expected " + k);
                    }
                }
                if (total != (long) k * (k + 1) / 2) {
                    throw new AssertionError("the getters received values summing to " + total + ", expected "
                            + (long) k * (k + 1) / 2);
                }
                System.out.println("[repmi] bin: " + k + " blocking puts and gets, identical on " + n + " replicas");
            }
            pool.barrier();
        } catch (Throwable t) {
            System.err.println("[repmi] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }
}
