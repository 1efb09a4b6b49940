package io.mobula.examples.gmi;

import io.mobula.gmi.CombineReply;
import io.mobula.gmi.FlatCombiner;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;

/**
 * Thesis Figure 5.15, result combining: every member holds an array of SIZE elements; the client's group invocation
 * of {@code get} returns one array, concatenated by the thesis's {@code Gather} combiner (which rethrows a member's
 * exception instead of copying its result).
 */
public final class GatherExample extends Example {
    static final int SIZE = 16;

    /** The thesis's Gather. */
    static final class Gather extends FlatCombiner {
        @Override
        public Object combine(Object[] results, Exception[] ex) throws Exception {
            double[] result = new double[results.length * SIZE];
            for (int i = 0; i < results.length; i++) {
                if (ex[i] != null) {
                    throw ex[i];
                }
                System.arraycopy((double[]) results[i], 0, result, i * SIZE, SIZE);
            }
            return result;
        }
    }

    @Override
    boolean clientServer() {
        return true;
    }

    @Override
    void run() throws Exception {
        if (me != 0) {
            local.put(range(SIZE * (me - 1), SIZE)); // each server's own data
        }
        pool.barrier();
        if (me == 0) {
            Group.findMethod(group, "double [] get()").configure(new GroupInvocation(), new CombineReply(new Gather()));
            same(group.get(), range(0, SIZE * (n - 1)), "the gathered arrays");
        }
    }

    public static void main(String[] args) {
        new GatherExample().launch("bin-gather");
    }
}
