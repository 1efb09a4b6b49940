package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import java.io.Serializable;

/**
 * ACP over GMI: {@code ./mobula run --np N io.mobula.apps.acp.AcpGmi [SIZE]}. Every rank is a member of one group
 * and hands the cells it removed to every member with one group invocation whose results are discarded (thesis
 * 5.5.2).
 */
public final class AcpGmi extends Parallel<Acp.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(AcpKernel.INSTANCE, "gmi", args, new AcpGmi());
    }

    @Override
    protected Serializable run(RankContext<Acp.Problem> ctx) throws Exception {
        AcpCellsMember member = new AcpCellsMember();
        member.cells.watch(ctx.pool());
        AcpCells group = Group.form(ctx.pool(), "acp-cells", AcpCells.class, member);
        Group.findMethod(group, AcpCells_GroupMethods.REMOVED).configure(new GroupInvocation(), new DiscardReply());
        return AcpRanks.run(ctx, (round, removed) -> {
            group.removed(round, ctx.rank(), removed);
            int[][] all = new int[ctx.size()][];
            for (int r = 0; r < all.length; r++) {
                all[r] = (int[]) member.cells.take(AcpRanks.key(round, r), "the cells rank " + r
                        + " removed in round " + round);
            }
            return all;
        });
    }
}
