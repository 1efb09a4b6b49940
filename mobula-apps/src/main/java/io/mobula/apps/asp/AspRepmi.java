package io.mobula.apps.asp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.repmi.Cloud;
import java.io.Serializable;

/**
 * ASP over RepMI: {@code ./mobula run --np N io.mobula.apps.asp.AspRepmi [SIZE]}. The owner of row k stores it in
 * one replicated {@link AspBroadcast} object; every other rank takes it from its own replica with a blocking read
 * that waits there until the row's store is applied (thesis 4.4.2, Figure 4.16), bounded by the run's stall time
 * ({@link io.mobula.apps.AppSettings#stall()}, {@code mobula.apps.stallSeconds}).
 */
public final class AspRepmi extends Parallel<int[][]> {
    public static void main(String[] args) {
        KernelMain.parallel(AspKernel.INSTANCE, "repmi", args, new AspRepmi());
    }

    @Override
    protected Serializable run(RankContext<int[][]> ctx) throws Exception {
        Cloud.attach(ctx.pool());
        int n = ctx.problem().length;
        AspBroadcast rows = ctx.rank() == 0
                ? Cloud.create(AspBroadcast.class, AspBroadcastRoot.class, "asp-rows", n)
                : Cloud.lookup("asp-rows", AspBroadcast.class);
        long timeout = ctx.settings().stall().toMillis();
        return AspRanks.run(ctx, new AspRanks.RowBroadcast() {
            @Override
            public void send(int k, int[] row) {
                rows.store(k, row);
            }

            @Override
            public int[] receive(int k) throws InterruptedException {
                return rows.retrieve(k, timeout);
            }
        });
    }
}
