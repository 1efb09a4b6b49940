package io.mobula.apps.npb;

import io.mobula.apps.RankContext;
import io.mobula.gmi.CombinedInvocation;
import io.mobula.gmi.DiscardReply;
import io.mobula.gmi.Group;
import io.mobula.gmi.GroupInvocation;
import io.mobula.gmi.InvocationCombiners;
import io.mobula.gmi.PersonalizedInvocation;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;

/**
 * The collectives over GMI (thesis 5.3): a reduction is a combined invocation whose binomial combiner adds the
 * ranks' arrays pairwise up a tree and forwards the one resulting invocation to every member; a gather is a
 * combined invocation concatenating the pieces; an all-to-all is one personalized invocation per rank, each member
 * getting its piece. Results are discarded: the members' mailboxes hold what arrived.
 */
public final class GmiExchange implements Exchange {
    private final NpbMember member = new NpbMember();
    private final NpbGroup group;
    private final int me;
    private final int ranks;
    private int step;

    /** Forms the group {@code name} over the ranks of {@code ctx} (every rank calls this); configures its methods. */
    public GmiExchange(RankContext<?> ctx, String name) throws Exception {
        Pool pool = ctx.pool();
        member.box.watch(ctx);
        me = pool.rank();
        ranks = pool.size();
        group = Group.form(pool, name, NpbGroup.class, member);
        Group.findMethod(group, NpbGroup_GroupMethods.SUM_DOUBLES).configure(new CombinedInvocation(name + "/sum",
                me, ranks, InvocationCombiners.sum(1), new GroupInvocation()), new DiscardReply());
        Group.findMethod(group, NpbGroup_GroupMethods.SUM_INTS).configure(new CombinedInvocation(name + "/isum",
                me, ranks, InvocationCombiners.sum(1), new GroupInvocation()), new DiscardReply());
        Group.findMethod(group, NpbGroup_GroupMethods.GATHER).configure(new CombinedInvocation(name + "/gather",
                me, ranks, InvocationCombiners.concat(1), new GroupInvocation()), new DiscardReply());
        Group.findMethod(group, NpbGroup_GroupMethods.SCATTER).configure(
                new PersonalizedInvocation(new NpbMember.Pieces()), new DiscardReply());
    }

    @Override
    public double[] sum(double[] v) throws PoolException {
        int s = step++;
        group.sumDoubles(s, v);
        return (double[]) member.box.take(member.key(s, 0), "sum " + s);
    }

    @Override
    public int[] sum(int[] v) throws PoolException {
        int s = step++;
        group.sumInts(s, v);
        return (int[]) member.box.take(member.key(s, 0), "sum " + s);
    }

    @Override
    public double[] gather(double[] piece) throws PoolException {
        int s = step++;
        group.gather(s, piece);
        return (double[]) member.box.take(member.key(s, 0), "gather " + s);
    }

    @Override
    public int[][] allToAll(int[][] pieces) throws PoolException {
        int s = step++;
        int[] lengths = new int[ranks];
        int n = 0;
        for (int q = 0; q < ranks; q++) {
            lengths[q] = pieces[q].length;
            n += lengths[q];
        }
        int[] all = new int[n];
        int at = 0;
        for (int[] piece : pieces) {
            System.arraycopy(piece, 0, all, at, piece.length);
            at += piece.length;
        }
        group.scatter(s, me, lengths, all);
        int[][] in = new int[ranks][];
        for (int r = 0; r < ranks; r++) {
            in[r] = (int[]) member.box.take(member.key(s, r), "piece " + s + " of rank " + r);
        }
        return in;
    }
}
