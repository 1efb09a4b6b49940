package io.mobula.apps.fft;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.PersonalizedInvocation;
import java.io.Serializable;

/**
 * FFT over GMI: {@code ./mobula run --np N io.mobula.apps.fft.FftGmi [SIZE]}. In each transpose every rank makes one
 * asynchronous personalized group invocation whose results are discarded; each member gets its piece (thesis
 * 5.5.2).
 */
public final class FftGmi extends Parallel<Fft.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(FftKernel.INSTANCE, "gmi", args, new FftGmi());
    }

    @Override
    protected Serializable run(RankContext<Fft.Problem> ctx) throws Exception {
        FftMember member = new FftMember();
        member.pieces.watch(ctx.pool());
        FftGroup group = Group.form(ctx.pool(), "fft", FftGroup.class, member);
        int size = ctx.size();
        int me = ctx.rank();
        int side = ctx.problem().side();
        int mine = Fft.lo(side, size, me + 1) - Fft.lo(side, size, me);
        int[] lengths = new int[size];
        for (int q = 0; q < size; q++) { // the own piece stays here: its slice is empty
            lengths[q] = q == me ? 0 : 2 * mine * (Fft.lo(side, size, q + 1) - Fft.lo(side, size, q));
        }
        Group.findMethod(group, FftGroup_GroupMethods.PUT).configure(
                new PersonalizedInvocation(new FftMember.Slices(lengths)), new DiscardReply());
        return FftRanks.run(ctx, (phase, out) -> {
            double[] all = new double[java.util.Arrays.stream(lengths).sum()];
            int at = 0;
            for (int q = 0; q < size; q++) {
                if (q != me) {
                    System.arraycopy(out[q], 0, all, at, out[q].length);
                    at += out[q].length;
                }
            }
            group.put(phase, me, all);
            double[][] in = new double[size][];
            for (int r = 0; r < size; r++) {
                in[r] = (double[]) member.pieces.take((long) phase * size + r, "piece " + phase + " of rank " + r);
            }
            in[me] = out[me];
            return in;
        });
    }
}
