package io.mobula.examples.gmi;

import io.mobula.gmi.CombineReply;
import io.mobula.gmi.Combiners;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.PersonalizedInvocation;
import io.mobula.gmi.Personalizer;
import io.mobula.gmi.GroupInvocation;

/**
 * Thesis Figure 5.14, a personalized invocation: the client's {@code put} is split by the thesis's {@code Split}
 * personalizer, so each server gets its own block of the array (sent from the caller's array without copying it).
 */
public final class SplitExample extends Example {
    /** The thesis's Split: parameter 0 divided evenly (the array length is a multiple of the group size). */
    static final class Split extends Personalizer {
        @Override
        public void personalize(ParameterVector in, ParameterVector[] out) {
            double[] param = (double[]) in.readObject(0);
            int size = param.length / out.length;
            for (int i = 0; i < out.length; i++) {
                out[i].writeSubArray(0, i * size, size, param);
            }
        }
    }

    @Override
    boolean clientServer() {
        return true;
    }

    @Override
    void run() {
        if (me != 0) {
            return;
        }
        int servers = n - 1;
        Group.findMethod(group, "void put(double [])").configure(new PersonalizedInvocation(new Split()),
                new DiscardReply());
        group.put(range(0, 10 * servers));
        Group.findMethod(group, "double[] get()").configure(new GroupInvocation(), new CombineReply(
                Combiners.concat()));
        same(group.get(), range(0, 10 * servers), "the blocks, gathered back in rank order");
    }

    public static void main(String[] args) {
        new SplitExample().launch("bin-split");
    }
}
