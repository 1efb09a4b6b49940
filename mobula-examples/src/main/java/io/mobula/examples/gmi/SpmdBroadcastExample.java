package io.mobula.examples.gmi;

import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;

/**
 * Thesis Figures 5.18 and 5.19, an SPMD-style collective broadcast: every rank has a member and a group reference;
 * rank 0 supplies the data and {@code put}s it to the group, every rank {@code get}s it from its own member.
 * Repeated with each rank as the root in turn, with a barrier between rounds: puts from different roots travel on
 * different connections, so without it the next root's data could reach a one-place bin before this round's (GMI
 * does not order invocations of different senders with each other).
 */
public final class SpmdBroadcastExample extends Example {
    static double[] broadcast(Bin group, BinImpl local, double[] data) {
        if (data != null) {
            group.put(data);
        }
        return local.get();
    }

    @Override
    void run() throws Exception {
        Group.findMethod(group, "void put(double [])").configure(new GroupInvocation(), new DiscardReply());
        for (int root = 0; root < n; root++) {
            double[] data = broadcast(group, local, me == root ? range(100 * root, 100) : null);
            same(data, range(100 * root, 100), "broadcast from rank " + root);
            pool.barrier(); // every bin is empty again before the next root puts
        }
    }

    public static void main(String[] args) {
        new SpmdBroadcastExample().launch("bin-spmd-broadcast");
    }
}
