package io.mobula.gmi;

/**
 * The invocation waits until every member's result is combined into one (thesis 5.2.4, "combine results"). A
 * {@link FlatCombiner} gets all results at once in the invoking process (gather); a {@link BinomialCombiner} combines
 * them pairwise up a binomial tree among the members, in parallel, and only the final result travels to the invoker
 * (reduce). Exceptions thrown by members are handed to the combiner; an exception the combiner throws is thrown to the
 * caller.
 */
public final class CombineReply extends ReplyScheme {
    private final Object combiner;

    /** Gathers all results in the invoking process. */
    public CombineReply(FlatCombiner combiner) {
        this.combiner = requireNonNull(combiner);
    }

    /** Reduces the results pairwise among the members; the combiner travels to them by value. */
    public CombineReply(BinomialCombiner combiner) {
        this.combiner = requireNonNull(combiner);
    }

    private static Object requireNonNull(Object c) {
        if (c == null) {
            throw new ConfigurationException("CombineReply: the combiner is null");
        }
        return c;
    }

    /** The combiner: a {@link FlatCombiner} or a {@link BinomialCombiner}. */
    public Object combiner() {
        return combiner;
    }

    boolean binomial() {
        return combiner instanceof BinomialCombiner;
    }

    @Override
    public String toString() {
        return "combine(" + combiner.getClass().getName() + ")";
    }
}
