package io.mobula.examples.gmi;

import io.mobula.gmi.CombineReply;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.Combiners;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.FlatInvocationCombiner;
import io.mobula.gmi.ForwardReply;
import io.mobula.gmi.FutureForwarder;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.InvocationCombiners;
import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.PersonalizedInvocation;
import io.mobula.gmi.PersonalizedReply;
import io.mobula.gmi.Personalizer;
import io.mobula.gmi.Personalizers;
import io.mobula.gmi.ReplyPersonalizers;
import io.mobula.gmi.ReturnReply;
import io.mobula.gmi.SingleInvocation;
import io.mobula.pool.Pool;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Every row of the thesis's Table 5.1 (the combinations of forwarding and reply schemes) across the processes of a
 * pool, each checked: an SPMD program in which every rank holds one member of a group and its own group reference.
 * Run it with {@code ./mobula run --np 3 io.mobula.examples.gmi.Table51}; it exits with status 1 on the first row that
 * does not give the expected result, and 0 after rank 0 prints "table 5.1: all 14 rows verified".
 */
public final class Table51 {
    private final Pool pool;
    private final int me;
    private final int n;
    private final Bin group;
    private final BinImpl local;

    private Table51(Pool pool, Bin group, BinImpl local) {
        this.pool = pool;
        this.me = pool.rank();
        this.n = pool.size();
        this.group = group;
        this.local = local;
    }

    public static void main(String[] args) throws Exception {
        try (Pool pool = Pool.join()) {
            verify(pool);
        } catch (Throwable t) {
            System.err.println("[gmi] FAILED: " + t);
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0); // the group's exported port keeps the JVM alive, as an exported java.rmi object does
    }

    /**
     * Every row of the table on {@code pool}, which every rank of the pool calls: forms the group {@code "table51"}
     * (one member per rank), runs and checks each row, and returns once every rank is done with its member. Throws
     * on the first row that does not give the expected result.
     */
    public static void verify(Pool pool) throws Exception {
        BinImpl local = new BinImpl();
        Bin group = Group.form(pool, "table51", Bin.class, local);
        new Table51(pool, group, local).run();
        pool.barrier(); // nobody leaves while another still needs its member
    }

    private static void check(boolean ok, String row, Object got, Object want) {
        if (!ok) {
            throw new AssertionError("row '" + row + "': got " + str(got) + ", expected " + str(want));
        }
    }

    private static String str(Object o) {
        return o instanceof double[] d ? Arrays.toString(d) : String.valueOf(o);
    }

    private void same(String row, double[] got, double[] want) {
        check(Arrays.equals(got, want), row, got, want);
    }

    private void done(String row) throws Exception {
        pool.barrier();
        if (me == 0) {
            System.out.println("[gmi] row ok: " + row);
        }
    }

    private static double[] range(int from, int count) {
        double[] d = new double[count];
        for (int i = 0; i < count; i++) {
            d[i] = from + i;
        }
        return d;
    }

