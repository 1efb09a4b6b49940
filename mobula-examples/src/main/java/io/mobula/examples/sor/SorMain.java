package io.mobula.examples.sor;

import io.mobula.apps.sor.Sor;
import io.mobula.pool.LaunchEnvironment;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import io.mobula.pool.PoolOptions;
import io.mobula.rmi.Rmi;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * Parallel red/black SOR over a Mobula pool: {@code ./mobula run --np 4 io.mobula.examples.sor.SorMain SIZE
 * ITERATIONS}. Rows are split into contiguous blocks, one per rank; after each colour phase a rank sends its first
 * row to the rank above and its last row to the rank below by RMI (thesis 2.5.3), then waits for theirs. Rank 0
 * gathers the result, runs the sequential solver, checks that both agree bit for bit, and prints the times and the
 * speedup. Without a pool (plain {@code java}) it runs the sequential solver only.
 */
public final class SorMain {
    private SorMain() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: SorMain SIZE ITERATIONS   (under ./mobula run --np N for the parallel run)");
            System.exit(2);
        }
        int n;
        int iterations;
        try {
            n = Integer.parseInt(args[0]);
            iterations = Integer.parseInt(args[1]);
        } catch (NumberFormatException e) {
            System.err.println("SorMain: SIZE and ITERATIONS must be numbers: " + Arrays.toString(args));
            System.exit(2);
            return;
        }
        if (n < 3 || iterations < 0) {
            System.err.println("SorMain: SIZE must be at least 3 and ITERATIONS not negative");
            System.exit(2);
        }
        boolean pooled = System.getProperty("mobula.pool.rank") != null || LaunchEnvironment.detect().isPresent();
        if (!pooled) {
            long t0 = System.nanoTime();
            double[][] g = Sor.sequential(n, iterations);
            System.out.printf(Locale.ROOT, "SOR %dx%d, %d iterations, sequential: %.3f s, checksum %.12e%n", n, n,
                    iterations, seconds(t0), checksum(g));
            System.exit(0);
        }
        int code;
        try {
            code = parallel(n, iterations);
        } catch (PoolException e) {
            System.err.println("SOR failed: " + e.getMessage());
            code = 1;
        } catch (RemoteException e) {
            System.err.println("SOR failed: " + e);
            code = 1;
        }
        System.out.flush();
        System.exit(code);
    }

    private static int parallel(int n, int iterations) throws PoolException, RemoteException {
        SorNodeImpl node = new SorNodeImpl(n);
        Rmi.export(node);
        PoolOptions o = PoolOptions.fromEnvironment().withService(node);
        try (Pool pool = Pool.join(o)) {
            node.pool = pool;
            int r = pool.rank();
            int size = pool.size();
            if (size > n - 2) {
                throw new PoolException("SOR: " + size + " ranks for " + (n - 2) + " interior rows; use fewer ranks");
            }
            int lo = Sor.lo(n, size, r);
            int hi = Sor.lo(n, size, r + 1);
            // only the own rows and the two ghost rows exist here
            double[][] g = new double[n][];
            for (int i = lo - 1; i <= hi; i++) {
                g[i] = Sor.initialRow(n, i);
            }
            SorNode above = r > 0 ? pool.service(r - 1, SorNode.class) : null;
            SorNode below = r < size - 1 ? pool.service(r + 1, SorNode.class) : null;
            double omega = Sor.omega(n);
            int dieAt = Integer.getInteger("sor.dieAtIteration." + r, -1); // fault-injection for tests
            long t0 = System.nanoTime();
            for (int it = 0; it < iterations; it++) {
                if (it == dieAt) {
                    System.out.println("rank " + r + " dying at iteration " + it);
                    System.out.flush();
                    Runtime.getRuntime().halt(3);
                }
                for (int colour = 0; colour < 2; colour++) {
                    int step = 2 * it + colour;
                    Sor.relax(g, lo, hi, colour, omega);
                    send(pool, above, r - 1, step, false, g[lo]);
                    send(pool, below, r + 1, step, true, g[hi - 1]);
                    if (above != null) {
                        g[lo - 1] = node.take(step, true, r - 1);
                    }
                    if (below != null) {
                        g[hi] = node.take(step, false, r + 1);
                    }
                }
            }
            double parallel = seconds(t0);
            if (r != 0) {
                SorNode root = pool.service(0, SorNode.class);
                try {
                    root.putResult(lo, Arrays.copyOfRange(g, lo, hi));
                } catch (RemoteException e) {
                    throw pool.lost(0, e);
                }
                // Rank 0 passes the barrier once it has every result, and calls no rank after it, so leaving then
                // cuts no call short. (A "done" call from rank 0 instead raced with this rank's exit: the rank could
                // leave and exit before the reply to that call was sent, failing rank 0's call.)
                pool.barrier();
                return 0;
            }
            for (int i = lo; i < hi; i++) {
                node.result[i] = g[i];
            }
            double[][] result = node.gather(size);
            pool.barrier(); // every result is here: the others may leave
            long t1 = System.nanoTime();
            double[][] seq = Sor.sequential(n, iterations);
            double sequential = seconds(t1);
            System.out.printf(Locale.ROOT, "SOR %dx%d, %d iterations, %d ranks: parallel %.3f s, sequential %.3f s,"
                    + " speedup %.2f%n", n, n, iterations, size, parallel, sequential, sequential / parallel);
            for (int i = 0; i < n; i++) {
                if (!Arrays.equals(result[i], seq[i])) {
                    System.out.println("SOR result: DIFFERS from the sequential solver in row " + i);
                    return 1;
                }
            }
            System.out.printf(Locale.ROOT, "SOR result: bitwise equal to the sequential solver, checksum %.12e%n",
                    checksum(result));
            return 0;
        }
    }

    private static void send(Pool pool, SorNode to, int rank, int step, boolean fromAbove, double[] row)
            throws PoolException {
        if (to == null) {
            return;
        }
        try {
            to.putRow(step, fromAbove, row);
        } catch (RemoteException e) {
            throw pool.lost(rank, e);
        }
    }

    static double checksum(double[][] g) {
        double s = 0;
        for (double[] row : g) {
            for (double v : row) {
                s += v;
            }
        }
        return s;
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    /** How long a rank waits for a row before giving up even though the pool reports nobody dead. */
    static final Duration STALL = Duration.ofSeconds(Long.getLong("sor.stallSeconds", 120));
}
