package io.mobula.apps.acp;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;
import java.io.Serializable;
import java.util.Arrays;

/**
 * The computation every parallel ACP version shares (thesis 3.5.1): the variables are divided statically in
 * blocks, every rank keeps a copy of the whole matrix and restricts its own variables as far as it can (AC-3 over
 * its arcs), asynchronously: it hands the cells it removed to its {@link Coordinator} in batches, whenever it runs out
 * of arcs to revise (or a batch grows to {@link #BATCH} cells), and applies the other ranks' batches as they arrive,
 * between two arc revisions, requeueing its arcs towards the variables that lost values. When it has nothing to do it
 * tells the coordinator, whose termination detection ends the run once no rank works and no batch is in flight. A
 * rank whose variable loses its last value tells every rank, and all stop working: the network is inconsistent.
 * Public for the MPJ Express program, which runs the same loop with a coordinator over MPI messages.
 */
public final class AcpEngine {
    /** A batch is sent when it reaches this many cells, even though the rank still has arcs to revise. */
    static final int BATCH = 4096;
    /** Arcs revised between two looks at what arrived, while the rank has work. */
    static final int POLL = 32;

    /** How the removals of a rank reach the others, and how the run ends. */
    public interface Coordinator {
        /** Sends this rank's removed cells to every other rank. */
        void publish(int[] cells) throws Exception;

        /** What arrived since the last look, without waiting; null if nothing did. */
        AcpNews poll() throws Exception;

        /**
         * This rank is passive (no arc to revise, nothing unsent): waits, bounded, until removals arrive or the run
         * ends, and returns that.
         */
        AcpNews passive() throws Exception;

        /** This rank found its variable {@code variable} without values: stops every rank. */
        void wipeout(int variable) throws Exception;
    }

    private AcpEngine() {
    }

    /** Rank {@code ctx.rank()}'s share, timed, with the run's fault injection applied to its part. */
    static Serializable rank(RankContext<Acp.Problem> ctx, Coordinator coordinator) throws Exception {
        ctx.startPhase();
        Serializable part = run(ctx.problem(), ctx.rank(), ctx.size(), coordinator);
        ctx.endPhase();
        if (part instanceof boolean[][] mine && mine.length > 0 && mine[0].length > 0 && Faults.corrupts(ctx)) {
            mine[0][0] = !mine[0][0];
        }
        return part;
    }

    /**
     * Rank {@code me} of {@code size}: returns its rows of the arc-consistent matrix, or an {@link Acp.Wipeout} when
     * a domain became empty. A rank that finds one, or learns that another did, stops working but waits for the
     * coordinator to end the run, so that no message is left in flight.
     */
    public static Serializable run(Acp.Problem p, int me, int size, Coordinator coordinator) throws Exception {
        int lo = Acp.lo(p.n(), size, me);
        int hi = Acp.lo(p.n(), size, me + 1);
        boolean[][] d = Acp.fullDomains(p);
        Acp.Work work = new Acp.Work(p, lo, hi);
        Acp.Cells removed = new Acp.Cells();
        work.pushAll();
        int emptied = Integer.MIN_VALUE; // the variable this rank found empty, -1 for another rank's
        int sinceLook = 0;
        while (true) {
            AcpNews news = null;
            if (emptied != Integer.MIN_VALUE) {
                news = coordinator.passive();
            } else if (work.isEmpty() || ++sinceLook >= POLL) {
                sinceLook = 0;
                news = coordinator.poll();
            }
            if (news == null) {
                if (!work.isEmpty()) {
                    int i = work.popVariable();
                    if (Acp.revise(p, d, i, work.popArc(), removed)) {
                        if (Acp.empty(d[i])) {
                            emptied = i;
                            coordinator.wipeout(i);
                            continue;
                        }
                        Acp.requeue(p, i, work);
                        if (removed.size() >= BATCH) {
                            coordinator.publish(removed.drain());
                        }
                    }
                    continue;
                }
                if (removed.size() > 0) {
                    coordinator.publish(removed.drain());
                    continue;
                }
                news = coordinator.passive();
            }
            if (news.end() == AcpNews.TERMINATED) {
                return Arrays.copyOfRange(d, lo, hi);
            }
            if (news.end() == AcpNews.INCONSISTENT) {
                return new Acp.Wipeout(Math.max(-1, emptied));
            }
            if (news.end() == AcpNews.EMPTIED && emptied == Integer.MIN_VALUE) {
                emptied = -1;
            }
            if (emptied == Integer.MIN_VALUE) {
                apply(p, d, work, news);
            }
        }
    }

    /** Clears the cells of {@code news} and requeues the arcs towards their variables. */
    private static void apply(Acp.Problem p, boolean[][] d, Acp.Work work, AcpNews news) {
        long cells = (long) p.n() * p.m();
        for (int[] batch : news.batches()) {
            int last = -1;
            for (int c : batch) {
                if (c < 0 || c >= cells) {
                    throw new IllegalStateException("a batch of removals names cell " + c + ", outside the "
                            + p.n() + " x " + p.m() + " matrix");
                }
                int j = c / p.m();
                d[j][c % p.m()] = false;
                if (j != last) { // consecutive cells of one variable requeue once
                    Acp.requeue(p, j, work);
                    last = j;
                }
            }
        }
    }
}
