import io.mobula.apps.AppSettings;
import io.mobula.apps.KernelMain;
import io.mobula.apps.cg.Cg;
import io.mobula.apps.cg.CgKernel;
import io.mobula.apps.cg.CgRanks;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * NPB CG (conjugate gradient) with MPJ Express (mpiJava 1.2 API): row blocks; per CG step an MPI Allgatherv of p and
 * two Allreduce sums ({@code MpjExchange}, the blocks' lengths known to every rank); the algorithm is the Mobula
 * versions' ({@code CgRanks}). Every rank ends with the same zeta; rank 0 checks it against the sequential version
 * (and NPB's published zeta for classes S, W and A).
 *
 * <p>Compiled and run by io.mobula.apps.cg.CgMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class CgMpj {
    private static final int PART = 1;

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
        int size = world.Size();
        int[] values = CgKernel.INSTANCE.sizes().parse(rest[0]);
        Cg.Problem p = CgKernel.INSTANCE.problem(values);
        int[] counts = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = CgRanks.lo(p.na(), size, r + 1) - CgRanks.lo(p.na(), size, r);
        }
        long[] phase = new long[2];
        AppSettings settings = AppSettings.fromSystemProperties();
        Cg.Result part = CgRanks.run(p, me, size, settings, new MpjExchange(world, counts), () -> {
            world.Barrier();
            phase[0] = System.nanoTime();
        }, () -> {
            world.Barrier();
            phase[1] = System.nanoTime();
        });
        double seconds = (phase[1] - phase[0]) / 1e9;
        Object[] box = {part};
        if (me == 0) {
            List<Serializable> parts = new ArrayList<>(List.of(part));
            for (int r = 1; r < size; r++) {
                world.Recv(box, 0, 1, MPI.OBJECT, r, PART);
                parts.add((Serializable) box[0]);
            }
            KernelMain.verify(CgKernel.INSTANCE, "mpj", values, size, parts, seconds);
        } else {
            world.Send(box, 0, 1, MPI.OBJECT, 0, PART);
        }
        MPI.Finalize();
    }
}
