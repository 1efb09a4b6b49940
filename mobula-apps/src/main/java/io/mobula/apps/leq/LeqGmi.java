package io.mobula.apps.leq;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import java.io.Serializable;

/**
 * LEQ over GMI: {@code ./mobula run --np N io.mobula.apps.leq.LeqGmi [SIZE]}. Every rank invokes {@code put} with
 * its block; a combined invocation gathers the invocations at one member, combines them into one (blocks
 * concatenated, changes reduced) and forwards it to every member with a group invocation; each rank then reads x
 * from its own member (thesis 5.5.2).
 */
public final class LeqGmi extends Parallel<Leq.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(LeqKernel.INSTANCE, "gmi", args, new LeqGmi());
    }

    @Override
    protected Serializable run(RankContext<Leq.Problem> ctx) throws Exception {
        LeqMember member = new LeqMember();
        member.vectors.watch(ctx);
        LeqGroup group = Group.form(ctx.pool(), "leq-x", LeqGroup.class, member);
        Group.findMethod(group, LeqGroup_GroupMethods.PUT).configure(new CombinedInvocation("leq", ctx.rank(),
                ctx.size(), new LeqMember.Combiner(), new GroupInvocation()), new DiscardReply());
        return LeqRanks.run(ctx, (it, lo, block, delta) -> {
            group.put(it, block, delta);
            return (double[]) member.vectors.take(it, "x of iteration " + it);
        });
    }
}
