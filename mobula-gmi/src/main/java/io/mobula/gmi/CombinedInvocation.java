package io.mobula.gmi;

import java.util.Objects;

/**
 * Several group references (threads, possibly in different processes) invoke the method together; their invocations
 * are combined into one, which is then forwarded with an inner scheme (thesis 5.2.3, "combined invocation"). All
 * participants configure the method with the same identifier, number, combiner class and schemes, each with its own
 * rank; {@link GroupMethod#configure} blocks until all have. Each participant's n-th invocation is combined with the
 * others' n-th invocation, so several combined operations may be in flight at once.
 *
 * <p>A {@link FlatInvocationCombiner} gathers all parameter vectors at participant 0 and combines them at once; a
 * {@link BinomialInvocationCombiner} combines them pairwise up a binomial tree of the participants.
 */
public final class CombinedInvocation extends InvocationScheme {
    private final String identifier;
    private final int rank;
    private final int number;
    private final Object combiner;
    private final InvocationScheme inner;

    /**
     * @param identifier names this combined operation within the group; participants use the same one
     * @param rank       this participant's rank, 0 .. number-1
     * @param number     how many invocations are combined
     * @param combiner   combines all parameter vectors at once
     * @param inner      forwards the combined invocation: single, group or personalized
     * @throws ConfigurationException when a value is out of range or the inner scheme is itself combined
     */
    public CombinedInvocation(String identifier, int rank, int number, FlatInvocationCombiner combiner,
            InvocationScheme inner) {
        this(identifier, rank, number, (Object) combiner, inner);
    }

    /**
     * @param identifier names this combined operation within the group; participants use the same one
     * @param rank       this participant's rank, 0 .. number-1
     * @param number     how many invocations are combined
     * @param combiner   combines two parameter vectors into one
     * @param inner      forwards the combined invocation: single, group or personalized
     * @throws ConfigurationException when a value is out of range or the inner scheme is itself combined
     */
    public CombinedInvocation(String identifier, int rank, int number, BinomialInvocationCombiner combiner,
            InvocationScheme inner) {
        this(identifier, rank, number, (Object) combiner, inner);
    }

    private CombinedInvocation(String identifier, int rank, int number, Object combiner, InvocationScheme inner) {
        if (identifier == null || identifier.isEmpty()) {
            throw new ConfigurationException("CombinedInvocation: the identifier must not be empty");
        }
        if (number < 1) {
            throw new ConfigurationException("CombinedInvocation '" + identifier + "': number " + number
                    + " must be at least 1");
        }
        if (rank < 0 || rank >= number) {
            throw new ConfigurationException("CombinedInvocation '" + identifier + "': rank " + rank
                    + " is outside 0.." + (number - 1));
        }
        if (combiner == null) {
            throw new ConfigurationException("CombinedInvocation '" + identifier + "': the combiner is null");
        }
        if (inner == null || inner instanceof CombinedInvocation) {
            throw new ConfigurationException("CombinedInvocation '" + identifier + "': the inner scheme must be a"
                    + " single, group or personalized invocation, not " + inner);
        }
        this.identifier = identifier;
        this.rank = rank;
        this.number = number;
        this.combiner = combiner;
        this.inner = inner;
    }

    /** The identifier shared by the participants. */
    public String identifier() {
        return identifier;
    }

    /** This participant's rank. */
    public int rank() {
        return rank;
    }

    /** The number of participants. */
    public int number() {
        return number;
    }

    /** The inner forwarding scheme. */
    public InvocationScheme inner() {
        return inner;
    }

    /** The combiner: a {@link FlatInvocationCombiner} or a {@link BinomialInvocationCombiner}. */
    public Object combiner() {
        return combiner;
    }

    boolean binomial() {
        return combiner instanceof BinomialInvocationCombiner;
    }

    @Override
    public String toString() {
        return "combined('" + identifier + "', " + rank + " of " + number + ", "
                + Objects.toString(combiner.getClass().getName()) + ", " + inner + ")";
    }
}
