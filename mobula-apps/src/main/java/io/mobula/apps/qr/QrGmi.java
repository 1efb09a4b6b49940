package io.mobula.apps.qr;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import java.io.Serializable;

/**
 * QR over GMI: {@code ./mobula run --np N io.mobula.apps.qr.QrGmi [SIZE]}. The pivot: an asynchronous combined
 * invocation of every rank, reduced pairwise up a binomial tree and forwarded to every member; H: an asynchronous
 * group invocation; both discard their results (thesis 5.5.2).
 */
public final class QrGmi extends Parallel<double[][]> {
    public static void main(String[] args) {
        KernelMain.parallel(QrKernel.INSTANCE, "gmi", args, new QrGmi());
    }

    @Override
    protected Serializable run(RankContext<double[][]> ctx) throws Exception {
        QrMember member = new QrMember();
        member.pivots.watch(ctx);
        member.hs.watch(ctx);
        QrGroup group = Group.form(ctx.pool(), "qr", QrGroup.class, member);
        Group.findMethod(group, QrGroup_GroupMethods.PIVOT).configure(new CombinedInvocation("qr-pivot",
                ctx.rank(), ctx.size(), new QrMember.Best(), new GroupInvocation()), new DiscardReply());
        Group.findMethod(group, QrGroup_GroupMethods.PUT_H).configure(new GroupInvocation(), new DiscardReply());
        return QrRanks.run(ctx, new QrRanks.Comm() {
            @Override
            public double[] best(int j, double[] candidate) throws Exception {
                group.pivot(j, candidate);
                return (double[]) member.pivots.take(j, "the best candidate of step " + j);
            }

            @Override
            public void send(int j, double[] h) throws Exception {
                group.putH(j, h);
                member.hs.take(j, "H of step " + j); // the member's own copy
            }

            @Override
            public double[] receive(int j, int owner) throws Exception {
                return (double[]) member.hs.take(j, "H of step " + j + " from rank " + owner);
            }
        });
    }
}
