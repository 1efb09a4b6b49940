package io.mobula.examples.gmi.upcall;

import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.ForwardReply;
import io.mobula.gmi.Forwarder;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.InvocationCombiners;
import io.mobula.gmi.PersonalizedInvocation;
import io.mobula.gmi.PersonalizedReply;
import io.mobula.gmi.Personalizers;
import io.mobula.gmi.ReplyPersonalizer;
import io.mobula.gmi.ReturnReply;
import io.mobula.gmi.SingleInvocation;
import io.mobula.pool.Pool;

/**
 * A rank of a group of every process of the pool (run with {@code mobula.gmi.relayFrom} below the pool size, so
 * broadcasts travel along the relay tree): rank 0 broadcasts a proven non-blocking method and a stated one, then has
 * every other member run a method that may block and waits there for another member's reply, and broadcasts a
 * 160 KB array (relayed from threads that may wait), and scatters an array (each member's part along the same tree).
 * Then every rank takes part in four combined invocations, whose result, and each member's forwarded result, reach
 * the participants along the same tree, the same for all or personalized. Each rank then prints one
 * line saying where its member's methods ran, how many invocations and results it relayed and how many it encoded;
 * exit 0 when every value arrived.
 */
public final class UpcallMain {
    static final int BROADCASTS = 5;
    /** Doubles in the large broadcast: 160 KB, above what a receive thread relays itself. */
    static final int BIG = 20_000;
    /** Single invocations of a proven method rank 0 makes to each other member, replies taken by the caller. */
    static final int PEEKS = 20;

    private UpcallMain() {
    }

    public static void main(String[] args) throws Exception {
        boolean ok = false;
        try {
            ok = run();
        } finally {
            System.out.flush();
            System.exit(ok ? 0 : 1); // the GMI port keeps the JVM alive, as an exported java.rmi object does
        }
    }

