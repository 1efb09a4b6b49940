package io.mobula.gmi;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A {@link Forwarder} that turns each invocation into a {@link CompletableFuture} (the thesis's Future example, Figure
 * 5.16, without hand-written synchronization): configure a method forwarded to one member with
 * {@code new ForwardReply(future)}, invoke it (it returns at once), and {@link #next()} gives the invocations' futures
 * in invocation order. A member's exception completes the future exceptionally, as does a lost member.
 *
 * <pre>{@code
 * FutureForwarder<double[]> f = new FutureForwarder<>();
 * Group.findMethod(bins, Bin_GroupMethods.GET).configure(new SingleInvocation(0), new ForwardReply(f));
 * bins.get();                                  // returns null at once
 * double[] v = f.next().get(10, TimeUnit.SECONDS);
 * }</pre>
 *
 * @param <T> the method's result type (boxed for primitives; {@code Void} for void methods)
 */
public final class FutureForwarder<T> extends Forwarder {
    private final ConcurrentLinkedQueue<CompletableFuture<T>> open = new ConcurrentLinkedQueue<>();

    /** A forwarder with no invocation yet. */
    public FutureForwarder() {
    }

    /**
     * The future of the oldest invocation whose future has not been taken yet.
     *
     * @throws IllegalStateException when every invocation's future was taken already
     */
    public CompletableFuture<T> next() {
        CompletableFuture<T> f = open.poll();
        if (f == null) {
            throw new IllegalStateException("no invocation is waiting for its future: invoke the method first");
        }
        return f;
    }

    /** The number of invocations whose futures have not been taken. */
    public int pending() {
        return open.size();
    }

    /** Called by the runtime when an invocation starts: its future, completed by {@link #complete}. */
    CompletableFuture<T> opened() {
        CompletableFuture<T> f = new CompletableFuture<>();
        open.add(f);
        return f;
    }

    @SuppressWarnings("unchecked")
    static void complete(CompletableFuture<?> f, Results.Outcome o) {
        if (o.thrown() != null) {
            f.completeExceptionally(o.thrown());
        } else {
            ((CompletableFuture<Object>) f).complete(o.value());
        }
    }
}
