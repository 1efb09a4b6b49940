import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.moldyn.MolDyn;
import io.mobula.apps.moldyn.MolDynKernel;
import java.io.Serializable;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * MolDyn with MPJ Express (mpiJava 1.2 API; thesis 5.5.2): every rank computes the forces of its share of the atom
 * pairs and moves every atom; the partial force sums, the potential energy and the virial of each move are added up
 * over the ranks by one MPI Allreduce (MPI.SUM) of one array, where the thesis's mpiJava version made six
 * reduce-to-all calls, one per quantity. The sums add up in another order than in the sequential version, so the
 * result agrees within the kernel's tolerance.
 *
 * <p>Compiled and run by io.mobula.apps.moldyn.MolDynMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class MolDynMpj {
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
        int[] values = MolDynKernel.INSTANCE.sizes().parse(rest[0]);
        MolDyn.Problem p = MolDynKernel.INSTANCE.problem(values);
        MolDyn.ForceField field = MolDyn.ranks(p, me, size, (step, partial) -> {
            double[] sums = new double[partial.length];
            world.Allreduce(partial, 0, sums, 0, partial.length, MPI.DOUBLE, MPI.SUM);
            return sums;
        });
        world.Barrier();
        long t0 = System.nanoTime();
        MolDyn.Result r = MolDyn.simulate(p, field);
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (me == 0) {
            if (Faults.corrupts(settings, me) && r.position().length > 0) {
                r.position()[0] = (r.position()[0] + 0.5 * p.side()) % p.side(); // far beyond the tolerance
            }
            List<Serializable> parts = List.of(r);
            KernelMain.verify(MolDynKernel.INSTANCE, "mpj", values, size, parts, seconds);
        }
        MPI.Finalize();
    }
}
