package io.mobula.gmi;

import io.mobula.pool.BinomialTree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mobula.gmi.bin.Bin;
import io.mobula.gmi.bin.BinImpl;
import io.mobula.gmi.bin.Bin_GroupMethods;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A group of 17 members, past the relay threshold (16): broadcasts travel along the binomial tree of the members
 * (each forwards to its children before running the method) and reduces combine up the same tree.
 */
class LargeGroupTest {
    static final int N = 17;
    static BinImpl[] members = new BinImpl[N];

    @BeforeAll
    static void start() throws Exception {
        TestPool.get();
        Group.create("large", Bin.class, N);
        List<Thread> joiners = new ArrayList<>();
        for (int r = 0; r < N; r++) {
            int rank = r;
            members[r] = new BinImpl();
            joiners.add(Thread.ofVirtual().start(() -> Group.join("large", members[rank], rank)));
        }
        for (Thread t : joiners) {
            t.join(20_000);
        }
    }

    @Test
    void aRelayedBroadcastReachesEveryMemberOnce() {
        Bin g = Group.lookup("large", Bin.class);
        Group.findMethod(g, Bin_GroupMethods.PUT).configure(new GroupInvocation(), new DiscardReply());
        int[] before = new int[N];
        for (int r = 0; r < N; r++) {
            before[r] = members[r].puts.get(); // other tests put too
        }
        for (int k = 0; k < 3; k++) {
            g.put(new double[] {k});
            for (BinImpl m : members) {
                assertArrayEquals(new double[] {k}, m.get());
            }
        }
        for (int r = 0; r < N; r++) {
            assertEquals(3, members[r].puts.get() - before[r], "each member ran each broadcast exactly once");
        }
    }

    @Test
    void aRelayedInvocationIsEncodedOnceAndRelayedOncePerMember() throws Exception {
        Bin g = Group.lookup("large", Bin.class);
        long relayed = GmiRuntime.get().relayed.sum();
        InProcessGroupTest.assertEncodedOnce(g, N); // three invocations, each relayed down the tree unchanged
        assertEquals(3L * (N - 1), GmiRuntime.get().relayed.sum() - relayed, "every member but the tree's root got"
                + " each invocation from a relay");
    }

