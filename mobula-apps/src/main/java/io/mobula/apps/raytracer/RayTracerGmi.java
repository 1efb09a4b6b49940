package io.mobula.apps.raytracer;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.InvocationCombiners;
import io.mobula.gmi.SingleInvocation;
import java.io.Serializable;

/**
 * RayTracer over GMI: {@code ./mobula run --np N io.mobula.apps.raytracer.RayTracerGmi [SIZE]}. The rows go to member
 * 0 by single invocations, one per rank; the checksums are summed by a combined invocation up a binomial tree and
 * forwarded to member 0 alone (thesis 5.5.2: a reduce, and the pixels to machine 0 by individual messages).
 */
public final class RayTracerGmi extends Parallel<RayTracer.Scene> {
    public static void main(String[] args) {
        KernelMain.parallel(RayTracerKernel.INSTANCE, "gmi", args, new RayTracerGmi());
    }

    @Override
    protected Serializable run(RankContext<RayTracer.Scene> ctx) throws Exception {
        RayTracerMember member = new RayTracerMember();
        member.parts.watch(ctx);
        RayTracerImage group = Group.form(ctx.pool(), "raytracer-image", RayTracerImage.class, member);
        Group.findMethod(group, RayTracerImage_GroupMethods.ROWS).configure(new SingleInvocation(0),
                new DiscardReply());
        Group.findMethod(group, RayTracerImage_GroupMethods.CHECKSUM).configure(new CombinedInvocation("raytracer",
                ctx.rank(), ctx.size(), InvocationCombiners.sum(0), new SingleInvocation(0)), new DiscardReply());
        return RayTracerRanks.run(ctx, new RayTracerRanks.Gather() {
            @Override
            public void contribute(int from, int[] pixels, long checksum) {
                if (from != 0) {
                    group.rows(from, pixels);
                }
                group.checksum(checksum);
            }

            @Override
            public int[] rowsOf(int from) throws Exception {
                return (int[]) member.parts.take(from, "the rows of rank " + from);
            }

            @Override
            public long checksum() throws Exception {
                return (Long) member.parts.take(RayTracerMember.CHECKSUM, "the checksum");
            }
        });
    }
}
