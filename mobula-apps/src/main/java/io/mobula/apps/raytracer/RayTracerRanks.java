package io.mobula.apps.raytracer;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/**
 * What every parallel RayTracer version shares: each rank renders rows rank, rank + P, ... and sums their checksum;
 * the version's gather brings the rows and the checksums to rank 0, which puts the image together.
 */
final class RayTracerRanks {
    /** How a version brings the rows and checksums to rank 0. */
    interface Gather {
        /** Hands rank {@code from}'s rows (in order, one after the other) and checksum to rank 0. */
        void contribute(int from, int[] pixels, long checksum) throws Exception;

        /** On rank 0: the rows of rank {@code from} (1 ..< P); waits (bounded). */
        int[] rowsOf(int from) throws Exception;

        /** On rank 0: the checksum of the whole image, reduced over the ranks; waits (bounded). */
        long checksum() throws Exception;
    }

    private RayTracerRanks() {
    }

    /** This rank's share; rank 0 returns the image, the others an empty one. */
    static RayTracer.Image run(RankContext<RayTracer.Scene> ctx, Gather gather) throws Exception {
        RayTracer.Scene scene = ctx.problem();
        int n = scene.size();
        int me = ctx.rank();
        int size = ctx.size();
        ctx.startPhase();
        int[] mine = new int[RayTracer.rows(n, me, size) * n];
        long sum = 0;
        for (int y = me, at = 0; y < n; y += size, at += n) {
            sum += RayTracer.renderRow(scene, y, mine, at);
        }
        Faults.corrupt(ctx, mine);
        gather.contribute(me, mine, sum);
        RayTracer.Image image = new RayTracer.Image(0, new int[0], 0);
        if (me == 0) {
            int[] pixels = new int[n * n];
            for (int r = 0; r < size; r++) {
                int[] rows = r == 0 ? mine : gather.rowsOf(r);
                if (rows.length != RayTracer.rows(n, r, size) * n) {
                    throw new IllegalStateException("rank " + r + " sent " + rows.length + " pixels, not "
                            + RayTracer.rows(n, r, size) * n);
                }
                for (int y = r, at = 0; y < n; y += size, at += n) {
                    System.arraycopy(rows, at, pixels, y * n, n);
                }
            }
            image = new RayTracer.Image(n, pixels, gather.checksum());
        }
        ctx.endPhase();
        return image;
    }
}
