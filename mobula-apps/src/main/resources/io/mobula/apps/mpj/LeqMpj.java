import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.leq.Leq;
import io.mobula.apps.leq.LeqKernel;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * LEQ (Jacobi iteration) with MPJ Express (mpiJava 1.2 API; thesis 3.5.1, 5.5.2): x in blocks; per iteration every
 * rank computes its block, an MPI Allgatherv assembles the new x everywhere and an Allreduce (MPI.MAX) the largest
 * change, until it falls below the tolerance. Every rank ends with the whole x, so rank 0 checks it without a gather;
 * bit for bit (every element is computed from the same x in the same order).
 *
 * <p>Compiled and run by io.mobula.apps.leq.LeqMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class LeqMpj {
    /**
     * Runs the program; a rank that fails ends its JVM with exit code 1, so that whoever started the ranks ends the
     * others (MPJ Express 0.44's {@code Abort} does nothing, and niodev's threads keep a failed rank's JVM alive).
     */
    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        String[] rest = MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int me = world.Rank();
        AppSettings settings = AppSettings.fromSystemProperties();
        int size = world.Size();
        int[] values = LeqKernel.INSTANCE.sizes().parse(rest[0]);
        Leq.Problem p = LeqKernel.INSTANCE.problem(values);
        int n = p.n();
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            displs[r] = Leq.lo(n, size, r);
            counts[r] = Leq.lo(n, size, r + 1) - displs[r];
        }
        int lo = displs[me];
        double[] x = new double[n];
        double[] block = new double[counts[me]];
        double[] delta = new double[1];
        int it = 0;
        world.Barrier();
        long t0 = System.nanoTime();
        do {
            double[] mine = {Leq.step(p, x, lo, lo + counts[me], block)};
            it++;
            double[] next = new double[n];
            world.Allgatherv(block, 0, block.length, MPI.DOUBLE, next, 0, counts, displs, MPI.DOUBLE);
            world.Allreduce(mine, 0, delta, 0, 1, MPI.DOUBLE, MPI.MAX);
            x = next;
        } while (Leq.goesOn(it, delta[0]));
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (me == 0) {
            List<Serializable> parts = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                double[] part = new double[counts[r] + 1];
                part[0] = it;
                System.arraycopy(x, displs[r], part, 1, counts[r]);
                if (r == 0 && part.length > 1) {
                    part[1] = Faults.corrupt(settings, me, new double[] {part[1]})[0];
                }
                parts.add(part);
            }
            KernelMain.verify(LeqKernel.INSTANCE, "mpj", values, size, parts, seconds);
        }
        MPI.Finalize();
    }
}
