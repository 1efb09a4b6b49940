package io.mobula.gmi;

import java.io.Serializable;

/**
 * Combines the parameters of two invocations into one, pairwise up a binomial tree of the participants of a
 * {@link CombinedInvocation} (reduce style, thesis 5.2.3 and Figure 5.10). The operation must be associative and
 * commutative. Each participant uses its own instance (all of the same class).
 */
public abstract class BinomialInvocationCombiner implements Serializable {
    private static final long serialVersionUID = 1L;

    /** For subclasses. */
    protected BinomialInvocationCombiner() {
    }

    /**
     * @param in1 one invocation's parameters
     * @param in2 another's
     * @param out the combination; write every parameter
     */
    public abstract void combine(ParameterVector in1, ParameterVector in2, ParameterVector out);
}
