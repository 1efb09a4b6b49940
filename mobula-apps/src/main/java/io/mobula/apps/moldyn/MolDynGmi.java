package io.mobula.apps.moldyn;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.InvocationCombiners;
import java.io.Serializable;

/**
 * MolDyn over GMI: {@code ./mobula run --np N io.mobula.apps.moldyn.MolDynGmi [SIZE]}. Every rank invokes
 * {@code put} with its partial sums; a combined invocation adds them pairwise up a binomial tree (a reduce-style
 * invocation combiner) and forwards the one resulting invocation to every member, where the rank takes it from its
 * own member: the six reduce-to-all operations of the mpiJava version in one invocation (thesis 5.5.2).
 */
public final class MolDynGmi extends Parallel<MolDyn.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(MolDynKernel.INSTANCE, "gmi", args, new MolDynGmi());
    }

    @Override
    protected Serializable run(RankContext<MolDyn.Problem> ctx) throws Exception {
        MolDynMember member = new MolDynMember();
        member.sums.watch(ctx);
        MolDynSums group = Group.form(ctx.pool(), "moldyn-sums", MolDynSums.class, member);
        Group.findMethod(group, MolDynSums_GroupMethods.PUT).configure(new CombinedInvocation("moldyn", ctx.rank(),
                ctx.size(), InvocationCombiners.sum(1), new GroupInvocation()), new DiscardReply());
        return MolDynRanks.run(ctx, (step, partial) -> {
            group.put(step, partial);
            return (double[]) member.sums.take(step, "the sums of step " + step);
        });
    }
}
