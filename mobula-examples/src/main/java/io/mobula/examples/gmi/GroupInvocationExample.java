package io.mobula.examples.gmi;

import io.mobula.gmi.CombineReply;
import io.mobula.gmi.Combiners;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.GroupMethod;

/**
 * Thesis Figures 5.11 and 5.13, client-server style: rank 0 is a client without a member; ranks 1.. are the servers
 * whose BinImpls form the group. The client broadcasts {@code put} (group invocation, results discarded), then reads
 * every bin back with one {@code get} whose results are concatenated, to check every server got the array.
 */
public final class GroupInvocationExample extends Example {
    @Override
    boolean clientServer() {
        return true;
    }

    @Override
    void run() {
        if (me != 0) {
            return; // a server: its member answers the client's invocations
        }
        GroupMethod m = Group.findMethod(group, "void put(double [])");
        m.configure(new GroupInvocation(), new DiscardReply());
        group.put(range(0, 100));
        Group.findMethod(group, "double[] get()").configure(new GroupInvocation(),
                new CombineReply(Combiners.concat()));
        double[] all = group.get();
        for (int s = 0; s < n - 1; s++) {
            same(java.util.Arrays.copyOfRange(all, 100 * s, 100 * s + 100), range(0, 100), "server " + s);
        }
    }

    public static void main(String[] args) {
        new GroupInvocationExample().launch("bin-group-invocation");
    }
}
