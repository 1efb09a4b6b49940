package io.mobula.apps.qr;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;
import java.util.ArrayList;
import java.util.List;

/** What every parallel QR version shares: the steps over this rank's columns, with the version's communication. */
final class QrRanks {
    /** How a version communicates. */
    interface Comm {
        /** The best of every rank's candidate {norm2, column} of step j (reduce-to-all). */
        double[] best(int j, double[] candidate) throws Exception;

        /** Called on the pivot's owner: sends H of step j to every other rank. */
        void send(int j, double[] h) throws Exception;

        /** Called on the other ranks: H of step j, sent by {@code owner}. */
        double[] receive(int j, int owner) throws Exception;
    }

    private QrRanks() {
    }

    /** This rank's share; returns its columns and, last, the pivot order. */
    static double[][] run(RankContext<double[][]> ctx, Comm comm) throws Exception {
        double[][] a = ctx.problem();
        int n = a.length;
        int m = n == 0 ? 0 : a[0].length;
        int size = ctx.size();
        int me = ctx.rank();
        List<double[]> mine = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        for (int c = me; c < n; c += size) {
            mine.add(a[c].clone());
            index.add(c);
        }
        boolean[] done = new boolean[mine.size()];
        int steps = Math.min(m, n);
        double[] perm = new double[steps];
        ctx.startPhase();
        for (int j = 0; j < steps; j++) {
            double[] cand = Qr.none();
            for (int k = 0; k < mine.size(); k++) {
                if (!done[k]) {
                    double[] c = {Qr.norm2(mine.get(k), j), index.get(k)};
                    if (Qr.better(c, cand)) {
                        cand = c;
                    }
                }
            }
            double[] best = comm.best(j, cand);
            int p = (int) best[1];
            perm[j] = p;
            int owner = Qr.owner(p, size);
            double[] h;
            if (owner == me) {
                int k = (p - me) / size;
                done[k] = true;
                h = Qr.householder(mine.get(k), j, best[0]);
                comm.send(j, h);
            } else {
                h = comm.receive(j, owner);
            }
            for (int k = 0; k < mine.size(); k++) {
                if (!done[k]) {
                    Qr.apply(h, mine.get(k), j);
                }
            }
        }
        ctx.endPhase();
        double[][] part = mine.toArray(new double[mine.size() + 1][]);
        part[mine.size()] = perm;
        if (!mine.isEmpty()) {
            Faults.corrupt(ctx, part[0]);
        }
        return part;
    }
}
