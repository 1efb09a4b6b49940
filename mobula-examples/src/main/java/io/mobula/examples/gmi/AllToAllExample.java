package io.mobula.examples.gmi;

import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.FlatInvocationCombiner;
import io.mobula.gmi.Group;
import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.PersonalizedInvocation;

/**
 * Thesis Figure 5.20, a collective all-to-all exchange: every rank's {@code put} of an array with one element per rank
 * is combined by the thesis's ArrayCombiner (which interleaves them) and split again by the Split personalizer, so
 * member j receives element j of every rank's array, in rank order.
 */
public final class AllToAllExample extends Example {
    /** The thesis's ArrayCombiner. */
    static final class ArrayCombiner extends FlatInvocationCombiner {
        @Override
        public void combine(ParameterVector[] in, ParameterVector out) {
            double[][] temp = new double[in.length][];
            for (int i = 0; i < in.length; i++) {
                temp[i] = (double[]) in[i].readObject(0);
            }
            double[] result = new double[in.length * in.length];
            for (int i = 0; i < in.length; i++) {
                for (int j = 0; j < in.length; j++) {
                    result[i * in.length + j] = temp[j][i];
                }
            }
            out.write(0, result);
        }
    }

    static double[] exchange(Bin group, BinImpl local, double[] data) {
        group.put(data);
        return local.get();
    }

    @Override
    void run() {
        PersonalizedInvocation pi = new PersonalizedInvocation(new SplitExample.Split());
        CombinedInvocation ci = new CombinedInvocation("exchange", me, local.getSize(), new ArrayCombiner(), pi);
        Group.findMethod(group, "void put(double [])").configure(ci, new DiscardReply());
        double[] data = new double[local.getSize()];
        for (int j = 0; j < data.length; j++) {
            data[j] = 100 * me + j;
        }
        double[] got = exchange(group, local, data);
        double[] want = new double[n];
        for (int i = 0; i < n; i++) {
            want[i] = 100 * i + me;
        }
        same(got, want, "element " + me + " of every rank's array");
    }

    public static void main(String[] args) {
        new AllToAllExample().launch("bin-all-to-all");
    }
}
