package io.mobula.apps.moldyn;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/** What every parallel MolDyn version shares: the simulation with this rank's pairs and the version's reduction. */
final class MolDynRanks {
    private MolDynRanks() {
    }

    /** This rank's share; returns its copy of the whole result (every rank moves every atom). */
    static MolDyn.Result run(RankContext<MolDyn.Problem> ctx, MolDyn.Reduction reduce) throws Exception {
        MolDyn.Problem p = ctx.problem();
        ctx.startPhase();
        MolDyn.Result r = MolDyn.simulate(p, MolDyn.ranks(p, ctx.rank(), ctx.size(), reduce));
        ctx.endPhase();
        if (Faults.corrupts(ctx) && r.position().length > 0) {
            r.position()[0] = MolDyn.image(r.position()[0] + 0.5 * p.side(), p.side()); // far beyond the tolerance
        }
        return r;
    }
}
