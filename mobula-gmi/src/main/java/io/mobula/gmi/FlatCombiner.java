package io.mobula.gmi;

/**
 * Combines all results of a group invocation at once, in the invoking process (gather style, thesis 5.2.4 and Figure
 * 5.9). Subclasses override the {@code combine} variant for the method's result type. {@code results[i]} and
 * {@code ex[i]} are member i's result and exception (one of them is meaningful; results are in the order of the
 * destination ranks, which is rank order for the whole group). What {@code combine} returns is the invocation's
 * result; what it throws is thrown to the caller.
 */
public class FlatCombiner {
    /** A combiner whose subclass overrides the variants it needs. */
    protected FlatCombiner() {
    }

    /**
     * Combines the outcomes of a {@code void} method. The default throws the first exception, if any.
     *
     * @throws Exception the combined failure
     */
    public void combine(Exception[] ex) throws Exception {
        for (Exception e : ex) {
            if (e != null) {
                throw e;
            }
        }
    }

    /**
     * Combines {@code boolean} results.
     *
     * @throws Exception the combined failure
     */
    public boolean combine(boolean[] results, Exception[] ex) throws Exception {
        throw notOverridden("boolean combine(boolean[], Exception[])");
    }

    /**
     * Combines {@code byte} results.
     *
     * @throws Exception the combined failure
     */
    public byte combine(byte[] results, Exception[] ex) throws Exception {
        throw notOverridden("byte combine(byte[], Exception[])");
    }

    /**
     * Combines {@code char} results.
     *
     * @throws Exception the combined failure
     */
    public char combine(char[] results, Exception[] ex) throws Exception {
        throw notOverridden("char combine(char[], Exception[])");
    }

    /**
     * Combines {@code short} results.
     *
     * @throws Exception the combined failure
     */
    public short combine(short[] results, Exception[] ex) throws Exception {
        throw notOverridden("short combine(short[], Exception[])");
    }

    /**
     * Combines {@code int} results.
     *
     * @throws Exception the combined failure
     */
    public int combine(int[] results, Exception[] ex) throws Exception {
        throw notOverridden("int combine(int[], Exception[])");
    }

    /**
     * Combines {@code long} results.
     *
     * @throws Exception the combined failure
     */
    public long combine(long[] results, Exception[] ex) throws Exception {
        throw notOverridden("long combine(long[], Exception[])");
    }

    /**
     * Combines {@code float} results.
     *
     * @throws Exception the combined failure
     */
    public float combine(float[] results, Exception[] ex) throws Exception {
        throw notOverridden("float combine(float[], Exception[])");
    }

    /**
     * Combines {@code double} results.
     *
     * @throws Exception the combined failure
     */
    public double combine(double[] results, Exception[] ex) throws Exception {
        throw notOverridden("double combine(double[], Exception[])");
    }

    /**
     * Combines {@code Object} results.
     *
     * @throws Exception the combined failure
     */
    public Object combine(Object[] results, Exception[] ex) throws Exception {
        throw notOverridden("Object combine(Object[], Exception[])");
    }

    private UnsupportedOperationException notOverridden(String m) {
        return new UnsupportedOperationException(getClass().getName() + " does not override " + m);
    }
}
