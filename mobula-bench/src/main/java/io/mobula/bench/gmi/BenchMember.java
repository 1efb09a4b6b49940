package io.mobula.bench.gmi;

import io.mobula.gmi.GroupMember;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The member every rank holds. Its methods compute in bounded time and call nothing outside this class but atomics,
 * so the annotation processor proves them non-blocking and GMI runs them on the thread that received the invocation;
 * their answers travel as GMI replies. A failed check is answered as such and its description kept for the rank's
 * report ({@link #takeError}).
 */
public final class BenchMember extends GroupMember implements BenchGroup {
    private final RankState state;
    private final AtomicReference<String> firstError = new AtomicReference<>();

    BenchMember(RankState state) {
        this.state = state;
    }

    @Override
    public int put(double[] v) {
        int n = state.expectLength;
        int me = state.rank;
        if (v == null || v.length != n) {
            firstError.compareAndSet(null, "rank " + me + " received an array of the wrong length (expected " + n
                    + " doubles)");
            return 0;
        }
        if (state.scatter ? v[0] != me || v[n - 1] != me : v[0] != v[n - 1]) {
            firstError.compareAndSet(null, "rank " + me + " received wrong data: first " + v[0] + ", last "
                    + v[n - 1]);
            return 0;
        }
        return 1;
    }

    @Override
    public void stream(double[] v) {
        if (v == null || v.length != state.expectLength) {
            firstError.compareAndSet(null, "rank " + state.rank + " streamed an array of the wrong length (expected "
                    + state.expectLength + " doubles)");
        }
    }

    @Override
    public int streamEnd(double[] v) {
        stream(v);
        return 1;
    }

    @Override
    public double[] result(double[] v) {
        return v;
    }

    /** The first failed check since the last call, or null; clears it. */
    String takeError() {
        return firstError.getAndSet(null);
    }
}
