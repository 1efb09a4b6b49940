package io.mobula.apps.asp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import java.io.Serializable;

/**
 * ASP over GMI: {@code ./mobula run --np N io.mobula.apps.asp.AspGmi [SIZE]}. Every rank is a member of one group;
 * the owner of row k invokes {@code putRow} on the group with a group invocation whose results are discarded, so
 * the row is serialized once and sent to every member (thesis 5.5.2).
 */
public final class AspGmi extends Parallel<int[][]> {
    public static void main(String[] args) {
        KernelMain.parallel(AspKernel.INSTANCE, "gmi", args, new AspGmi());
    }

    @Override
    protected Serializable run(RankContext<int[][]> ctx) throws Exception {
        AspRowsMember member = new AspRowsMember();
        member.rows.watch(ctx);
        AspRows group = Group.form(ctx.pool(), "asp-rows", AspRows.class, member);
        Group.findMethod(group, AspRows_GroupMethods.PUT_ROW).configure(new GroupInvocation(), new DiscardReply());
        return AspRanks.run(ctx, new AspRanks.RowBroadcast() {
            @Override
            public void send(int k, int[] row) throws Exception {
                group.putRow(k, row);
                member.rows.take(k, "row " + k); // the member's own copy
            }

            @Override
            public int[] receive(int k) throws Exception {
                return (int[]) member.rows.take(k, "row " + k);
            }
        });
    }
}
