package io.mobula.gmi;

/**
 * Ready-made result combiners for the common cases, so MPI-style code stays short: sums, minima and maxima of
 * {@code int}, {@code long}, {@code float} and {@code double} results and of arrays of them (element-wise), reduced
 * up a binomial tree; and the concatenation of array results, gathered in rank order. An exception from any member is
 * thrown to the caller (the first, in the order the combiner meets them).
 *
 * <pre>{@code
 * Group.findMethod(g, Solver_GroupMethods.RESIDUAL).configure(new GroupInvocation(), new CombineReply(Combiners.max()));
 * }</pre>
 */
public final class Combiners {
    private Combiners() {
    }

    /** The sum of the results (element-wise for arrays). */
    public static BinomialCombiner sum() {
        return new Reduce(Arrays2.Op.SUM);
    }

    /** The minimum of the results (element-wise for arrays). */
    public static BinomialCombiner min() {
        return new Reduce(Arrays2.Op.MIN);
    }

    /** The maximum of the results (element-wise for arrays). */
    public static BinomialCombiner max() {
        return new Reduce(Arrays2.Op.MAX);
    }

    /** The results, arrays of one type, concatenated in rank order (gather). */
    public static FlatCombiner concat() {
        return new Concat();
    }

    static final class Reduce extends BinomialCombiner {
        private static final long serialVersionUID = 1L;
        private final Arrays2.Op op;

        Reduce(Arrays2.Op op) {
            this.op = op;
        }

        private static void check(Exception e1, Exception e2) throws Exception {
            if (e1 != null) {
                throw e1;
            }
            if (e2 != null) {
                throw e2;
            }
        }

        @Override
        public int combine(int rank1, int r1, Exception e1, int rank2, int r2, Exception e2, int size)
                throws Exception {
            check(e1, e2);
            return Arrays2.reduce(op, r1, r2);
        }

        @Override
        public long combine(int rank1, long r1, Exception e1, int rank2, long r2, Exception e2, int size)
                throws Exception {
            check(e1, e2);
            return Arrays2.reduce(op, r1, r2);
        }

        @Override
        public float combine(int rank1, float r1, Exception e1, int rank2, float r2, Exception e2, int size)
                throws Exception {
            check(e1, e2);
            return Arrays2.reduce(op, r1, r2);
        }

        @Override
        public double combine(int rank1, double r1, Exception e1, int rank2, double r2, Exception e2, int size)
                throws Exception {
            check(e1, e2);
            return Arrays2.reduce(op, r1, r2);
        }

        @Override
        public Object combine(int rank1, Object r1, Exception e1, int rank2, Object r2, Exception e2, int size)
                throws Exception {
            check(e1, e2);
            return Arrays2.reduce(op, r1, r2);
        }
    }

    static final class Concat extends FlatCombiner {
        @Override
        public Object combine(Object[] results, Exception[] ex) throws Exception {
            for (Exception e : ex) {
                if (e != null) {
                    throw e;
                }
            }
            return Arrays2.concat(results);
        }
    }
}
