package io.mobula.gmi;

/**
 * No result is returned: the invocation returns at once with the default value of its result type (0, false or
 * null), and the members drop results and exceptions; dropped exceptions are logged and counted (thesis 5.2.4,
 * "discard results").
 */
public final class DiscardReply extends ReplyScheme {
    /** Discards every result. */
    public DiscardReply() {
    }

    @Override
    public String toString() {
        return "discard";
    }
}
