package io.mobula.gmi;

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
}
