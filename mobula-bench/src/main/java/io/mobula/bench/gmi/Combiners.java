package io.mobula.bench.gmi;

import io.mobula.gmi.BinomialInvocationCombiner;
import io.mobula.gmi.FlatInvocationCombiner;
import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.Personalizer;

/** The function objects of the GMI cases (thesis 5.2.3, Figure 5.10), all on parameter 0, a {@code double[]}. */
final class Combiners {
    private Combiners() {
    }

    /** Reduce-to-all: element-wise sum, pairwise up a binomial tree (MPI_Allreduce with MPI_SUM). */
    static final class Sum extends BinomialInvocationCombiner {
        private static final long serialVersionUID = 1L;

        @Override
        public void combine(ParameterVector in1, ParameterVector in2, ParameterVector out) {
            double[] a = (double[]) in1.readObject(0);
            double[] b = (double[]) in2.readObject(0);
            double[] s = new double[a.length];
            for (int i = 0; i < s.length; i++) {
                s[i] = a[i] + b[i];
            }
            out.write(0, s);
        }
    }

    /** Gather-to-all: the participants' arrays concatenated in rank order, at participant 0 (MPI_Allgather). */
    static final class Concat extends FlatInvocationCombiner {
        @Override
        public void combine(ParameterVector[] in, ParameterVector out) {
            int len = ((double[]) in[0].readObject(0)).length;
            double[] all = new double[len * in.length];
            for (int i = 0; i < in.length; i++) {
                System.arraycopy((double[]) in[i].readObject(0), 0, all, i * len, len);
            }
            out.write(0, all);
        }
    }

    /** Scatter: member i gets the i-th of {@code in.length / n} equal slices, sent without a copy (MPI_Scatter). */
    static final class Split extends Personalizer {
        @Override
        public void personalize(ParameterVector in, ParameterVector[] out) {
            double[] all = (double[]) in.readObject(0);
            int len = all.length / out.length;
            for (int i = 0; i < out.length; i++) {
                out[i].writeSubArray(0, i * len, len, all);
            }
        }
    }
}
