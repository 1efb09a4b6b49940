package io.mobula.examples.gmi;

import io.mobula.gmi.CombineReply;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.FlatInvocationCombiner;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.ParameterVector;

/**
 * Thesis Figure 5.17, invocation combining: every rank's thread invokes {@code get} together (a combined invocation of
 * all ranks, with the thesis's empty Combiner since get has no parameters), the one combined invocation goes to every
 * member, and the Gather combiner's one result is returned to every participant: MPI's gather-to-all.
 */
public final class CombinedGatherToAllExample extends Example {
    /** The thesis's Combiner: get() has no parameters to combine. */
    static final class Combiner extends FlatInvocationCombiner {
        @Override
        public void combine(ParameterVector[] in, ParameterVector out) {
        }
    }

    @Override
    void run() throws Exception {
        local.put(range(GatherExample.SIZE * me, GatherExample.SIZE));
        pool.barrier();
        Group.findMethod(group, "double [] get()").configure(new CombinedInvocation("gather-to-all", me, n,
                new Combiner(), new GroupInvocation()), new CombineReply(new GatherExample.Gather())); // blocks
        same(group.get(), range(0, GatherExample.SIZE * n), "every participant's combined result");
    }

    public static void main(String[] args) {
        new CombinedGatherToAllExample().launch("bin-gather-to-all");
    }
}
