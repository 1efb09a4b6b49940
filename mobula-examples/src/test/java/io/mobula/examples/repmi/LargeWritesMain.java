package io.mobula.examples.repmi;

import io.mobula.examples.repmi.blob.Blobs;
import io.mobula.examples.repmi.blob.BlobsRoot;
import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A long stream of large writes into replicas with a small heap: the highest rank writes {@code WRITES} arrays of
 * {@code KIB} KiB each from {@code THREADS} threads into one cloud (every array its own random bytes), then every rank
 * applies a last write and rank 0 checks that every replica holds the same count and digest. Flow control bounds what
 * the writer has on its way and how far a replica lags in bytes, and the fail-over log keeps a bounded number of
 * bytes, so this runs in any heap that holds a few writes. Prints {@code [large] N replicas identical after W writes
 * of K KiB}; exits 0 only then.
 */
public final class LargeWritesMain {
    private LargeWritesMain() {
    }

    public static void main(String[] args) {
        int writes = Integer.parseInt(args[0]);
        int kib = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        int code = 0;
        try (Pool pool = Pool.join()) {
            Cloud.attach(pool);
            run(pool, writes, kib, threads);
        } catch (Throwable t) {
            System.err.println("[large] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code); // the exported replica port keeps the JVM alive otherwise
    }

    private static void run(Pool pool, int writes, int kib, int threads) throws Exception {
        int me = pool.rank();
        Blobs b = me == 0 ? Cloud.create(Blobs.class, BlobsRoot.class, "blobs") : Cloud.lookup("blobs", Blobs.class);
        pool.barrier();
        long start = System.nanoTime();
        if (me == pool.size() - 1) {
            List<Thread> writers = new ArrayList<>();
            List<Throwable> failed = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < threads; t++) {
                int first = t;
                writers.add(Thread.ofPlatform().start(() -> {
                    try {
                        for (int i = first; i < writes; i += threads) {
                            byte[] data = new byte[kib << 10];
                            new SplittableRandom(i).nextBytes(data);
                            b.put(data);
                        }
                    } catch (Throwable e) {
                        failed.add(e);
                    }
                }));
            }
            for (Thread t : writers) {
                t.join();
            }
            if (!failed.isEmpty()) {
                throw new AssertionError("a write failed: " + failed.get(0), failed.get(0));
            }
        }
        pool.barrier();
        b.sync();
        long[] mine = {b.count(), b.digest()};
        pool.publish("large/" + me, mine);
        if (me == 0) {
            List<String> keys = new ArrayList<>();
            for (int r = 0; r < pool.size(); r++) {
                keys.add("large/" + r);
            }
            Map<String, Serializable> all = pool.await(keys, Duration.ofSeconds(60));
            for (String k : keys) {
                long[] v = (long[]) all.get(k);
                if (v[0] != writes || v[0] != mine[0] || v[1] != mine[1]) {
                    throw new AssertionError("replica " + k + " holds " + v[0] + " writes (digest " + v[1] + "), rank 0"
                            + " holds " + mine[0] + " (digest " + mine[1] + "); " + writes + " were made");
                }
            }
            System.out.println("[large] " + pool.size() + " replicas identical after " + writes + " writes of " + kib
                    + " KiB in " + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
        pool.barrier();
    }
}
