package io.mobula.gmi;

import java.io.Serializable;

/**
 * Splits one result of a combined invocation into one per participant (thesis 5.2.4 and Figure 5.9):
 * {@code out[i]} is what participant i's invocation returns. Subclasses override the variant for the method's result
 * type. The default for exceptions gives every participant the same exception.
 */
public class ReplyPersonalizer implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A personalizer whose subclass overrides the variants it needs. */
    protected ReplyPersonalizer() {
    }

    /** Personalizes an exception; the default hands {@code in} to every participant. */
    public void personalize(Exception in, Exception[] out) {
        java.util.Arrays.fill(out, in);
    }

    /** Personalizes a {@code boolean} result. */
    public void personalize(boolean in, boolean[] out) {
        throw notOverridden("personalize(boolean, boolean[])");
    }

    /** Personalizes a {@code byte} result. */
    public void personalize(byte in, byte[] out) {
        throw notOverridden("personalize(byte, byte[])");
    }

    /** Personalizes a {@code char} result. */
    public void personalize(char in, char[] out) {
        throw notOverridden("personalize(char, char[])");
    }

    /** Personalizes a {@code short} result. */
    public void personalize(short in, short[] out) {
        throw notOverridden("personalize(short, short[])");
    }

    /** Personalizes a {@code int} result. */
    public void personalize(int in, int[] out) {
        throw notOverridden("personalize(int, int[])");
    }

    /** Personalizes a {@code long} result. */
    public void personalize(long in, long[] out) {
        throw notOverridden("personalize(long, long[])");
    }

    /** Personalizes a {@code float} result. */
    public void personalize(float in, float[] out) {
        throw notOverridden("personalize(float, float[])");
    }

    /** Personalizes a {@code double} result. */
    public void personalize(double in, double[] out) {
        throw notOverridden("personalize(double, double[])");
    }

    /** Personalizes a {@code Object} result. */
    public void personalize(Object in, Object[] out) {
        throw notOverridden("personalize(Object, Object[])");
    }

    private UnsupportedOperationException notOverridden(String m) {
        return new UnsupportedOperationException(getClass().getName() + " does not override " + m);
    }
}
