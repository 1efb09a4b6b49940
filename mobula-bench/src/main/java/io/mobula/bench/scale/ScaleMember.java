package io.mobula.bench.scale;

import io.mobula.gmi.GroupMember;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A member of {@link ScaleGroup}: counts the invocations it ran (the simulation waits for them; a scatter only when
 * the member got its own element) and answers.
 */
public final class ScaleMember extends GroupMember implements ScaleGroup {
    private final AtomicLong runs;

    ScaleMember(AtomicLong runs) {
        this.runs = runs;
    }

    @Override
    public void put(double[] v) {
        runs.incrementAndGet();
    }

    @Override
    public int ack(double[] v) {
        runs.incrementAndGet();
        return 1;
    }

    @Override
    public int sum(int v) {
        runs.incrementAndGet();
        return v;
    }

    @Override
    public double[] reduce(double[] v) {
        runs.incrementAndGet();
        return v;
    }

    @Override
    public double[] gather(double[] v) {
        runs.incrementAndGet();
        return v;
    }

    @Override
    public void scatter(double[] v) {
        if (v.length == 1 && v[0] == getRank()) { // its own element, nobody else's: counted as run
            runs.incrementAndGet();
        }
    }

    @Override
    public double[] combinedScatter(double[] v) {
        runs.incrementAndGet();
        return v;
    }

    @Override
    public double[] exchange(double[] v) {
        runs.incrementAndGet();
        return new double[] {getRank()};
    }
}
