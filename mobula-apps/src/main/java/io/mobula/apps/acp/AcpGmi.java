package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.SingleInvocation;
import java.io.Serializable;

/**
 * ACP over GMI: {@code ./mobula run --np N io.mobula.apps.acp.AcpGmi [SIZE]}. Every rank is a member of one group
 * and works asynchronously ({@link AcpEngine}); it hands the cells it removed to every member with one group
 * invocation whose results are discarded (thesis 5.5.2: as the GMI TSP shares its minimum), and passes Safra's
 * termination token with a single invocation on the next rank of the ring ({@link SafraCoordinator}).
 */
public final class AcpGmi extends Parallel<Acp.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(AcpKernel.INSTANCE, "gmi", args, new AcpGmi());
    }

    @Override
    protected Serializable run(RankContext<Acp.Problem> ctx) throws Exception {
        int me = ctx.rank();
        AcpCellsMember member = new AcpCellsMember(me);
        member.inbox.watch(ctx);
        AcpCells group = Group.form(ctx.pool(), "acp-cells", AcpCells.class, member);
        Group.findMethod(group, AcpCells_GroupMethods.REMOVED).configure(new GroupInvocation(), new DiscardReply());
        Group.findMethod(group, AcpCells_GroupMethods.EMPTIED).configure(new GroupInvocation(), new DiscardReply());
        Group.findMethod(group, AcpCells_GroupMethods.STOP).configure(new GroupInvocation(), new DiscardReply());
        Group.findMethod(group, AcpCells_GroupMethods.TOKEN).configure(
                new SingleInvocation((me - 1 + ctx.size()) % ctx.size()), new DiscardReply());
        return AcpEngine.rank(ctx, new SafraCoordinator(me, ctx.size(), member.inbox, new SafraCoordinator.Link() {
            @Override
            public void removed(int[] cells) {
                group.removed(me, cells);
            }

            @Override
            public void emptied() {
                group.emptied(me);
            }

            @Override
            public void token(int to, Safra.Token t) {
                group.token(t.count(), t.black());
            }

            @Override
            public void stop(int end) {
                group.stop(end);
            }
        }));
    }
}
