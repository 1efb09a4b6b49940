package io.mobula.apps.cg;

import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;
import io.mobula.apps.npb.Exchange;
import io.mobula.apps.npb.PhaseMark;

/**
 * What the parallel CG versions share: each rank holds a block of rows of the (symmetric) matrix and the same block
 * of every vector. A matrix-vector product gathers the whole vector first (gather-to-all); every dot product is a
 * local sum and a sum over the ranks (reduce-to-all), which gives every rank the same bits, so all ranks take the same
 * steps. Per conjugate gradient iteration: one gather and two sums. Public for the MPJ Express version, a program
 * compiled apart ({@code CgMpj.java}).
 */
public final class CgRanks {
    private CgRanks() {
    }

    /** The first row of rank {@code r} of {@code size} among {@code n}. */
    public static int lo(int n, int size, int r) {
        return (int) ((long) r * n / size);
    }

    static Cg.Result run(RankContext<Cg.Problem> ctx, Exchange ex) throws Exception {
        return run(ctx.problem(), ctx.rank(), ctx.size(), ctx.settings(), ex, ctx::startPhase, ctx::endPhase);
    }

    /**
     * Rank {@code me} of {@code size}'s part of problem {@code p}: its rows are {@link #lo}{@code (na, size, me)} up
     * to the next rank's, its collectives go through {@code ex}; the iterations are the timed phase, marked by
     * {@code start} and {@code end}. Returns zeta and the residual norm (the same bits on every rank).
     * {@code settings}: the run's ({@link AppSettings#corruptRank()} for tests).
     */
    public static Cg.Result run(Cg.Problem p, int me, int size, AppSettings settings, Exchange ex, PhaseMark start,
            PhaseMark end) throws Exception {
        int lo = lo(p.na(), size, me);
        int hi = lo(p.na(), size, me + 1);
        Cg.Rows m = Cg.makea(p, lo, hi); // untimed, as NPB's initialization
        int n = hi - lo;
        double[] x = new double[n];
        java.util.Arrays.fill(x, 1.0);
        double[] z = new double[n];
        double[] r = new double[n];
        double[] pv = new double[n];
        double[] q = new double[n];
        double zeta = 0;
        double rnorm = 0;
        start.mark();
        for (int it = 1; it <= p.niter(); it++) {
            java.util.Arrays.fill(z, 0);
            System.arraycopy(x, 0, r, 0, n);
            System.arraycopy(r, 0, pv, 0, n);
            double rho = sum(ex, Cg.dot(r, r));
            for (int cgit = 1; cgit <= Cg.CG_ITERATIONS; cgit++) {
                m.multiply(ex.gather(pv), q);
                double alpha = rho / sum(ex, Cg.dot(pv, q));
                double rho0 = rho;
                for (int j = 0; j < n; j++) {
                    z[j] += alpha * pv[j];
                    r[j] -= alpha * q[j];
                }
                rho = sum(ex, Cg.dot(r, r));
                double beta = rho / rho0;
                for (int j = 0; j < n; j++) {
                    pv[j] = r[j] + beta * pv[j];
                }
            }
            m.multiply(ex.gather(z), r);
            double local = 0;
            for (int j = 0; j < n; j++) {
                double d = x[j] - r[j];
                local += d * d;
            }
            double[] norms = ex.sum(new double[] {local, Cg.dot(x, z), Cg.dot(z, z)});
            rnorm = Math.sqrt(norms[0]);
            zeta = p.shift() + 1.0 / norms[1];
            double norm = 1.0 / Math.sqrt(norms[2]);
            for (int j = 0; j < n; j++) {
                x[j] = norm * z[j];
            }
        }
        end.mark();
        double[] out = Faults.corrupt(settings, me, new double[] {zeta, rnorm});
        return new Cg.Result(out[0], out[1], Double.NaN);
    }

    private static double sum(Exchange ex, double v) throws Exception {
        return ex.sum(new double[] {v})[0];
    }
}
