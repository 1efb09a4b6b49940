package io.mobula.apps.asp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.Polling;
import io.mobula.apps.RankContext;
import io.mobula.repmi.Cloud;
import java.io.Serializable;

/**
 * ASP over RepMI: {@code ./mobula run --np N io.mobula.apps.asp.AspRepmi [SIZE]}. The owner of row k stores it in
 * one replicated {@link AspBroadcast} object; every other rank reads it from its own replica (thesis 4.4.2, Figure
 * 4.16).
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
        Polling poll = new Polling(ctx.pool());
        return AspRanks.run(ctx, new AspRanks.RowBroadcast() {
            @Override
            public void send(int k, int[] row) {
                rows.store(k, row);
            }

            @Override
            public int[] receive(int k) throws Exception {
                return poll.until(() -> rows.retrieve(k), "row " + k);
            }
        });
    }
}