    @Test
    void aSubsetPastTheThresholdIsRelayedToo() {
        Bin g = Group.lookup("large", Bin.class);
        int[] ranks = {12, 0, 5, 7, 3, 9, 11, 1, 2, 16, 4, 6, 8, 10, 13, 14};
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(ranks),
                new CombineReply(Combiners.sum()));
        int want = 0;
        for (int r : ranks) {
            want += 1 + (r + 1);
        }
        assertDoesNotThrow(want, () -> g.add(1, 1));
    }

    interface IntCall {
        int call() throws Exception;
    }

    private static void assertDoesNotThrow(int want, IntCall c) {
        try {
            assertEquals(want, c.call());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aTreeReduceCombinesEveryMemberAndCarriesExceptions() throws Exception {
        Bin g = Group.lookup("large", Bin.class);
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(), new CombineReply(
                new InProcessGroupTest.SumInts()));
        int want = 0;
        for (int r = 0; r < N; r++) {
            want += 2 + 3 * (r + 1);
        }
        assertEquals(want, g.add(2, 3));
        assertEquals(-1000 * N, g.add(-1, 0), "every member's exception reached the combiner");
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(), new CombineReply(Combiners.max()));
        assertThrows(IOException.class, () -> g.add(-1, 0));
    }

    @Test
    void aCombinedInvocationsResultReachesEveryParticipantAlongTheTree() throws Exception {
        long relayed = GmiRuntime.get().resultsRelayed.sum();
        List<Integer> got = InProcessCombinedTest.participantsOf("large", N, (rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.ADD).configure(new CombinedInvocation("large-sum", rank, N,
                    new InProcessCombinedTest.SumArgs(), new SingleInvocation(0)), new ReturnReply(0));
            return g.add(rank, 1); // member 0 adds the sum of the ranks and N * 1 * (0 + 1)
        });
        int want = N * (N - 1) / 2 + N;
        for (int r = 0; r < N; r++) {
            assertEquals(want, got.get(r), "participant " + r);
        }
        // participant 0 sends to its 5 children (16, 8, 4, 2, 1); every other participant gets it from a relay
        assertEquals(N - 1 - BinomialTree.children(0, N).length, GmiRuntime.get().resultsRelayed.sum() - relayed);

        // only a handed-out result (or forwarded result) of a participant configured here is relayed, whatever a
        // peer marks: the parts of the combine itself, and parts for unknown participants, never
        GmiRuntime rt = GmiRuntime.get();
        int here = rt.pool.rank();
        assertArrayEquals(new int[] {here, here, here, here, here}, rt.relayTargets(new GroupMessages.Part(
                GroupMessages.PART_RESULT, "large", "large-sum:0", 0, 0, false, true)));
        assertEquals(0, rt.relayTargets(new GroupMessages.Part(GroupMessages.PART_RESULT, "large", "large-sum:0", 16,
                0, false, true)).length, "a leaf");
        for (GroupMessages.Part p : List.of(
                new GroupMessages.Part(GroupMessages.PART_RESULT, "large", "large-sum:0", 0, 0, false, false),
                new GroupMessages.Part(GroupMessages.PART_PARAMETERS, "large", "large-sum:0", 0, 3, false, true),
                new GroupMessages.Part(GroupMessages.PART_PARTIAL, "large", "1:2", 0, 3, false, true),
                new GroupMessages.Part(GroupMessages.PART_RESULT, "large", "nobody:0", 0, 0, false, true),
                new GroupMessages.Part(GroupMessages.PART_RESULT, "large", "large-sum:0", N, 0, false, true),
                new GroupMessages.Part(GroupMessages.PART_RESULT, "large", "no-sequence", 0, 0, false, true))) {
            assertEquals(null, rt.relayTargets(p), p.toString());
        }

        // a failure handed out travels the same way: every participant throws it
        List<String> failed = InProcessCombinedTest.participantsOf("large", N, (rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.ADD).configure(new CombinedInvocation("large-fail", rank, N,
                    new InProcessCombinedTest.SumArgs(), new SingleInvocation(0)), new ReturnReply(0));
            try {
                g.add(-1 - rank, 1);
                return "returned";
            } catch (IOException e) {
                return e.getMessage();
            }
        });
        for (String m : failed) {
            assertEquals("rank 0 refuses " + (-N * (N + 1) / 2), m);
        }
    }

    /** Records each member's result it is handed, by member rank. */
    static final class Record extends Forwarder {
        final java.util.concurrent.ConcurrentHashMap<Integer, Integer> results =
                new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public void forward(int rank, int size, int result) {
            results.merge(rank, result, (a, b) -> -1); // -1: handed twice
        }
    }

    @Test
    void forwardedResultsReachEveryParticipantsForwarderOnceAlongTheTree() throws Exception {
        long relayed = GmiRuntime.get().resultsRelayed.sum();
        Record[] forwarders = new Record[N];
        InProcessCombinedTest.participantsOf("large", N, (rank, g) -> {
            forwarders[rank] = new Record();
            Group.findMethod(g, Bin_GroupMethods.ADD).configure(new CombinedInvocation("large-forward", rank, N,
                    new InProcessCombinedTest.SumArgs(), new GroupInvocation()), new ForwardReply(forwarders[rank]));
            return g.add(rank, 1);
        });
        int sum = N * (N - 1) / 2;
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        for (int p = 0; p < N; p++) {
            while (forwarders[p].results.size() < N && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            for (int m = 0; m < N; m++) {
                assertEquals(sum + N * (m + 1), forwarders[p].results.get(m), "participant " + p + ", member " + m);
            }
        }
        // each of the N results went to participant 0's 5 children and from relays to the other 11
        assertEquals((long) N * (N - 1 - BinomialTree.children(0, N).length),
                GmiRuntime.get().resultsRelayed.sum() - relayed);
    }

    static double[] range(int from, int count) {
        double[] r = new double[count];
        for (int i = 0; i < count; i++) {
            r[i] = from + i;
        }
        return r;
    }

    /** Member i gets {@code 10 * i + a} and b as they are: each member's parameters differ. */
    static final class PerRank extends Personalizer {
        @Override
        public void personalize(ParameterVector in, ParameterVector[] out) {
            for (int i = 0; i < out.length; i++) {
                out[i].write(0, 10 * i + in.readInt(0));
                out[i].write(1, in.readInt(1));
            }
        }
    }

    @Test
    void aScatterTravelsAlongTheTreeEachMemberGettingOnlyItsOwnParameters() throws Exception {
        Bin g = Group.lookup("large", Bin.class);
        GmiRuntime rt = GmiRuntime.get();
        Group.findMethod(g, Bin_GroupMethods.PUT).configure(new PersonalizedInvocation(Personalizers.split(0)),
                new DiscardReply());
        long relayed = rt.relayed.sum();
        g.put(range(0, 2 * N));
        for (int r = 0; r < N; r++) {
            assertArrayEquals(range(2 * r, 2), members[r].get(), "member " + r + "'s block");
        }
        // member 0 gets every block in one message and relays its subtree's to each of its 5 children, they to theirs
        assertEquals(N - 1, rt.relayed.sum() - relayed, "every member but the tree's root got its block from a relay");

        // with a reply from every member, and with a reduce up the same tree (its header names every rank)
        int want = 0;
        for (int r = 0; r < N; r++) {
            want += 10 * r + 1 + (r + 1);
        }
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new PersonalizedInvocation(new PerRank()),
                new CombineReply(new SumFlat()));
        assertEquals(want, g.add(1, 1), "scatter, then gather at the invoker");
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new PersonalizedInvocation(new PerRank()),
                new CombineReply(Combiners.sum()));
        assertEquals(want, g.add(1, 1), "scatter, then reduce up the tree");
        assertEquals(3L * (N - 1), rt.relayed.sum() - relayed);
    }

    /** Sums int results at the invoker (flat); a member's exception is thrown. */
    static final class SumFlat extends FlatCombiner {
        @Override
        public int combine(int[] results, Exception[] exceptions) throws Exception {
            int s = 0;
            for (int i = 0; i < results.length; i++) {
                if (exceptions[i] != null) {
                    throw exceptions[i];
                }
                s += results[i];
            }
            return s;
        }
    }

    /** Participant i gets the result plus i. */
    static final class PlusRank extends ReplyPersonalizer {
        private static final long serialVersionUID = 1L;

        @Override
        public void personalize(int in, int[] out) {
            for (int i = 0; i < out.length; i++) {
                out[i] = in + i;
            }
        }
    }

    @Test
    void personalizedResultsReachEachParticipantAlongTheTreeAsABinomialScatter() throws Exception {
        GmiRuntime rt = GmiRuntime.get();
        long relayed = rt.resultsRelayed.sum();
        members[0].put(range(0, 2 * N));
        List<double[]> blocks = InProcessCombinedTest.participantsOf("large", N, (rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.GET).configure(new CombinedInvocation("large-scatter", rank, N,
                    InvocationCombiners.first(), new SingleInvocation(0)), new PersonalizedReply(
                    ReplyPersonalizers.split(), new ReturnReply(0)));
            return g.get();
        });
        for (int r = 0; r < N; r++) {
            assertArrayEquals(range(2 * r, 2), blocks.get(r), "participant " + r + "'s block");
        }
        // participant 0 sends each of its 5 children its subtree's parts; the other 11 get theirs from a relay
        assertEquals(N - 1 - BinomialTree.children(0, N).length, rt.resultsRelayed.sum() - relayed);

        // a primitive result, and a failure: every participant throws it (the parts carry their own flag)
        for (int a : new int[] {1, -1}) {
            List<String> got = InProcessCombinedTest.participantsOf("large", N, (rank, g) -> {
                Group.findMethod(g, Bin_GroupMethods.ADD).configure(new CombinedInvocation("large-plus", rank, N,
                        new InProcessCombinedTest.SumArgs(), new SingleInvocation(0)), new PersonalizedReply(
                        new PlusRank(), new ReturnReply(0)));
                try {
                    return Integer.toString(g.add(a * (rank + 1), 1));
                } catch (IOException e) {
                    return e.getMessage();
                }
            });
            int sum = a * N * (N + 1) / 2;
            for (int r = 0; r < N; r++) {
                assertEquals(a > 0 ? Integer.toString(sum + N + r) : "rank 0 refuses " + sum, got.get(r),
                        "participant " + r);
            }
        }
        assertEquals(3L * (N - 1 - BinomialTree.children(0, N).length), rt.resultsRelayed.sum() - relayed);
    }

    @Test
    void personalizedForwardedResultsReachEachParticipantsForwarderOnceAlongTheTree() throws Exception {
        long relayed = GmiRuntime.get().resultsRelayed.sum();
        Record[] forwarders = new Record[N];
        InProcessCombinedTest.participantsOf("large", N, (rank, g) -> {
            forwarders[rank] = new Record();
            Group.findMethod(g, Bin_GroupMethods.ADD).configure(new CombinedInvocation("large-forward-parts", rank,
                    N, new InProcessCombinedTest.SumArgs(), new GroupInvocation()), new PersonalizedReply(
                    new PlusRank(), new ForwardReply(forwarders[rank])));
            return g.add(rank, 1);
        });
        int sum = N * (N - 1) / 2;
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        for (int p = 0; p < N; p++) {
            while (forwarders[p].results.size() < N && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            for (int m = 0; m < N; m++) {
                assertEquals(sum + N * (m + 1) + p, forwarders[p].results.get(m), "participant " + p + ", member "
                        + m);
            }
        }
        assertEquals((long) N * (N - 1 - BinomialTree.children(0, N).length),
                GmiRuntime.get().resultsRelayed.sum() - relayed);
    }
}
