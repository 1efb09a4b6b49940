package io.mobula.gmi;

import io.mobula.gmi.Results.Outcome;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The replies one invocation of this process expects: one per expected member rank. A caller waits for all of them
 * (bounded); a forwarding collector instead hands each to its sink as it arrives. When the group breaks, the missing
 * replies become that failure.
 */
final class ReplyCollector implements java.util.function.BooleanSupplier {
    /** Receives each outcome of a forwarding invocation. */
    interface Sink {
        void accept(int rank, Outcome outcome);
    }

    final long call;
    final GroupView view;
    /** The member ranks that reply. */
    final int[] ranks;
    private final Outcome[] outcomes;
    private final Sink sink;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition done = lock.newCondition();
    /** Written under {@link #lock}; read without it by a thread polling for the replies ({@link #getAsBoolean}). */
    private volatile int received;
    final long created = System.nanoTime();
    /** The thread that receives the replies itself while it waits ({@link GmiRuntime#drive}), else null. */
    volatile Thread waiter;

    ReplyCollector(long call, GroupView view, int[] ranks, Sink sink) {
        this.call = call;
        this.view = view;
        this.ranks = ranks;
        this.outcomes = new Outcome[ranks.length];
        this.sink = sink;
    }

    private int index(int rank) {
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] == rank) {
                return i;
            }
        }
        return -1;
    }

    /** Whether each outcome goes to a sink (a forwarder: user code) rather than to a waiting caller. */
    boolean hasSink() {
        return sink != null;
    }

    /** Records member {@code rank}'s outcome; returns whether the collector is complete. */
    boolean deliver(int rank, Outcome o) {
        int i = index(rank);
        boolean first;
        boolean complete;
        lock.lock();
        try {
            first = i >= 0 && outcomes[i] == null;
            if (first) {
                outcomes[i] = o;
                received++;
            }
            complete = received == ranks.length;
            if (complete) {
                done.signalAll();
            }
        } finally {
            lock.unlock();
        }
        if (first && sink != null) {
            sink.accept(rank, o);
        }
        return complete;
    }

    /** Whether every reply is in (read by a thread that receives them itself while it waits). */
    @Override
    public boolean getAsBoolean() {
        return received == ranks.length;
    }

    /** Gives every missing reply the outcome {@code failure}; returns whether anything was missing. */
    boolean fail(RuntimeException failure) {
        boolean any = false;
        for (int r : ranks) {
            lock.lock();
            boolean missing;
            try {
                missing = outcomes[index(r)] == null;
            } finally {
                lock.unlock();
            }
            if (missing) {
                any = true;
                deliver(r, Outcome.failed(failure));
            }
        }
        return any;
    }

    /**
     * Waits for every reply.
     *
     * @throws GroupException after {@code timeoutNanos}
     */
    Outcome[] await(long timeoutNanos, String what) {
        long deadline = System.nanoTime() + timeoutNanos;
        lock.lock();
        try {
            while (received < ranks.length) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    StringBuilder missing = new StringBuilder();
                    for (int i = 0; i < ranks.length; i++) {
                        if (outcomes[i] == null) {
                            missing.append(missing.length() == 0 ? "" : ", ").append(ranks[i]);
                        }
                    }
                    throw new GroupException("group '" + view.name + "': " + what + " timed out after "
                            + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms waiting for member rank(s) "
                            + missing);
                }
                done.awaitNanos(left);
            }
            return outcomes.clone();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GroupException("interrupted while waiting for " + what, e);
        } finally {
            lock.unlock();
        }
    }
}
