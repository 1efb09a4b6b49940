package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.repmi.Cloud;
import java.io.Serializable;

/**
 * ACP over RepMI: {@code ./mobula run --np N io.mobula.apps.acp.AcpRepmi [SIZE]}. The removals of the shared matrix
 * and the termination detection live in one replicated {@link AcpMatrix}, the naive version's remote object made
 * replicated (thesis 4.4.2): each batch is a write, broadcast to every replica in one total order, and every rank
 * reads the others' batches from its own replica, between arc revisions and, blocking, when it has nothing to do.
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
        long timeout = ctx.settings().stall().toMillis();
        return AcpEngine.rank(ctx, new BoardCoordinator(ctx.rank(), new BoardCoordinator.Board() {
            @Override
            public void restrict(int rank, int[] cells) {
                matrix.restrict(rank, cells);
            }

            @Override
            public void passive(int rank, int read) {
                matrix.passive(rank, read);
            }

            @Override
            public void emptied(int rank) {
                matrix.emptied(rank);
            }

            @Override
            public AcpNews since(int rank, int from) {
                int end = matrix.end(); // first: a run that ended has all its batches in the object
                int to = matrix.count();
                return new AcpNews(matrix.batches(rank, from, to), to, end);
            }

            @Override
            public AcpNews await(int rank, int from) throws InterruptedException {
                matrix.await(from, timeout);
                return since(rank, from);
            }
        }));
    }
}
