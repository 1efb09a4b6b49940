package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import io.mobula.repmi.Cloud;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Sequencer fail-over while every rank writes, with writes forced into the window where the sequencer is dead and no
 * successor has taken over yet (a pool of 4 with a pool server of its own): {@code ConcurrentFailoverMain WRITES}.
 * Every rank runs two writer threads pushing unique values; the sequencer (rank 0) halts a third of the way through.
 * Each survivor starts three more pushes from fresh threads the moment the pool reports the sequencer dead (after
 * RepMI heard it: its listener was added first), so they wait for the successor while it takes over, and must be
 * sequenced exactly once by it. The survivors check
 * together ({@link Survivors}): replicas identical, no value twice, every push that returned present. Exit 0 when
 * all hold.
 */
public final class ConcurrentFailoverMain {
    private static final int WRITERS = 2;
    private static final int IN_THE_WINDOW = 3;

    private ConcurrentFailoverMain() {
    }

    public static void main(String[] args) {
        int writes = Integer.parseInt(args[0]);
        int code = 0;
        try (Pool pool = Pool.join()) {
            Cloud.attach(pool);
            int me = pool.rank();
            Stack s = me == 0 ? Cloud.create(Stack.class, StackRoot.class, "concurrent-failover")
                    : Cloud.lookup("concurrent-failover", Stack.class);
            pool.barrier();
            List<Integer> done = Collections.synchronizedList(new ArrayList<>());
            AtomicReference<Throwable> failed = new AtomicReference<>();
            List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch windowStarted = new CountDownLatch(1);
            if (me != 0) {
                pool.addListener(e -> {
                    if (e.rank() == 0 && e.isFailure() && windowStarted.getCount() > 0) {
                        for (int t = 0; t < IN_THE_WINDOW; t++) {
                            int v = me * 1_000_000 + 900_000 + t;
                            threads.add(Thread.ofPlatform().name("window-" + t).start(() -> {
                                try {
                                    s.push(v);
                                    done.add(v);
                                } catch (Throwable x) {
                                    failed.compareAndSet(null, x);
                                }
                            }));
                        }
                        windowStarted.countDown();
                    }
                });
            }
            for (int t = 0; t < WRITERS; t++) {
                int writer = t;
                threads.add(Thread.ofPlatform().name("writer-" + t).start(() -> {
                    try {
                        for (int i = 0; i < writes; i++) {
                            if (me == 0 && writer == 0 && i == writes / 3) {
                                System.out.println("[failover] rank 0 halting after " + i + " pushes per writer");
                                System.out.flush();
                                Runtime.getRuntime().halt(3);
                            }
                            int v = me * 1_000_000 + writer * 100_000 + i;
                            s.push(v);
                            done.add(v);
                        }
                    } catch (Throwable e) {
                        failed.compareAndSet(null, e);
                    }
                }));
            }
            if (me != 0 && !windowStarted.await(60, TimeUnit.SECONDS)) {
                throw new AssertionError("the pool did not report the sequencer dead within 60 s");
            }
            for (Thread t : new ArrayList<>(threads)) {
                if (!t.join(Duration.ofSeconds(90))) {
                    throw new AssertionError(t.getName() + " still writes after 90 s");
                }
            }
            if (failed.get() != null) {
                throw failed.get();
            }
            List<Integer> alive = List.of(1, 2, 3);
            int[] values = Survivors.agree(pool, s, "concurrent-failover", alive, new ArrayList<>(done));
            if (me == alive.get(0)) {
                System.out.println("[failover] survivors agree: " + values.length + " values, none lost, none twice");
            }
        } catch (Throwable t) {
            System.err.println("[failover] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }
}
