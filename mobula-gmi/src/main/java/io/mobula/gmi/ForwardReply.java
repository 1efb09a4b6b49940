package io.mobula.gmi;

import java.util.Objects;

/**
 * The invocation returns at once (with the default value of its result type); every member's result or exception is
 * later handed to a {@link Forwarder} in the invoking process (thesis 5.2.4, "forward results": futures, voting).
 * {@link FutureForwarder} completes a {@link java.util.concurrent.CompletableFuture} per invocation.
 */
public final class ForwardReply extends ReplyScheme {
    private final Forwarder forwarder;

    /** @param forwarder receives the results; it stays in this process */
    public ForwardReply(Forwarder forwarder) {
        this.forwarder = Objects.requireNonNull(forwarder, "forwarder");
    }

    /** The forwarder. */
    public Forwarder forwarder() {
        return forwarder;
    }

    @Override
    public String toString() {
        return "forward(" + forwarder.getClass().getName() + ")";
    }
}
