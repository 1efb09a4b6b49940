package io.mobula.gmi;

/**
 * Combines the parameters of all participants' invocations of a {@link CombinedInvocation} at once (gather style,
 * thesis 5.2.3 and Figure 5.10). It runs at participant 0; {@code in[i]} holds participant i's parameters.
 */
public abstract class FlatInvocationCombiner {
    /** For subclasses. */
    protected FlatInvocationCombiner() {
    }

    /**
     * @param in  the participants' parameters, in participant-rank order
     * @param out the combined invocation's parameters; write every one
     */
    public abstract void combine(ParameterVector[] in, ParameterVector out);
}
