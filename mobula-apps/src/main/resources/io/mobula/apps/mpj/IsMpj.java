import io.mobula.apps.AppSettings;
import io.mobula.apps.KernelMain;
import io.mobula.apps.is.Is;
import io.mobula.apps.is.IsKernel;
import io.mobula.apps.is.IsRanks;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * NPB IS (integer sort) with MPJ Express (mpiJava 1.2 API), as NPB's MPI version: each rank generates its block of
 * the keys; per iteration an MPI Allreduce sums the bucket sizes and an Alltoallv sends each key to the rank owning
 * its bucket range ({@code MpjExchange}); the algorithm is the Mobula versions' ({@code IsRanks}). After the timed
 * phase every rank sends its part of the verification to rank 0 (Send/Recv), which checks it against the sequential
 * version (and NPB's published values for classes S, W and A).
 *
 * <p>Compiled and run by io.mobula.apps.is.IsMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class IsMpj {
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
        int[] values = IsKernel.INSTANCE.sizes().parse(rest[0]);
        Is.Problem p = IsKernel.INSTANCE.problem(values);
        long[] phase = new long[2];
        AppSettings settings = AppSettings.fromSystemProperties();
        IsRanks.Part part = IsRanks.run(p, me, size, settings, new MpjExchange(world), () -> {
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
            KernelMain.verify(IsKernel.INSTANCE, "mpj", values, size, parts, seconds);
        } else {
            world.Send(box, 0, 1, MPI.OBJECT, 0, PART);
        }
        MPI.Finalize();
    }
}
