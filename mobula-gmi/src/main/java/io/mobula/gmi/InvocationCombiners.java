package io.mobula.gmi;

/**
 * Ready-made invocation combiners for combined invocations: {@link #concat} gathers an array parameter of every
 * participant, in participant order (gather-to-all, all-to-all before a split); {@link #sum}, {@link #min} and
 * {@link #max} reduce a numeric or numeric-array parameter pairwise up a binomial tree (reduce-to-all). The other
 * parameters are taken from participant 0 (the lower-ranked side of each pair).
 */
public final class InvocationCombiners {
    private InvocationCombiners() {
    }

    /** Concatenates array parameter {@code parameter} of every participant. */
    public static FlatInvocationCombiner concat(int parameter) {
        return new FlatInvocationCombiner() {
            @Override
            public void combine(ParameterVector[] in, ParameterVector out) {
                Object[] parts = new Object[in.length];
                for (int i = 0; i < in.length; i++) {
                    parts[i] = in[i].readObject(parameter);
                }
                for (int p = 0; p < in[0].size(); p++) {
                    out.write(p, p == parameter ? Arrays2.concat(parts) : in[0].readObject(p));
                }
            }
        };
    }

    /**
     * Takes participant 0's parameters as they are: for combined invocations whose point is the synchronisation or
     * the collected results (methods without parameters, such as {@code get()}).
     */
    public static FlatInvocationCombiner first() {
        return new FlatInvocationCombiner() {
            @Override
            public void combine(ParameterVector[] in, ParameterVector out) {
                for (int p = 0; p < in[0].size(); p++) {
                    out.write(p, in[0].readObject(p));
                }
            }
        };
    }

    /** Sums parameter {@code parameter} (element-wise for arrays). */
    public static BinomialInvocationCombiner sum(int parameter) {
        return new Reduce(Arrays2.Op.SUM, parameter);
    }

    /** The minimum of parameter {@code parameter} (element-wise for arrays). */
    public static BinomialInvocationCombiner min(int parameter) {
        return new Reduce(Arrays2.Op.MIN, parameter);
    }

    /** The maximum of parameter {@code parameter} (element-wise for arrays). */
    public static BinomialInvocationCombiner max(int parameter) {
        return new Reduce(Arrays2.Op.MAX, parameter);
    }

    static final class Reduce extends BinomialInvocationCombiner {
        private static final long serialVersionUID = 1L;
        private final Arrays2.Op op;
        private final int parameter;

        Reduce(Arrays2.Op op, int parameter) {
            this.op = op;
            this.parameter = parameter;
        }

        @Override
        public void combine(ParameterVector in1, ParameterVector in2, ParameterVector out) {
            for (int p = 0; p < in1.size(); p++) {
                out.write(p, p == parameter ? Arrays2.reduce(op, in1.readObject(p), in2.readObject(p))
                        : in1.readObject(p));
            }
        }
    }
}
