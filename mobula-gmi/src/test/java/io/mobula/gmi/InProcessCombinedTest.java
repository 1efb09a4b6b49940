package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.gmi.bin.Bin;
import io.mobula.gmi.bin.BinImpl;
import io.mobula.gmi.bin.Bin_GroupMethods;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Combined invocations (thesis 5.2.3, Table 5.1's lower half) with four participant threads in this process, each with
 * its own group reference, on a group of four members here: the MPI-style collectives of thesis 5.3.2.
 */
class InProcessCombinedTest {
    static final int N = 4;
    static BinImpl[] members = new BinImpl[N];

    @BeforeAll
    static void start() throws Exception {
        TestPool.get();
        Group.create("cbins", Bin.class, N);
        List<Thread> joiners = new ArrayList<>();
        for (int r = 0; r < N; r++) {
            int rank = r;
            members[r] = new BinImpl();
            joiners.add(Thread.ofVirtual().start(() -> Group.join("cbins", members[rank], rank)));
        }
        for (Thread t : joiners) {
            t.join(20_000);
        }
    }

    interface Participant<T> {
        T run(int rank, Bin group) throws Exception;
    }

    /** Runs {@code body} in N threads, each a participant with its own group reference; returns their results. */
    static <T> List<T> participants(Participant<T> body) throws Exception {
        return participantsOf("cbins", N, body);
    }

    static <T> List<T> participantsOf(String group, int n, Participant<T> body) throws Exception {
        ExecutorService ex = Executors.newFixedThreadPool(n);
        try {
            List<Future<T>> f = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                int rank = r;
                f.add(ex.submit(() -> body.run(rank, Group.lookup(group, Bin.class))));
            }
            List<T> out = new ArrayList<>();
            for (Future<T> x : f) {
                out.add(x.get(40, TimeUnit.SECONDS));
            }
            return out;
        } finally {
            ex.shutdownNow();
        }
    }

    /** Concatenates parameter 0 (double[]) of every invocation, in participant order. */
    static final class Concat extends FlatInvocationCombiner {
        @Override
        public void combine(ParameterVector[] in, ParameterVector out) {
            int len = 0;
            for (ParameterVector p : in) {
                len += ((double[]) p.readObject(0)).length;
            }
            double[] all = new double[len];
            int at = 0;
            for (ParameterVector p : in) {
                double[] d = (double[]) p.readObject(0);
                System.arraycopy(d, 0, all, at, d.length);
                at += d.length;
            }
            out.write(0, all);
        }
    }

    /** Adds parameter 0 (double[]) element-wise. */
    static final class ElementSum extends BinomialInvocationCombiner {
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

    @Test
    void gatherToAll() throws Exception {
        List<double[]> got = participants((rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.PUT).configure(new CombinedInvocation("g2a", rank, N, new Concat(),
                    new GroupInvocation()), new DiscardReply());
            g.put(new double[] {rank, rank + 0.5});
            return members[rank].get();
        });
        for (double[] d : got) {
            assertArrayEquals(new double[] {0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5}, d);
        }
    }

    @Test
    void reduceToAllAndReduce() throws Exception {
        List<double[]> got = participants((rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.PUT).configure(new CombinedInvocation("r2a", rank, N,
                    new ElementSum(), new GroupInvocation()), new DiscardReply());
            g.put(new double[] {rank, 10 * rank});
            return members[rank].get();
        });
        for (double[] d : got) {
            assertArrayEquals(new double[] {6, 60}, d);
        }
        participants((rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.PUT).configure(new CombinedInvocation("reduce", rank, N,
                    new ElementSum(), new SingleInvocation(2)), new DiscardReply());
            g.put(new double[] {1});
            return null;
        });
        assertArrayEquals(new double[] {4}, members[2].get());
    }

    /** Transposes: element j of participant i's array goes to member j at position i (thesis Figure 5.20). */
    static final class Transpose extends FlatInvocationCombiner {
        @Override
        public void combine(ParameterVector[] in, ParameterVector out) {
            int n = in.length;
            double[] result = new double[n * n];
            for (int i = 0; i < n; i++) {
                double[] d = (double[]) in[i].readObject(0);
                for (int j = 0; j < n; j++) {
                    result[j * n + i] = d[j];
                }
            }
            out.write(0, result);
        }
    }

    @Test
    void allToAllThroughACombinedPersonalizedInvocation() throws Exception {
        List<double[]> got = participants((rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.PUT).configure(new CombinedInvocation("a2a", rank, N,
                    new Transpose(), new PersonalizedInvocation(new InProcessGroupTest.Split())), new DiscardReply());
            double[] mine = new double[N];
            for (int j = 0; j < N; j++) {
                mine[j] = 10 * rank + j; // element j is for member j
            }
            g.put(mine);
            return members[rank].get();
        });
        for (int j = 0; j < N; j++) {
            assertArrayEquals(new double[] {j, 10 + j, 20 + j, 30 + j}, got.get(j), "member " + j);
        }
    }

    /** Splits a double[] result evenly among the participants. */
    static final class SplitResult extends ReplyPersonalizer {
        private static final long serialVersionUID = 1L;

        @Override
        public void personalize(Object in, Object[] out) {
            double[] d = (double[]) in;
            int k = d.length / out.length;
            for (int i = 0; i < out.length; i++) {
                out[i] = java.util.Arrays.copyOfRange(d, i * k, (i + 1) * k);
            }
        }
    }

    /** Concatenates double[] results. */
    static final class GatherArrays extends FlatCombiner {
        @Override
        public Object combine(Object[] results, Exception[] ex) throws Exception {
            int len = 0;
            for (int i = 0; i < results.length; i++) {
                if (ex[i] != null) {
                    throw ex[i];
                }
                len += ((double[]) results[i]).length;
            }
            double[] all = new double[len];
            int at = 0;
            for (Object r : results) {
                System.arraycopy((double[]) r, 0, all, at, ((double[]) r).length);
                at += ((double[]) r).length;
            }
            return all;
        }
    }

    /** Nothing to combine (get() has no parameters). */
    static final class NoParameters extends FlatInvocationCombiner {
        @Override
        public void combine(ParameterVector[] in, ParameterVector out) {
        }
    }

    @Test
    void scatterByReturnOneAndPersonalize() throws Exception {
        members[1].put(new double[] {1, 2, 3, 4, 5, 6, 7, 8});
        List<double[]> got = participants((rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.GET).configure(new CombinedInvocation("scatter", rank, N,
                    new NoParameters(), new SingleInvocation(1)), new PersonalizedReply(new SplitResult(),
                    new ReturnReply(1)));
            return g.get();
        });
        for (int i = 0; i < N; i++) {
            assertArrayEquals(new double[] {2 * i + 1, 2 * i + 2}, got.get(i));
        }
    }

    @Test
    void allToAllByCombineAndPersonalizeAndGatherToAllByCombine() throws Exception {
        for (int r = 0; r < N; r++) {
            members[r].put(new double[] {r, r});
        }
        List<double[]> got = participants((rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.GET).configure(new CombinedInvocation("a2a-reply", rank, N,
                    new NoParameters(), new GroupInvocation()), new PersonalizedReply(new SplitResult(),
                    new CombineReply(new GatherArrays())));
            return g.get();
        });
        for (int i = 0; i < N; i++) {
            assertArrayEquals(new double[] {i, i}, got.get(i));
        }
        for (int r = 0; r < N; r++) {
            members[r].put(new double[] {r});
        }
        List<double[]> all = participants((rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.GET).configure(new CombinedInvocation("gather-to-all", rank, N,
                    new NoParameters(), new GroupInvocation()), new CombineReply(new GatherArrays()));
            return g.get();
        });
        for (double[] d : all) {
            assertArrayEquals(new double[] {0, 1, 2, 3}, d, "the same combined result for every participant");
        }
    }

    /** Sums parameters 0 and 1 (ints) pairwise. */
    static final class SumArgs extends BinomialInvocationCombiner {
        private static final long serialVersionUID = 1L;

        @Override
        public void combine(ParameterVector in1, ParameterVector in2, ParameterVector out) {
            out.write(0, in1.readInt(0) + in2.readInt(0));
            out.write(1, in1.readInt(1) + in2.readInt(1));
        }
    }

    @Test
    void concurrentCombinedOperationsDoNotMix() throws Exception {
        List<Boolean> ok = participants((rank, g) -> {
            Bin other = Group.lookup("cbins", Bin.class);
            Group.findMethod(g, Bin_GroupMethods.ADD).configure(new CombinedInvocation("sum-a", rank, N,
                    new SumArgs(), new SingleInvocation(0)), new ReturnReply(0));
            Group.findMethod(other, Bin_GroupMethods.ADD).configure(new CombinedInvocation("sum-b", rank, N,
                    new SumArgs(), new SingleInvocation(3)), new ReturnReply(3));
            ExecutorService two = Executors.newFixedThreadPool(2);
            try {
                for (int k = 0; k < 25; k++) {
                    int kk = k;
                    Future<Integer> a = two.submit(() -> g.add(kk + rank, 1));
                    Future<Integer> b = two.submit(() -> other.add(2 * kk, rank));
                    // a: member 0 gets (sum of kk+rank, N) -> 4kk+6 + N*1
                    assertEquals(4 * kk + 6 + N, a.get(20, TimeUnit.SECONDS));
                    // b: member 3 gets (8kk, 6) -> 8kk + 6*4
                    assertEquals(8 * kk + 24, b.get(20, TimeUnit.SECONDS));
                }
            } finally {
                two.shutdownNow();
            }
            return true;
        });
        assertEquals(List.of(true, true, true, true), ok);
    }

    @Test
    void participantsThatDisagreeOrDoNotComeFailConfiguration() throws Exception {
        List<String> errors = participants((rank, g) -> {
            try {
                Group.findMethod(g, Bin_GroupMethods.PUT).configure(new CombinedInvocation("disagree", rank, N,
                        rank == 2 ? new SumArgs() : new ElementSum(), new GroupInvocation()),
                        new DiscardReply());
                return "configured";
            } catch (ConfigurationException e) {
                return e.getMessage();
            }
        });
        for (String e : errors) {
            assertTrue(e.contains("participant"), e);
        }
        System.setProperty("mobula.gmi.timeoutMs", "20000");
        Bin g = Group.lookup("cbins", Bin.class);
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> new CombinedInvocation("x", 3, 3,
                new Concat(), new GroupInvocation()));
        assertTrue(e.getMessage().contains("outside 0..2"), e.getMessage());
        assertThrows(ConfigurationException.class, () -> Group.findMethod(g, Bin_GroupMethods.PUT).configure(
                new GroupInvocation(), new PersonalizedReply(new SplitResult(), new ReturnReply(0))));
    }
}
