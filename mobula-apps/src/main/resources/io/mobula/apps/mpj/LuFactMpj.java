import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.lufact.LuFact;
import io.mobula.apps.lufact.LuFactKernel;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * LUFact with MPJ Express (mpiJava 1.2 API), as the thesis's mpiJava version (thesis 5.5.2): the columns dealt out
 * cyclically; in step k the owner of column k broadcasts it with its pivot row (MPI Bcast of n + 1 doubles) and every
 * rank eliminates its columns right of k. The owner of column k + 1 eliminates and pivots that column first, so it is
 * ready for the next broadcast. Each column sees the same operations in the same order as in the sequential version,
 * so rank 0, which keeps every broadcast column, solves to the sequential solution bit for bit.
 *
 * <p>Compiled and run by io.mobula.apps.lufact.LuFactMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class LuFactMpj {
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
        int[] values = LuFactKernel.INSTANCE.sizes().parse(rest[0]);
        LuFact.Problem p = LuFactKernel.INSTANCE.problem(values);
        int n = p.n();
        double[][] a = new double[n][];
        for (int j = me; j < n; j += size) {
            a[j] = p.a()[j].clone();
        }
        int[] ipvt = new int[n];
        double[] buf = new double[n + 1];
        world.Barrier();
        long t0 = System.nanoTime();
        if (n > 0 && LuFact.owner(0, size) == me) {
            ipvt[0] = LuFact.pivot(a[0], 0);
        }
        for (int k = 0; k < n; k++) {
            int owner = LuFact.owner(k, size);
            if (owner == me) {
                System.arraycopy(a[k], 0, buf, 0, n);
                buf[n] = ipvt[k];
            }
            world.Bcast(buf, 0, n + 1, MPI.DOUBLE, owner);
            double[] colK;
            if (owner == me) {
                colK = a[k];
            } else {
                ipvt[k] = (int) buf[n];
                colK = buf; // read before the next broadcast overwrites it
                if (me == 0) { // rank 0 keeps every column for the solve
                    colK = Arrays.copyOf(buf, n);
                    a[k] = colK;
                }
            }
            int next = k + 1 < n && LuFact.owner(k + 1, size) == me ? k + 1 : -1;
            if (next >= 0) {
                LuFact.eliminate(a[next], colK, k, ipvt[k]);
                ipvt[next] = LuFact.pivot(a[next], next);
            }
            int first = k + 1 + Math.floorMod(me - (k + 1), size);
            for (int j = first; j < n; j += size) {
                if (j != next) {
                    LuFact.eliminate(a[j], colK, k, ipvt[k]);
                }
            }
        }
        double[] x = me == 0 ? LuFact.solve(a, ipvt, p.b()) : new double[0];
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (me == 0) {
            List<Serializable> parts = List.of(Faults.corrupt(settings, me, x));
            KernelMain.verify(LuFactKernel.INSTANCE, "mpj", values, size, parts, seconds);
        }
        MPI.Finalize();
    }
}
