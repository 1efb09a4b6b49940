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

/** The ready-made combiners and personalizers on a group of three members in this process. */
class ReadyMadeTest {
    static final int N = 3;
    static BinImpl[] members = new BinImpl[N];

    @BeforeAll
    static void start() throws Exception {
        TestPool.get();
        Group.create("rbins", Bin.class, N);
        List<Thread> joiners = new ArrayList<>();
        for (int r = 0; r < N; r++) {
            int rank = r;
            members[r] = new BinImpl();
            joiners.add(Thread.ofVirtual().start(() -> Group.join("rbins", members[rank], rank)));
        }
        for (Thread t : joiners) {
            t.join(20_000);
        }
    }

    @Test
    void sumMinMaxOfResults() throws Exception {
        Bin g = Group.lookup("rbins", Bin.class);
        GroupMethod add = Group.findMethod(g, Bin_GroupMethods.ADD);
        add.configure(new GroupInvocation(), new CombineReply(Combiners.sum()));
        assertEquals((1 + 2) + (1 + 4) + (1 + 6), g.add(1, 2));
        add.configure(new GroupInvocation(), new CombineReply(Combiners.max()));
        assertEquals(1 + 6, g.add(1, 2));
        add.configure(new GroupInvocation(), new CombineReply(Combiners.min()));
        assertEquals(1 + 2, g.add(1, 2));
        assertThrows(IOException.class, () -> g.add(-1, 2), "a member's exception reaches the caller");
    }

    @Test
    void unevenSplitAndConcatenation() {
        Bin g = Group.lookup("rbins", Bin.class);
        Group.findMethod(g, Bin_GroupMethods.PUT).configure(new PersonalizedInvocation(Personalizers.split(0)),
                new DiscardReply());
        g.put(new double[] {0, 1, 2, 3, 4, 5, 6});
        Group.findMethod(g, Bin_GroupMethods.GET).configure(new GroupInvocation(), new CombineReply(
                Combiners.concat()));
        assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5, 6}, g.get(), "blocks of 3, 2, 2 back in rank order");
        g.put(new double[] {0, 1, 2, 3, 4, 5, 6});
        assertArrayEquals(new double[] {0, 1, 2}, members[0].get());
        assertArrayEquals(new double[] {3, 4}, members[1].get());
        assertArrayEquals(new double[] {5, 6}, members[2].get());
        Group.findMethod(g, Bin_GroupMethods.GET).configure(new GroupInvocation(), new CombineReply(Combiners.sum()));
        for (BinImpl m : members) {
            m.put(new double[] {1, 2});
        }
        assertArrayEquals(new double[] {3, 6}, g.get(), "element-wise sum of array results");
    }

    @Test
    void combinedWithReadyMadeInvocationCombiners() throws Exception {
        List<double[]> got = InProcessCombinedTest.participantsOf("rbins", N, (rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.PUT).configure(new CombinedInvocation("ready-g2a", rank, N,
                    InvocationCombiners.concat(0), new GroupInvocation()), new DiscardReply());
            g.put(new double[] {rank});
            double[] all = members[rank].get();
            Group.findMethod(g, Bin_GroupMethods.PUT).configure(new CombinedInvocation("ready-r2a", rank, N,
                    InvocationCombiners.max(0), new GroupInvocation()), new DiscardReply());
            g.put(new double[] {rank, -rank});
            double[] max = members[rank].get();
            return new double[] {all[0], all[1], all[2], max[0], max[1]};
        });
        for (double[] d : got) {
            assertArrayEquals(new double[] {0, 1, 2, 2, 0}, d);
        }
        for (int r = 0; r < N; r++) {
            members[r].put(new double[] {r, r});
        }
        List<double[]> mine = InProcessCombinedTest.participantsOf("rbins", N, (rank, g) -> {
            Group.findMethod(g, Bin_GroupMethods.GET).configure(new CombinedInvocation("ready-a2a", rank, N,
                    new InProcessCombinedTest.NoParameters(), new GroupInvocation()), new PersonalizedReply(
                    ReplyPersonalizers.split(), new CombineReply(Combiners.concat())));
            return g.get();
        });
        assertArrayEquals(new double[] {0, 0}, mine.get(0));
        assertArrayEquals(new double[] {1, 1}, mine.get(1));
        assertArrayEquals(new double[] {2, 2}, mine.get(2));
    }
}