    private void run() throws Exception {
        // RMI: single invocation, return one result
        if (me == 0) {
            for (int r = 0; r < n; r++) {
                Group.findMethod(group, Bin_GroupMethods.ADD).configure(new SingleInvocation(r), new ReturnReply(r));
                check(group.add(1, 2) == 1 + 2 * (r + 1), "RMI", group.add(1, 2), 1 + 2 * (r + 1));
            }
        }
        done("RMI (single, return one)");

        // future: single invocation, forward the result
        if (me == 0) {
            FutureForwarder<Integer> f = new FutureForwarder<>();
            Group.findMethod(group, Bin_GroupMethods.ADD).configure(new SingleInvocation(n - 1), new ForwardReply(f));
            check(group.add(3, 1) == 0, "future", "a value", "the default 0 at once");
            int got = f.next().get(60, TimeUnit.SECONDS);
            check(got == 3 + n, "future", got, 3 + n);
        }
        done("future (single, forward)");

        // asynchronous RMI: single invocation, discard
        if (me == 0) {
            Group.findMethod(group, Bin_GroupMethods.PUT).configure(new SingleInvocation(n - 1), new DiscardReply());
            group.put(new double[] {42});
        }
        if (me == n - 1) {
            same("asynchronous RMI", local.get(), new double[] {42});
        }
        done("asynchronous RMI (single, discard)");

        // broadcast: group invocation, discard
        if (me == 0) {
            Group.findMethod(group, Bin_GroupMethods.PUT).configure(new GroupInvocation(), new DiscardReply());
            group.put(range(0, 100));
        }
        same("broadcast", local.get(), range(0, 100));
        done("broadcast (group, discard)");

        // reduce or gather: group invocation, combine
        if (me == 0) {
            Group.findMethod(group, Bin_GroupMethods.ADD).configure(new GroupInvocation(),
                    new CombineReply(Combiners.sum()));
            int want = 0;
            for (int r = 0; r < n; r++) {
                want += 1 + (r + 1);
            }
            int got = group.add(1, 1);
            check(got == want, "reduce", got, want);
        }
        local.put(new double[] {me});
        pool.barrier();
        if (me == 0) {
            Group.findMethod(group, Bin_GroupMethods.GET).configure(new GroupInvocation(),
                    new CombineReply(Combiners.concat()));
            same("gather", group.get(), range(0, n));
        }
        done("reduce or gather (group, combine)");

        // scatter: personalized invocation, discard
        if (me == 0) {
            Group.findMethod(group, Bin_GroupMethods.PUT).configure(
                    new PersonalizedInvocation(Personalizers.split(0)), new DiscardReply());
            group.put(range(0, 2 * n));
        }
        same("scatter", local.get(), range(2 * me, 2));
        done("scatter (personalized, discard)");

        // scatter-gather: personalized invocation, combine
        if (me == 0) {
            Personalizer perRank = new Personalizer() {
                @Override
                public void personalize(ParameterVector in, ParameterVector[] out) {
                    for (int i = 0; i < out.length; i++) {
                        out[i].write(0, in.readInt(0) * i);
                        out[i].write(1, in.readInt(1));
                    }
                }
            };
            Group.findMethod(group, Bin_GroupMethods.ADD).configure(new PersonalizedInvocation(perRank),
                    new CombineReply(Combiners.sum()));
            int want = 0;
            for (int r = 0; r < n; r++) {
                want += 10 * r + (r + 1);
            }
            int got = group.add(10, 1);
            check(got == want, "scatter-gather", got, want);
        }
        done("scatter-gather (personalized, combine)");

        // reduce: combined + single invocation, discard
        combined("reduce", InvocationCombiners.sum(0), new SingleInvocation(0));
        group.put(new double[] {me, 1});
        if (me == 0) {
            same("reduce", local.get(), new double[] {n * (n - 1) / 2.0, n});
        }
        done("reduce (combined + single, discard)");

        // gather: combined + single invocation, discard
        combined("gather", InvocationCombiners.concat(0), new SingleInvocation(0));
        group.put(new double[] {me});
        if (me == 0) {
            same("gather", local.get(), range(0, n));
        }
        done("gather (combined + single, discard)");

        // reduce-to-all: combined + group invocation, discard
        combined("reduce-to-all", InvocationCombiners.max(0), new GroupInvocation());
        group.put(new double[] {me, -me});
        same("reduce-to-all", local.get(), new double[] {n - 1, 0});
        done("reduce-to-all (combined + group, discard)");

        // gather-to-all: combined + group invocation, discard
        combined("gather-to-all", InvocationCombiners.concat(0), new GroupInvocation());
        group.put(new double[] {me});
        same("gather-to-all", local.get(), range(0, n));
        done("gather-to-all (combined + group, discard)");

        // all-to-all: combined + personalized invocation, discard (thesis Figure 5.20)
        combined("all-to-all", new Transpose(), new PersonalizedInvocation(Personalizers.split(0)));
        double[] mine = new double[n];
        for (int j = 0; j < n; j++) {
            mine[j] = 10 * me + j;
        }
        group.put(mine);
        double[] want = new double[n];
        for (int i = 0; i < n; i++) {
            want[i] = 10 * i + me;
        }
        same("all-to-all", local.get(), want);
        done("all-to-all (combined + personalized, discard)");

        // scatter: combined + single invocation, return one + personalize
        if (me == 0) {
            local.put(range(0, 2 * n));
        }
        pool.barrier();
        Group.findMethod(group, Bin_GroupMethods.GET).configure(new CombinedInvocation("scatter", me, n,
                InvocationCombiners.first(), new SingleInvocation(0)), new PersonalizedReply(
                ReplyPersonalizers.split(), new ReturnReply(0)));
        same("combined scatter", group.get(), range(2 * me, 2));
        done("scatter (combined + single, return one + personalize)");

        // all-to-all: combined + group invocation, combine + personalize
        local.put(new double[] {me, me});
        pool.barrier();
        Group.findMethod(group, Bin_GroupMethods.GET).configure(new CombinedInvocation("all-to-all-reply", me, n,
                InvocationCombiners.first(), new GroupInvocation()), new PersonalizedReply(
                ReplyPersonalizers.split(), new CombineReply(Combiners.concat())));
        same("combined all-to-all", group.get(), new double[] {me, me});
        done("all-to-all (combined + group, combine + personalize)");

        if (me == 0) {
            System.out.println("[gmi] table 5.1: all 14 rows verified on " + n + " processes");
        }
    }

    private void combined(String id, Object combiner, io.mobula.gmi.InvocationScheme inner) {
        CombinedInvocation c = combiner instanceof FlatInvocationCombiner f
                ? new CombinedInvocation(id, me, n, f, inner)
                : new CombinedInvocation(id, me, n, (io.mobula.gmi.BinomialInvocationCombiner) combiner, inner);
        Group.findMethod(group, Bin_GroupMethods.PUT).configure(c, new DiscardReply());
    }

    /** Element j of participant i's array goes to member j at position i (thesis Figure 5.20's ArrayCombiner). */
    static final class Transpose extends FlatInvocationCombiner {
        @Override
        public void combine(ParameterVector[] in, ParameterVector out) {
            int k = in.length;
            double[] result = new double[k * k];
            for (int i = 0; i < k; i++) {
                double[] d = (double[]) in[i].readObject(0);
                for (int j = 0; j < k; j++) {
                    result[j * k + i] = d[j];
                }
            }
            out.write(0, result);
        }
    }
}
