package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.Mailbox;
import io.mobula.apps.RankContext;
import io.mobula.repmi.Cloud;
import java.io.Serializable;

/**
 * ACP over RepMI: {@code ./mobula run --np N io.mobula.apps.acp.AcpRepmi [SIZE]}. The removals of the shared
 * matrix go into one replicated {@link AcpMatrix}; each write is broadcast, and every rank reads the other ranks'
 * removals from its own replica (thesis 4.4.2).
 */
public final class AcpRepmi extends Parallel<Acp.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(AcpKernel.INSTANCE, "repmi", args, new AcpRepmi());
    }

    @Override
    protected Serializable run(RankContext<Acp.Problem> ctx) throws Exception {
        Cloud.attach(ctx.pool());
        AcpMatrix matrix = ctx.rank() == 0
                ? Cloud.create(AcpMatrix.class, AcpMatrixRoot.class, "acp-matrix", ctx.size())
                : Cloud.lookup("acp-matrix", AcpMatrix.class);
        long timeout = Mailbox.STALL.toMillis();
        return AcpRanks.run(ctx, (round, removed) -> {
            matrix.restrict(round, ctx.rank(), removed);
            return matrix.removed(round, timeout);
        });
    }
}
