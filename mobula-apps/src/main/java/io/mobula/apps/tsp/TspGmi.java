package io.mobula.apps.tsp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * TSP over GMI: {@code ./mobula run --np N io.mobula.apps.tsp.TspGmi [SIZE]}. Every rank holds a member with its copy
 * of the minimum, read locally; a shorter tour is one group invocation to all members (thesis 5.5.2).
 */
public final class TspGmi extends Parallel<Tsp.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(TspKernel.INSTANCE, "gmi", args, new TspGmi());
    }

    @Override
    protected Remote service(Tsp.Problem problem) {
        return new TspJobQueue(problem.jobs());
    }

    @Override
    protected Serializable run(RankContext<Tsp.Problem> ctx) throws Exception {
        TspMinimumMember member = new TspMinimumMember();
        TspMinimumGroup group = Group.form(ctx.pool(), "tsp-minimum", TspMinimumGroup.class, member);
        Group.findMethod(group, TspMinimumGroup_GroupMethods.SET).configure(new GroupInvocation(),
                new DiscardReply());
        return TspRanks.run(ctx, new Tsp.Bound() {
            @Override
            public int get() {
                return member.minimum.get();
            }

            @Override
            public void offer(int length) {
                member.set(length);
                group.set(length);
            }
        });
    }
}
