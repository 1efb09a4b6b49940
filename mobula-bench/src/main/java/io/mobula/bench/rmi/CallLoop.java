package io.mobula.bench.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/** The client-side timing loops: warm-up, then per-call {@link System#nanoTime()} samples. */
final class CallLoop {
    private CallLoop() { }

    /**
     * The global warm-up: prepares every case once (which also validates it) and calls them round robin, up to
     * {@value #WARM_SLICE_CALLS} calls or {@value #WARM_SLICE_MILLIS} ms per case and turn, for
     * {@link Timing#globalWarmupMillis()}. Star cases are called from this one thread. A case that fails here is
     * left out; it fails again, and is reported, when measured.
     */
    static void warmAll(ClientSession session, List<BenchCase> cases, Timing t) {
        if (t.globalWarmupMillis() == 0) {
            return;
        }
        List<TimedCall> calls = new ArrayList<>();
        for (BenchCase c : cases) {
            try {
                calls.add(session.prepare(c));
            } catch (Exception | AssertionError e) {
                // reported when the case is measured
            }
        }
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(t.globalWarmupMillis());
        long slice = TimeUnit.MILLISECONDS.toNanos(WARM_SLICE_MILLIS);
        while (!calls.isEmpty() && System.nanoTime() < end) {
            for (int i = 0; i < calls.size(); i++) {
                long sliceEnd = System.nanoTime() + slice;
                try {
                    for (int j = 0; j < WARM_SLICE_CALLS && System.nanoTime() < sliceEnd; j++) {
                        calls.get(i).invoke();
                    }
                } catch (Exception e) {
                    calls.remove(i--);
                }
            }
        }
    }

    static final int WARM_SLICE_CALLS = 50;
    static final int WARM_SLICE_MILLIS = 5;

    /** Warm-up and measurement of one call on this thread. */
    static Stats measure(TimedCall call, Timing t) throws Exception {
        long warmEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(t.warmupMillis());
        for (int i = 0; i < t.warmupCalls(); i++) {
            call.invoke();
            if ((i & 7) == 7 && System.nanoTime() > warmEnd) {
                break;
            }
        }
        long[] samples = new long[t.calls()];
        long stop = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(t.maxMillis());
        int n = 0;
        while (n < samples.length) {
            long t0 = System.nanoTime();
            call.invoke();
            long t1 = System.nanoTime();
            samples[n++] = t1 - t0;
            if (t1 > stop && n >= t.minCalls()) {
                break;
            }
        }
        return Stats.of(samples, n);
    }

    /**
     * The star kernel (KaRMI 6.1 b): k threads, each with its own session, meet at a barrier, then
     * call the server together; each thread times its own call. A round's go/stop decision is made once, in the
     * barrier action, so all threads agree. Samples of all threads are merged.
     */
    static Stats star(List<TimedCall> calls, Timing t) throws Exception {
        int k = calls.size();
        long warmEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(t.warmupMillis());
        long[][] samples = new long[k][t.calls()];
        int[] rounds = new int[1];
        boolean[] go = new boolean[1];
        long[] stop = new long[1];
        int warmRounds = Math.max(1, t.warmupCalls() / k);
        int[] phaseRound = new int[1];
        boolean[] measuring = new boolean[1];
        // Barrier action runs in one thread while the others wait: plain fields are published by the barrier.
        CyclicBarrier barrier = new CyclicBarrier(k, () -> {
            long now = System.nanoTime();
            if (!measuring[0]) {
                if (phaseRound[0] < warmRounds && (now < warmEnd || phaseRound[0] < 1)) {
                    phaseRound[0]++;
                    go[0] = true;
                    return;
                }
                measuring[0] = true;
                stop[0] = now + TimeUnit.MILLISECONDS.toNanos(t.maxMillis());
            }
            go[0] = rounds[0] < t.calls() && (now < stop[0] || rounds[0] < t.minCalls());
            if (go[0]) {
                rounds[0]++;
            }
        });
        List<Thread> threads = new ArrayList<>();
        Exception[] failure = new Exception[1];
        AtomicBoolean failed = new AtomicBoolean();
        for (int i = 0; i < k; i++) {
            int idx = i;
            Thread th = new Thread(() -> {
                try {
                    while (!failed.get()) {
                        barrier.await(60, TimeUnit.SECONDS);
                        if (!go[0]) {
                            return;
                        }
                        boolean timed = measuring[0];
                        int r = rounds[0] - 1;
                        long t0 = System.nanoTime();
                        calls.get(idx).invoke();
                        long t1 = System.nanoTime();
                        if (timed) {
                            samples[idx][r] = t1 - t0;
                        }
                    }
                } catch (BrokenBarrierException | TimeoutException | InterruptedException e) {
                    synchronized (failure) {
                        if (failure[0] == null) {
                            failure[0] = e;
                        }
                    }
                } catch (Exception e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                    // threads still calling see the flag; those already waiting are released by the reset
                    failed.set(true);
                    barrier.reset();
                }
            }, "star-" + i);
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) {
            th.join(TimeUnit.MINUTES.toMillis(5));
            if (th.isAlive()) {
                th.interrupt();
                throw new TimeoutException("star client thread did not finish");
            }
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        int n = rounds[0];
        long[] all = new long[k * n];
        for (int i = 0; i < k; i++) {
            System.arraycopy(samples[i], 0, all, i * n, n);
        }
        return Stats.of(all, all.length);
    }
}
