import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.raytracer.RayTracer;
import io.mobula.apps.raytracer.RayTracerKernel;
import java.io.Serializable;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * RayTracer with MPJ Express (mpiJava 1.2 API; thesis 5.5.2): each rank renders rows rank, rank + P, ... and sums
 * their checksum; the checksums are added up at rank 0 by an MPI Reduce (MPI.SUM) and every other rank sends its
 * rows to rank 0 with one Send, as the thesis's mpiJava version did (a reduce, and the pixels to machine 0 by
 * individual messages). The image is the sequential one pixel for pixel.
 *
 * <p>Compiled and run by io.mobula.apps.raytracer.RayTracerMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class RayTracerMpj {
    private static final int ROWS = 1;

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
        int[] values = RayTracerKernel.INSTANCE.sizes().parse(rest[0]);
        RayTracer.Scene scene = RayTracerKernel.INSTANCE.problem(values);
        int n = scene.size();
        world.Barrier();
        long t0 = System.nanoTime();
        int[] mine = new int[RayTracer.rows(n, me, size) * n];
        long sum = 0;
        for (int y = me, at = 0; y < n; y += size, at += n) {
            sum += RayTracer.renderRow(scene, y, mine, at);
        }
        Faults.corrupt(settings, me, mine);
        long[] total = new long[1];
        world.Reduce(new long[] {sum}, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        RayTracer.Image image = null;
        if (me == 0) {
            int[] pixels = new int[n * n];
            for (int r = 0; r < size; r++) {
                int[] rows = mine;
                if (r != 0) {
                    rows = new int[RayTracer.rows(n, r, size) * n];
                    world.Recv(rows, 0, rows.length, MPI.INT, r, ROWS);
                }
                for (int y = r, at = 0; y < n; y += size, at += n) {
                    System.arraycopy(rows, at, pixels, y * n, n);
                }
            }
            image = new RayTracer.Image(n, pixels, total[0]);
        } else {
            world.Send(mine, 0, mine.length, MPI.INT, 0, ROWS);
        }
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (me == 0) {
            List<Serializable> parts = List.of(image);
            KernelMain.verify(RayTracerKernel.INSTANCE, "mpj", values, size, parts, seconds);
        }
        MPI.Finalize();
    }
}
