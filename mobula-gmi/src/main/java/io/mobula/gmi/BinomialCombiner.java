package io.mobula.gmi;

import java.io.Serializable;

/**
 * Combines the results of a group invocation pairwise, up a binomial tree among the members (reduce style, thesis
 * 5.2.4 and Figure 5.9), so most of the work happens in parallel and one value reaches the invoker. The operation must
 * be associative and commutative. It travels to the members by value, so it is {@link Serializable} and its class
 * must be on their class path. Subclasses override the variant for the method's result type. An exception in an
 * input arrives as {@code e1}/{@code e2}; what {@code combine} throws becomes the combined outcome.
 */
public class BinomialCombiner implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A combiner whose subclass overrides the variants it needs. */
    protected BinomialCombiner() {
    }

    /**
     * Combines the outcomes of a {@code void} method. The default throws the first exception, if any.
     *
     * @throws Exception the combined failure
     */
    public void combine(int rank1, Exception e1, int rank2, Exception e2, int size) throws Exception {
        if (e1 != null) {
            throw e1;
        }
        if (e2 != null) {
            throw e2;
        }
    }

    /**
     * Combines two {@code boolean} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public boolean combine(int rank1, boolean result1, Exception e1, int rank2, boolean result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("boolean combine(int, boolean, Exception, int, boolean, Exception, int)");
    }

    /**
     * Combines two {@code byte} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public byte combine(int rank1, byte result1, Exception e1, int rank2, byte result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("byte combine(int, byte, Exception, int, byte, Exception, int)");
    }

    /**
     * Combines two {@code char} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public char combine(int rank1, char result1, Exception e1, int rank2, char result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("char combine(int, char, Exception, int, char, Exception, int)");
    }

    /**
     * Combines two {@code short} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public short combine(int rank1, short result1, Exception e1, int rank2, short result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("short combine(int, short, Exception, int, short, Exception, int)");
    }

    /**
     * Combines two {@code int} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public int combine(int rank1, int result1, Exception e1, int rank2, int result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("int combine(int, int, Exception, int, int, Exception, int)");
    }

    /**
     * Combines two {@code long} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public long combine(int rank1, long result1, Exception e1, int rank2, long result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("long combine(int, long, Exception, int, long, Exception, int)");
    }

    /**
     * Combines two {@code float} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public float combine(int rank1, float result1, Exception e1, int rank2, float result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("float combine(int, float, Exception, int, float, Exception, int)");
    }

    /**
     * Combines two {@code double} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public double combine(int rank1, double result1, Exception e1, int rank2, double result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("double combine(int, double, Exception, int, double, Exception, int)");
    }

    /**
     * Combines two {@code Object} outcomes (each either a result or an exception).
     *
     * @throws Exception the combined failure
     */
    public Object combine(int rank1, Object result1, Exception e1, int rank2, Object result2, Exception e2, int size)
            throws Exception {
        throw notOverridden("Object combine(int, Object, Exception, int, Object, Exception, int)");
    }

    private UnsupportedOperationException notOverridden(String m) {
        return new UnsupportedOperationException(getClass().getName() + " does not override " + m);
    }
}
