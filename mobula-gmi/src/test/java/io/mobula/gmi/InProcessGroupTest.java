package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.gmi.bin.Bin;
import io.mobula.gmi.bin.BinImpl;
import io.mobula.gmi.bin.Bin_GroupMethods;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every forwarding and reply scheme on a group whose four members live in this process (the messages still go through
 * the RMI runtime's local path and serialization). The multi-JVM tests in mobula-examples repeat the thesis's Table
 * 5.1 across processes.
 */
class InProcessGroupTest {
    static final int N = 4;
    static BinImpl[] members = new BinImpl[N];

    @BeforeAll
    static void start() throws Exception {
        TestPool.get();
        Group.create("bins", Bin.class, N);
        Thread[] joiners = new Thread[N];
        for (int r = 0; r < N; r++) {
            int rank = r;
            members[r] = new BinImpl();
            joiners[r] = Thread.ofVirtual().start(() -> Group.join("bins", members[rank], rank));
        }
        for (Thread t : joiners) {
            t.join(20_000);
        }
        for (int r = 0; r < N; r++) {
            assertEquals(r, members[r].getRank());
            assertEquals(N, members[r].getSize());
            assertEquals(1, members[r].inits, "groupInit runs once");
        }
    }

    private static Bin lookup() {
        return Group.lookup("bins", Bin.class);
    }

    @Test
    void aGroupIsFoundFromAThreadWhoseContextLoaderCannotSeeItsInterface() throws Exception {
        // a thread of a container or a pool may carry another loader: the interface a peer names resolves with the
        // loader of values from peers, not the thread's
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(new java.net.URLClassLoader(new java.net.URL[0], null)); // the JDK's classes only
        try {
            assertTrue(Group.lookup("bins", Bin.class) instanceof Bin); // it threw GroupException: cannot load
        } finally {
            t.setContextClassLoader(before);
        }
    }

    @Test
    void singleInvocationWithReturnIsAnRmi() throws Exception {
        Bin g = lookup();
        for (int r = 0; r < N; r++) {
            Group.findMethod(g, "int add(int, int)").configure(new SingleInvocation(r), new ReturnReply(r));
            assertEquals(1 + 2 * (r + 1), g.add(1, 2));
        }
        IOException e = assertThrows(IOException.class, () -> g.add(-1, 0));
        assertTrue(e.getMessage().contains("rank 3 refuses -1"), e.getMessage());
    }

    @Test
    void broadcastReachesEveryMemberAndReturnsAtOnce() {
        Bin g = lookup();
        Group.findMethod(g, "void put(double [])").configure(new GroupInvocation(), new DiscardReply());
        double[] v = {1, 2, 3};
        g.put(v);
        for (BinImpl m : members) {
            assertArrayEquals(v, m.get());
        }
    }

    @Test
    void broadcastToASubset() {
        Bin g = lookup();
        Group.findMethod(g, Bin_GroupMethods.PUT).configure(new GroupInvocation(1, 3), new DiscardReply());
        g.put(new double[] {7});
        assertArrayEquals(new double[] {7}, members[1].get());
        assertArrayEquals(new double[] {7}, members[3].get());
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(1, 3), new CombineReply(
                new FlatCombiner() {
                    @Override
                    public int combine(int[] results, Exception[] ex) {
                        assertEquals(2, results.length);
                        return results[0] * 100 + results[1];
                    }
                }));
        assertDoesNotThrowInt(() -> assertEquals((0 + 1 * 2) * 100 + (0 + 1 * 4), g.add(0, 1)));
    }

    interface IntCheck {
        void run() throws Exception;
    }

    private static void assertDoesNotThrowInt(IntCheck c) {
        try {
            c.run();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void futureThroughAForwarder() throws Exception {
        Bin g = lookup();
        FutureForwarder<Integer> f = new FutureForwarder<>();
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new SingleInvocation(2), new ForwardReply(f));
        assertEquals(0, g.add(5, 1), "a forwarded invocation returns the default value at once");
        assertEquals(0, g.add(-5, 1));
        assertEquals(5 + 3, f.next().get(20, TimeUnit.SECONDS));
        java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> f.next().get(20, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof IOException, String.valueOf(e.getCause()));
    }

    @Test
    void gatherAndReduceOfResults() throws Exception {
        Bin g = lookup();
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(), new CombineReply(
                new FlatCombiner() {
                    @Override
                    public int combine(int[] results, Exception[] ex) {
                        int s = 0;
                        for (int i = 0; i < results.length; i++) {
                            s = s * 10 + results[i];
                        }
                        return s;
                    }
                }));
        assertEquals(2345, g.add(1, 1), "results in rank order: 1+1, 1+2, 1+3, 1+4");
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(), new CombineReply(new SumInts()));
        assertEquals(2 + 3 + 4 + 5, g.add(1, 1));
    }

    /**
     * A reduce that sums and counts how often it is serialized: it travels in the invocation's header, which is
     * encoded once per invocation however many destinations (and relays) it reaches.
     */
    static final class CountingSum extends BinomialCombiner {
        private static final long serialVersionUID = 1L;
        static final java.util.concurrent.atomic.AtomicInteger WRITES = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public int combine(int rank1, int result1, Exception e1, int rank2, int result2, Exception e2, int size) {
            return result1 + result2;
        }

        private void writeObject(java.io.ObjectOutputStream out) throws IOException {
            WRITES.incrementAndGet();
            out.defaultWriteObject();
        }
    }

    /**
     * Checks that one invocation of {@code g.add(1, 1)} reduced with a {@link CountingSum} encodes its header (and so
     * its reducer) once, for every member of a group of {@code n}, and returns the sum.
     */
    static void assertEncodedOnce(Bin g, int n) throws Exception {
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(), new CombineReply(new CountingSum()));
        GmiRuntime rt = GmiRuntime.get();
        for (int k = 0; k < 3; k++) {
            int writes = CountingSum.WRITES.get();
            long headers = rt.invocationsEncoded.sum();
            int want = 0;
            for (int r = 0; r < n; r++) {
                want += 1 + (r + 1);
            }
            assertEquals(want, g.add(1, 1));
            assertEquals(1, CountingSum.WRITES.get() - writes, "the reducer was serialized once per invocation, not"
                    + " once per destination (" + n + ")");
            assertEquals(1, rt.invocationsEncoded.sum() - headers, "one header encoded per invocation");
        }
    }

    @Test
    void aGroupInvocationIsEncodedOnceForAllItsDestinations() throws Exception {
        assertEncodedOnce(lookup(), N);
    }

    /** A reduce that sums and reports exceptions as -1000 each. */
    static final class SumInts extends BinomialCombiner {
        private static final long serialVersionUID = 1L;

        @Override
        public int combine(int rank1, int result1, Exception e1, int rank2, int result2, Exception e2, int size) {
            return (e1 != null ? -1000 : result1) + (e2 != null ? -1000 : result2);
        }
    }

    @Test
    void memberExceptionsFlowIntoCombiners() throws Exception {
        Bin g = lookup();
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(), new CombineReply(new SumInts()));
        assertEquals(-4000, g.add(-1, 1));
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(), new CombineReply(
                new FlatCombiner() {
                    @Override
                    public int combine(int[] results, Exception[] ex) throws Exception {
                        for (Exception e : ex) {
                            if (e != null) {
                                throw e;
                            }
                        }
                        return 0;
                    }
                }));
        IOException e = assertThrows(IOException.class, () -> g.add(-2, 0));
        assertTrue(e.getMessage().contains("refuses -2"), e.getMessage());
    }

    /** Splits parameter 0, a double[], evenly among the members (thesis Figure 5.14). */
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

    @Test
    void scatterWithAPersonalizer() {
        Bin g = lookup();
        Group.findMethod(g, Bin_GroupMethods.PUT).configure(new PersonalizedInvocation(new Split()),
                new DiscardReply());
        g.put(new double[] {0, 1, 2, 3, 4, 5, 6, 7});
        for (int r = 0; r < N; r++) {
            assertArrayEquals(new double[] {2 * r, 2 * r + 1}, members[r].get());
        }
    }

    @Test
    void scatterGatherAndPersonalizedReduce() throws Exception {
        Bin g = lookup();
        Personalizer perRank = new Personalizer() {
            @Override
            public void personalize(ParameterVector in, ParameterVector[] out) {
                for (int i = 0; i < out.length; i++) {
                    out[i].write(0, in.readInt(0) * i);
                    out[i].write(1, in.readInt(1));
                }
            }
        };
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new PersonalizedInvocation(perRank),
                new CombineReply(new SumInts()));
        // member i computes 10*i + 1*(i+1)
        assertEquals((0 + 10 + 20 + 30) + (1 + 2 + 3 + 4), g.add(10, 1));
    }

    @Test
    void incompletePersonalizationFailsTheCallClearly() {
        Bin g = lookup();
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new PersonalizedInvocation(new Personalizer() {
            @Override
            public void personalize(ParameterVector in, ParameterVector[] out) {
                for (ParameterVector p : out) {
                    p.write(0, 1);
                }
            }
        }), new ReturnReply(0));
        GroupException e = assertThrows(GroupException.class, () -> g.add(1, 1));
        assertTrue(e.getMessage().contains("1 (int)"), e.getMessage());
    }

    @Test
    void invalidConfigurationsAreRefused() {
        Bin g = lookup();
        GroupMethod add = Group.findMethod(g, Bin_GroupMethods.ADD);
        assertThrows(ConfigurationException.class, () -> add.configure(new SingleInvocation(N), new ReturnReply(0)));
        assertThrows(ConfigurationException.class, () -> add.configure(new SingleInvocation(1), new ReturnReply(2)));
        assertThrows(ConfigurationException.class, () -> add.configure(new GroupInvocation(), new PersonalizedReply(
                new ReplyPersonalizer() {
                }, new ReturnReply(0))));
        ConfigurationException c = assertThrows(ConfigurationException.class, () -> add.configure(
                new GroupInvocation(), new CombineReply(new FlatCombiner() {
                })));
        assertTrue(c.getMessage().contains("combine(int[], Exception[])"), c.getMessage());
        assertThrows(ConfigurationException.class, () -> add.configure(new GroupInvocation(),
                new ForwardReply(new FutureForwarder<Integer>())));
        assertThrows(ConfigurationException.class, () -> new GroupInvocation(1, 1));
        assertThrows(ConfigurationException.class, () -> new PersonalizedReply(new ReplyPersonalizer() {
        }, new DiscardReply()));
        ConfigurationException m = assertThrows(ConfigurationException.class,
                () -> Group.findMethod(g, "void putt(double[])"));
        assertTrue(m.getMessage().contains("\"void put(double[])\""), m.getMessage());
        ConfigurationException u = assertThrows(ConfigurationException.class, () -> lookup().get());
        assertTrue(u.getMessage().contains("is not configured"), u.getMessage());
    }
}
