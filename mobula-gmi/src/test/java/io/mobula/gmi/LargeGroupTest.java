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
        for (int k = 0; k < 3; k++) {
            g.put(new double[] {k});
            for (BinImpl m : members) {
                assertArrayEquals(new double[] {k}, m.get());
            }
        }
        for (BinImpl m : members) {
            assertEquals(3, m.puts.get(), "each member ran each broadcast exactly once");
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
}
