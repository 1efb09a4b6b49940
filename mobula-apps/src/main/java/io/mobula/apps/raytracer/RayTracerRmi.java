package io.mobula.apps.raytracer;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * RayTracer over RMI: {@code ./mobula run --np N io.mobula.apps.raytracer.RayTracerRmi [SIZE]}. Every other rank
 * sends its rows and their checksum to rank 0 with one one-way RMI; rank 0 adds up the checksums.
 */
public final class RayTracerRmi extends Parallel<RayTracer.Scene> implements RayTracerNode {
    private final Mailbox parts = new Mailbox();

    public static void main(String[] args) {
        KernelMain.parallel(RayTracerKernel.INSTANCE, "rmi", args, new RayTracerRmi());
    }

    @Override
    protected Remote service(RayTracer.Scene scene) {
        return this;
    }

    private record Part(int[] pixels, long checksum) {
    }

    @Override
    protected Serializable run(RankContext<RayTracer.Scene> ctx) throws Exception {
        Pool pool = ctx.pool();
        parts.watch(ctx);
        return RayTracerRanks.run(ctx, new RayTracerRanks.Gather() {
            private long sum;

            @Override
            public void contribute(int from, int[] pixels, long checksum) throws Exception {
                if (from == 0) {
                    sum = checksum;
                    return;
                }
                try {
                    pool.service(0, RayTracerNode.class).rows(from, pixels, checksum);
                } catch (RemoteException e) {
                    throw pool.lost(0, e);
                }
            }

            @Override
            public int[] rowsOf(int from) throws Exception {
                Part p = (Part) parts.take(from, "the rows of rank " + from);
                sum += p.checksum();
                return p.pixels();
            }

            @Override
            public long checksum() {
                return sum; // rowsOf has added every other rank's
            }
        });
    }

    @Override
    public void rows(int from, int[] pixels, long checksum) {
        parts.put(from, new Part(pixels, checksum));
    }
}
