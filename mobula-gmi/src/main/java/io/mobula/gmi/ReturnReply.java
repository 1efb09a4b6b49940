package io.mobula.gmi;

/**
 * The invocation waits for the result of one member, chosen by rank in advance; other members send nothing (thesis
 * 5.2.4, "return one result"). An exception thrown by that member is thrown to the caller.
 */
public final class ReturnReply extends ReplyScheme {
    private final int source;

    /**
     * @param source the rank whose result is returned
     * @throws ConfigurationException when {@code source} is negative
     */
    public ReturnReply(int source) {
        if (source < 0) {
            throw new ConfigurationException("ReturnReply: rank " + source + " is negative");
        }
        this.source = source;
    }

    /** The rank whose result is returned. */
    public int source() {
        return source;
    }

    @Override
    public String toString() {
        return "return(" + source + ")";
    }
}
