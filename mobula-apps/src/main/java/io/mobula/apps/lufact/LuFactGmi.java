package io.mobula.apps.lufact;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import java.io.Serializable;

/**
 * LUFact over GMI: {@code ./mobula run --np N io.mobula.apps.lufact.LuFactGmi [SIZE]}. The owner of column k invokes
 * {@code put(k, pivot, column)} on the group with a group invocation whose results are discarded: the integer and the
 * array travel in one broadcast (thesis 5.5.2).
 */
public final class LuFactGmi extends Parallel<LuFact.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(LuFactKernel.INSTANCE, "gmi", args, new LuFactGmi());
    }

    @Override
    protected Serializable run(RankContext<LuFact.Problem> ctx) throws Exception {
        LuFactMember member = new LuFactMember();
        member.columns.watch(ctx);
        LuFactColumns group = Group.form(ctx.pool(), "lufact-columns", LuFactColumns.class, member);
        Group.findMethod(group, LuFactColumns_GroupMethods.PUT).configure(new GroupInvocation(), new DiscardReply());
        return LuFactRanks.run(ctx, new LuFactRanks.ColumnBroadcast() {
            @Override
            public void send(int k, int pivot, double[] column) throws Exception {
                group.put(k, pivot, column);
                member.columns.take(k, "column " + k); // the member's own copy
            }

            @Override
            public LuFactRanks.Column receive(int k) throws Exception {
                return (LuFactRanks.Column) member.columns.take(k, "column " + k);
            }
        });
    }
}