    private static boolean run() throws Exception {
        Pool pool = Pool.join();
        int me = pool.rank();
        int n = pool.size();
        ProbeImpl member = new ProbeImpl();
        Probe g = Group.form(pool, "upcalls", Probe.class, member);
        member.group = Group.lookup("upcalls", Probe.class);
        pool.barrier();
        int nestedOk = 0;
        if (me == 0) {
            Group.findMethod(g, Probe_GroupMethods.MARK).configure(new GroupInvocation(), new DiscardReply());
            Group.findMethod(g, Probe_GroupMethods.MARK_STATED).configure(new GroupInvocation(), new DiscardReply());
            for (int k = 1; k <= BROADCASTS; k++) {
                g.mark(k);
            }
            for (int r = 1; r < n; r++) {
                awaitMarks(g, r); // every broadcast arrived (in some order) and was relayed
            }
            g.markStated(BROADCASTS);
            Group.findMethod(g, Probe_GroupMethods.KEEP).configure(new GroupInvocation(), new DiscardReply());
            double[] big = new double[BIG];
            for (int i = 0; i < BIG; i++) {
                big[i] = i;
            }
            g.keep(big); // 160 KB: relayed from a thread that may wait, not from a receive thread
            // a scatter along the same tree: rank 2 gets the parts of ranks 2 and 3 and relays rank 3 its own
            Group.findMethod(g, Probe_GroupMethods.OWN).configure(new PersonalizedInvocation(Personalizers.split(0)),
                    new DiscardReply());
            double[] all = new double[2 * n];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            g.own(all);
            for (int r = 1; r < n; r++) {
                Group.findMethod(g, Probe_GroupMethods.NESTED).configure(new SingleInvocation(r), new ReturnReply(r));
                if (g.nested((r + 1) % n) == BROADCASTS) { // waits there for member (r + 1)'s reply
                    nestedOk++;
                }
            }
        }
        long peeksTaken = 0;
        if (me == 0) {
            // replies of proven methods come back at once: the invoking thread receives them itself while it waits
            long before = Group.counters().repliesTakenByCaller();
            for (int r = 1; r < n; r++) {
                Group.findMethod(g, Probe_GroupMethods.PEEK).configure(new SingleInvocation(r), new ReturnReply(r));
                for (int k = 0; k < PEEKS; k++) {
                    g.peek();
                }
            }
            peeksTaken = Group.counters().repliesTakenByCaller() - before;
        }
        pool.barrier();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while ((member.marks.get() < BROADCASTS || member.stated != BROADCASTS || member.kept == null
                || member.own == null) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        // every rank a participant of a combined invocation: member 0's result handed to every participant, then
        // each member's result forwarded to every participant's forwarder, both along the tree over the participants
        Group.findMethod(g, Probe_GroupMethods.PEEK).configure(new CombinedInvocation("all-peek", me, n,
                InvocationCombiners.first(), new SingleInvocation(0)), new ReturnReply(0));
        int combined = g.peek();
        Tally tally = new Tally();
        Group.findMethod(g, Probe_GroupMethods.PEEK).configure(new CombinedInvocation("all-peek-forward", me, n,
                InvocationCombiners.first(), new GroupInvocation()), new ForwardReply(tally));
        g.peek();
        deadline = System.nanoTime() + 30_000_000_000L;
        while (tally.results.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        int forwarded = 0;
        for (int r = 0; r < n; r++) {
            forwarded += tally.results.getOrDefault(r, -1) == BROADCASTS ? 1 : 0;
        }
        // the same with personalized results (each participant gets BROADCASTS + its rank): participant 0 sends
        // each child its subtree's parts, rank 2 relays rank 3 its own
        Group.findMethod(g, Probe_GroupMethods.PEEK).configure(new CombinedInvocation("all-peek-parts", me, n,
                InvocationCombiners.first(), new SingleInvocation(0)), new PersonalizedReply(new PlusRank(),
                new ReturnReply(0)));
        int personalized = g.peek();
        Tally parts = new Tally();
        Group.findMethod(g, Probe_GroupMethods.PEEK).configure(new CombinedInvocation("all-peek-forward-parts", me,
                n, InvocationCombiners.first(), new GroupInvocation()), new PersonalizedReply(new PlusRank(),
                new ForwardReply(parts)));
        g.peek();
        deadline = System.nanoTime() + 30_000_000_000L;
        while (parts.results.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        int forwardedParts = 0;
        for (int r = 0; r < n; r++) {
            forwardedParts += parts.results.getOrDefault(r, -1) == BROADCASTS + me ? 1 : 0;
        }
        double[] own = member.own;
        boolean ownOk = own != null && own.length == 2 && own[0] == 2 * me && own[1] == 2 * me + 1;
        System.out.println("[upcall] rank " + me + " marks=" + member.marks.get() + " sum=" + member.sum.get()
                + " combined=" + combined + " forwarded=" + forwarded + " personalized=" + personalized
                + " forwardedParts=" + forwardedParts + " own=" + ownOk
                + " resultsRelayed=" + Group.counters().resultsRelayed()
                + " markThread=" + describe(member.markThread) + " statedThread=" + describe(member.statedThread)
                + " statedOnReceiveThread=" + member.statedOnReceiveThread
                + " nestedThread=" + describe(member.nestedThread)
                + " nestedOnReceiveThread=" + member.nestedOnReceiveThread
                + " kept=" + (member.kept == null ? -1 : member.kept.length)
                + " keptLast=" + (member.kept == null ? -1 : (long) member.kept[member.kept.length - 1])
                + " relayed=" + Group.counters().relayed()
                + " encoded=" + Group.counters().invocationsEncoded()
                + " ranOnReceiveThread=" + Group.counters().ranOnReceiveThread() + (me == 0 ? " nestedOk=" + nestedOk + " peeksTaken=" + peeksTaken : ""));
        System.out.flush();
        pool.barrier();
        return member.marks.get() == BROADCASTS && member.sum.get() == BROADCASTS * (BROADCASTS + 1) / 2
                && member.stated == BROADCASTS && member.kept != null && member.kept.length == BIG
                && member.kept[BIG - 1] == BIG - 1 && (me != 0 || nestedOk == n - 1) && combined == BROADCASTS
                && forwarded == n && personalized == BROADCASTS + me && forwardedParts == n && ownOk;
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

    /** Each member's result handed to this participant, by member rank ({@code -2}: handed twice). */
    static final class Tally extends Forwarder {
        final java.util.concurrent.ConcurrentHashMap<Integer, Integer> results =
                new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public void forward(int rank, int size, int result) {
            results.merge(rank, result, (a, b) -> -2);
        }
    }

    private static void awaitMarks(Probe g, int rank) throws InterruptedException {
        Group.findMethod(g, Probe_GroupMethods.PEEK).configure(new SingleInvocation(rank), new ReturnReply(rank));
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (g.peek() != BROADCASTS) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("member rank " + rank + " did not get all " + BROADCASTS
                        + " broadcasts");
            }
            Thread.sleep(5);
        }
    }

    private static String describe(Thread t) {
        return t == null ? "none" : (t.isVirtual() ? "virtual:" : "platform:") + t.getName().replace(' ', '_');
    }
}
