package io.mobula.examples.gmi;

import io.mobula.gmi.CombineReply;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.Combiners;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupBrokenException;
import io.mobula.gmi.GroupException;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.InvocationCombiners;
import io.mobula.pool.Pool;

/**
 * A rank of a three-process group whose rank 2 dies in the middle of an operation: {@code broadcast} (rank 2 halts
 * inside the member method of a group invocation whose results are combined) or {@code combine} (rank 2 halts instead
 * of taking part in a combined invocation) or {@code cut} (rank 2 blocks inside that member method while the test
 * cuts its link). The survivors print how their operation failed and how long it took, then check the group stays
 * broken; exit 0 when they failed as documented. {@code relay} runs four ranks with {@code mobula.gmi.relayFrom=2}:
 * rank 2, the relay of a combined invocation's result to rank 3, dies after sending its parameters; the survivors
 * print the result or how they failed, and how long it took; {@code relay-parts} the same with a personalized result.
 */
public final class GmiDeathMain {
    private GmiDeathMain() {
    }

    /** A member that halts its process when asked to add 777. */
    public static final class HaltingBin extends BinImpl {
        @Override
        public int add(int a, int b) {
            if (a == 777 && getRank() == 2 && cut) {
                System.out.println("[death] rank 2 inside add, blocking");
                System.out.flush();
                try {
                    Thread.sleep(20_000); // the test cuts the link meanwhile
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (a == 778 && getRank() == 0) {
                try {
                    Thread.sleep(400); // the relay of the result (rank 2) dies meanwhile
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (a == 777 && getRank() == 2) {
                System.out.println("[death] rank " + getRank() + " halting inside add");
                System.out.flush();
                Runtime.getRuntime().halt(3);
            }
            return super.add(a, b);
        }
    }

    private static volatile boolean cut;

    /** Participant i gets the result plus i. */
    static final class PlusRank extends io.mobula.gmi.ReplyPersonalizer {
        private static final long serialVersionUID = 1L;

        @Override
        public void personalize(int in, int[] out) {
            for (int i = 0; i < out.length; i++) {
                out[i] = in + i;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        String scenario = args[0];
        cut = scenario.equals("cut");
        Pool pool = Pool.join();
        int me = pool.rank();
        Bin g = Group.form(pool, "death-" + scenario, Bin.class, new HaltingBin());
        pool.barrier();
        long t0 = System.nanoTime();
        try {
            if (scenario.startsWith("relay")) {
                // four ranks, relayFrom 2: a combined invocation's result goes 0 -> {2, 1}, 2 -> 3; rank 2 dies after
                // sending its parameters, while participant 0's member runs, so rank 3 must not wait for its relay.
                // relay-parts: the result personalized (each participant gets it plus its rank), so rank 2 gets the
                // parts of ranks 2 and 3 and would relay rank 3's
                boolean parts = scenario.equals("relay-parts");
                io.mobula.gmi.ReplyScheme reply = parts ? new io.mobula.gmi.PersonalizedReply(new PlusRank(),
                        new io.mobula.gmi.ReturnReply(0)) : new io.mobula.gmi.ReturnReply(0);
                Group.findMethod(g, Bin_GroupMethods.ADD).configure(new CombinedInvocation(scenario, me,
                        pool.size(), InvocationCombiners.first(), new io.mobula.gmi.SingleInvocation(0)), reply);
                if (g.add(1, 1) != 2 + (parts ? me : 0)) { // once whole: every connection is open, so rank 2's
                    // parameters leave at once
                    System.exit(1);
                }
                pool.barrier();
                t0 = System.nanoTime();
                if (me == 2) {
                    Thread.ofPlatform().daemon().start(() -> {
                        try {
                            Thread.sleep(100);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        System.out.println("[death] rank 2 halting while the result is on its way");
                        System.out.flush();
                        Runtime.getRuntime().halt(3);
                    });
                }
                int r = g.add(778, 1);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                // a participant may still get the result: participant 0 sends it to rank 2's children instead
                System.out.println("[death] rank " + me + " got the result " + r + " after " + ms + " ms");
                System.exit(me == 2 ? 1 : 0);
            } else if (scenario.equals("broadcast") || cut) {
                if (me != 0) {
                    // survivors other than the invoker wait until the group is known broken
                    awaitBroken(g);
                    System.out.println("[death] rank " + me + " sees the group broken");
                    System.exit(0);
                }
                Group.findMethod(g, Bin_GroupMethods.ADD).configure(new GroupInvocation(),
                        new CombineReply(Combiners.sum()));
                int r = g.add(777, 1);
                System.out.println("[death] UNEXPECTED result " + r);
                System.exit(1);
            } else {
                Group.findMethod(g, Bin_GroupMethods.PUT).configure(new CombinedInvocation("c", me, 3,
                        InvocationCombiners.sum(0), new GroupInvocation()), new DiscardReply());
                Group.findMethod(g, Bin_GroupMethods.GET).configure(new CombinedInvocation("d", me, 3,
                        InvocationCombiners.first(), new GroupInvocation()), new CombineReply(Combiners.concat()));
                if (me == 2) {
                    System.out.println("[death] rank 2 halting before the combined invocation");
                    System.out.flush();
                    Runtime.getRuntime().halt(3);
                }
                double[] r = g.get();
                System.out.println("[death] UNEXPECTED result of length " + r.length);
                System.exit(1);
            }
        } catch (GroupException e) {
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.println("[death] rank " + me + " failed after " + ms + " ms: " + e.getClass().getSimpleName()
                    + ": " + e.getMessage());
            try {
                Group.findMethod(g, Bin_GroupMethods.ADD).configure(new io.mobula.gmi.SingleInvocation(me),
                        new io.mobula.gmi.ReturnReply(me));
                g.add(1, 1);
                System.out.println("[death] UNEXPECTED: the group still works");
                System.exit(1);
            } catch (GroupBrokenException again) {
                System.out.println("[death] rank " + me + " group stays broken: " + again.getMessage());
            }
            System.exit(0);
        }
    }

    private static void awaitBroken(Bin g) throws InterruptedException {
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new io.mobula.gmi.SingleInvocation(0),
                new io.mobula.gmi.ReturnReply(0));
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                g.add(1, 1);
            } catch (GroupBrokenException e) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the group never broke");
    }
}
