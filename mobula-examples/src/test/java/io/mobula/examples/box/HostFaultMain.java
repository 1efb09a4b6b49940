package io.mobula.examples.box;

import io.mobula.examples.gmi.Bin;
import io.mobula.examples.gmi.BinImpl;
import io.mobula.examples.gmi.Bin_GroupMethods;
import io.mobula.gmi.CombineReply;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.Combiners;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.InvocationCombiners;
import io.mobula.pool.Pool;

/**
 * A rank of a GMI group that runs combined invocations of all ranks (each a binomial combine and a relay-tree
 * broadcast across the hosts) in a loop until one fails, as it must when a host is cut off. Prints
 * {@code running} after 20 rounds, then on the failure
 * {@code [fault] rank R failed at EPOCH_MS after N rounds: Exception: message} and exits 3; exits 1 if no round
 * failed within 120 s.
 */
public final class HostFaultMain {
    private HostFaultMain() {
    }

    public static void main(String[] args) {
        int me = -1;
        int rounds = 0;
        try (Pool pool = Pool.join()) {
            me = pool.rank();
            int n = pool.size();
            Bin g = Group.form(pool, "host-fault", Bin.class, new BinImpl());
            Group.findMethod(g, Bin_GroupMethods.ADD).configure(new CombinedInvocation("round", me, n,
                    InvocationCombiners.first(), new GroupInvocation()), new CombineReply(Combiners.sum()));
            pool.barrier();
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (System.nanoTime() < deadline) {
                // every member returns rounds + (its rank + 1); the combined reply sums them
                int sum = g.add(rounds, 1);
                if (sum != n * rounds + n * (n + 1) / 2) {
                    System.out.println("[fault] rank " + me + " WRONG sum " + sum + " in round " + rounds);
                    System.exit(1);
                }
                if (++rounds == 20) {
                    System.out.println("running");
                    System.out.flush();
                }
            }
            System.out.println("[fault] rank " + me + " never failed");
            System.exit(1);
        } catch (Throwable t) {
            System.out.println("[fault] rank " + me + " failed at " + System.currentTimeMillis() + " after " + rounds
                    + " rounds: " + t.getClass().getSimpleName() + ": " + t.getMessage());
            System.out.flush();
            System.exit(3);
        }
    }
}
