package io.mobula.apps.fft;

import io.mobula.apps.AppSettings;
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
 * 5.5.2). A piece over the bound on one call (8 MiB among all members by default, {@code -Dmobula.apps.fft.chunkBytes})
 * travels in several invocations, each giving every member its next chunk.
 */
public final class FftGmi extends Parallel<Fft.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(FftKernel.INSTANCE, "gmi", args, new FftGmi());
    }

    @Override
    protected Serializable run(RankContext<Fft.Problem> ctx) throws Exception {
        FftMember member = new FftMember();
        member.pieces.watch(ctx);
        FftGroup group = Group.form(ctx.pool(), "fft", FftGroup.class, member);
        int size = ctx.size();
        int me = ctx.rank();
        int side = ctx.problem().side();
        int mine = Fft.lo(side, size, me + 1) - Fft.lo(side, size, me);
        int[] lengths = new int[size];
        for (int q = 0; q < size; q++) { // the own piece stays here: its slice is empty
            lengths[q] = q == me ? 0 : 2 * mine * (Fft.lo(side, size, q + 1) - Fft.lo(side, size, q));
        }
        // an invocation carries a chunk for every member, and from 16 members on travels as one scatter message to
        // the first: so the bound on what one call carries is shared among the members
        long chunkBytes = Math.max(AppSettings.MIN_FFT_CHUNK_BYTES, ctx.settings().fftChunkBytes() / size);
        long perChunk = mine == 0 ? 0 : 2L * mine * FftPieces.columnsPerChunk(mine, chunkBytes);
        FftMember.Slices slices = new FftMember.Slices(lengths, perChunk);
        int invocations = slices.invocations(me);
        Group.findMethod(group, FftGroup_GroupMethods.PUT).configure(new PersonalizedInvocation(slices),
                new DiscardReply());
        return FftRanks.run(ctx, chunkBytes, (phase, out) -> {
            double[] all = new double[java.util.Arrays.stream(lengths).sum()];
            int at = 0;
            for (int q = 0; q < size; q++) {
                for (int k = 0; q != me && k < out[q].length; k++) { // the chunks of a piece lie end to end
                    System.arraycopy(out[q][k], 0, all, at, out[q][k].length);
                    at += out[q][k].length;
                }
            }
            for (int k = 0; k < invocations; k++) { // one unless a piece is over the bound
                group.put(phase, me, k, 0, all);
            }
            double[][][] in = new double[size][][];
            for (int r = 0; r < size; r++) {
                in[r] = r == me ? out[me] : FftPieces.take(member.pieces, phase, size, r);
            }
            return in;
        });
    }
}
