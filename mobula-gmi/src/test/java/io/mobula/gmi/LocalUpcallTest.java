package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.mobula.gmi.bin.Bin;
import io.mobula.gmi.bin.BinImpl;
import io.mobula.gmi.bin.Bin_GroupMethods;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Members in the invoker's process: a proven non-blocking method runs on the invoking thread (no thread started, the
 * reply delivered from there), one that may block still runs on a thread of its own, and the results are the same.
 */
class LocalUpcallTest {
    static final int N = 3;
    static final Recording[] quick = new Recording[N];
    static final BinImpl[] blocking = new BinImpl[N];

    /** {@link MemberFlagsTest.Quick} with get declared again (so get is not proven for it, put still is). */
    public static final class Recording extends MemberFlagsTest.Quick {
        @Override
        public double[] get() {
            return super.get();
        }
    }

    @BeforeAll
    static void start() throws Exception {
        TestPool.get();
        Group.create("local-quick", Bin.class, N);
        Group.create("local-blocking", Bin.class, N);
        List<Thread> joiners = new ArrayList<>();
        for (int r = 0; r < N; r++) {
            int rank = r;
            quick[r] = new Recording();
            blocking[r] = new BinImpl();
            joiners.add(Thread.ofVirtual().start(() -> Group.join("local-quick", quick[rank], rank)));
            joiners.add(Thread.ofVirtual().start(() -> Group.join("local-blocking", blocking[rank], rank)));
        }
        for (Thread t : joiners) {
            t.join(20_000);
        }
    }

    @Test
    void provenMethodsRunOnTheInvokingThreadAndReplyFromThere() throws Exception {
        // Recording redeclares get (not proven for it: nothing proved its body); put is inherited, still proven
        assertArrayEquals(new boolean[] {true, false, false}, MemberFlags.of(Recording.class, Bin.class, 3));
        Bin g = Group.lookup("local-quick", Bin.class);
        Group.findMethod(g, Bin_GroupMethods.PUT).configure(new GroupInvocation(), new DiscardReply());
        double[] v = {1, 2, 3};
        long before = Group.counters().ranOnReceiveThread();
        g.put(v);
        for (Recording m : quick) {
            // ran before put returned, on a copy of the parameters
            assertArrayEquals(v, m.get());
            assertNotSame(v, m.get());
        }
        assertEquals(before, Group.counters().ranOnReceiveThread(), "no receive thread is involved here");
        for (int r = 0; r < N; r++) {
            Group.findMethod(g, Bin_GroupMethods.GET).configure(new SingleInvocation(r), new ReturnReply(r));
            assertArrayEquals(v, g.get());
        }
    }

    @Test
    void methodsThatMayBlockStillRunOnAThreadOfTheirOwn() throws Exception {
        Bin g = Group.lookup("local-blocking", Bin.class);
        Group.findMethod(g, Bin_GroupMethods.GET).configure(new SingleInvocation(1), new ReturnReply(1));
        Group.findMethod(g, Bin_GroupMethods.PUT).configure(new SingleInvocation(1), new DiscardReply());
        // get waits until something is put: were it run on this thread, the put below could never happen
        Thread getter = Thread.ofVirtual().start(() -> assertArrayEquals(new double[] {7}, g.get()));
        Thread.sleep(50);
        g.put(new double[] {7});
        getter.join(20_000);
        assertSame(Thread.State.TERMINATED, getter.getState());
    }
}
