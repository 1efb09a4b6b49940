package io.mobula.gmi;

/**
 * Makes the parameters of each member's invocation from the parameters of one invocation (thesis 5.2.3 and Figure
 * 5.10): {@code out[i]} goes to the member of rank i. Every parameter of every {@code out[i]} must be written; a
 * vector left incomplete fails the invocation with a {@link GroupException} naming the missing parameters.
 */
public abstract class Personalizer {
    /** For subclasses. */
    protected Personalizer() {
    }

    /**
     * @param in  the caller's parameters (read them; do not change them)
     * @param out one empty vector per member, in rank order
     */
    public abstract void personalize(ParameterVector in, ParameterVector[] out);
}
