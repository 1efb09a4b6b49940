package io.mobula.bench.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The client-side timing loops: warm-up, then per-call {@link System#nanoTime()} samples. */
final class CallLoop {
    private CallLoop() { }

    /**
     * The global warm-up: prepares every case once (which also validates it) and calls them round robin, up to
     * {@value #WARM_SLICE_CALLS} calls or {@value #WARM_SLICE_MILLIS} ms per case and turn, for
     * {@link Timing#globalWarmupMillis()}. Star cases are not measured here (see {@link SystemRunner}). A case that fails here is
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
        long[] samples = sample(call, t);
        return Stats.of(samples, samples.length);
    }

    /**
     * Warm-up, then per-call samples of one call on this thread: up to {@link Timing#calls()}, stopping after
     * {@link Timing#maxMillis()} once {@link Timing#minCalls()} exist. Also what each client process of the star
     * kernel runs once all of them are ready (KaRMI 6.1 b: k clients, each on its own machine in the paper, call one
     * server concurrently); the harness merges their samples.
     */
    static long[] sample(TimedCall call, Timing t) throws Exception {
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
        return java.util.Arrays.copyOf(samples, n);
    }
}
