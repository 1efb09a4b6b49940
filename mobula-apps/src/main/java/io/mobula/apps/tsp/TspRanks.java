package io.mobula.apps.tsp;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;
import java.rmi.RemoteException;

/** What every parallel TSP version shares: take jobs from rank 0's queue until none is left, with a shared bound. */
final class TspRanks {
    private TspRanks() {
    }

    /** This rank's share; returns its best tour as {length, cities...}. */
    static int[] run(RankContext<Tsp.Problem> ctx, Tsp.Bound bound) throws Exception {
        TspJobs queue = ctx.pool().service(0, TspJobs.class);
        Tsp.Searcher s = new Tsp.Searcher(ctx.problem(), bound);
        ctx.startPhase();
        for (int j = next(ctx, queue); j >= 0; j = next(ctx, queue)) {
            s.job(j);
        }
        ctx.endPhase();
        return Faults.corrupt(ctx, s.result());
    }

    private static int next(RankContext<Tsp.Problem> ctx, TspJobs queue) throws Exception {
        try {
            return queue.nextJob();
        } catch (RemoteException e) {
            throw ctx.pool().lost(0, e);
        }
    }
}
