import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.asp.Asp;
import io.mobula.apps.asp.AspKernel;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * ASP (all-pairs shortest paths, Floyd-Warshall) with MPJ Express (mpiJava 1.2 API; thesis 2.5.3, 5.5.2): the rows
 * in blocks; in iteration k the owner of row k broadcasts it (MPI Bcast of n ints) and every rank relaxes its rows
 * through it. The owner of row k + 1 relaxes that row first, so it is ready for the next broadcast. After the timed
 * phase every rank sends its block to rank 0 (Send/Recv), which checks the whole matrix; bit for bit.
 *
 * <p>Compiled and run by io.mobula.apps.asp.AspMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class AspMpj {
    private static final int BLOCK = 1;

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
        int[] values = AspKernel.INSTANCE.sizes().parse(rest[0]);
        int[][] d = AspKernel.INSTANCE.problem(values);
        int n = d.length;
        int lo = Asp.lo(n, size, me);
        int[][] mine = new int[Asp.lo(n, size, me + 1) - lo][];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = d[lo + i].clone();
        }
        int[] buf = new int[n];
        world.Barrier();
        long t0 = System.nanoTime();
        for (int k = 0; k < n; k++) {
            int owner = Asp.owner(n, size, k);
            if (owner == me) {
                System.arraycopy(mine[k - lo], 0, buf, 0, n);
            }
            world.Bcast(buf, 0, n, MPI.INT, owner);
            int[] rowK = owner == me ? mine[k - lo] : buf;
            // the row the others need next first, so that it is ready for the next broadcast
            int next = k + 1 < n && Asp.owner(n, size, k + 1) == me ? k + 1 - lo : -1;
            if (next >= 0) {
                Asp.relax(mine[next], rowK, k);
            }
            for (int i = 0; i < mine.length; i++) {
                if (i != next) {
                    Asp.relax(mine[i], rowK, k);
                }
            }
        }
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (mine.length > 0) {
            Faults.corrupt(settings, me, mine[0]);
        }
        if (me == 0) {
            List<Serializable> parts = new ArrayList<>(List.of((Serializable) mine));
            for (int r = 1; r < size; r++) {
                int[][] rows = new int[Asp.lo(n, size, r + 1) - Asp.lo(n, size, r)][n];
                int[] flat = new int[rows.length * n];
                world.Recv(flat, 0, flat.length, MPI.INT, r, BLOCK);
                for (int i = 0; i < rows.length; i++) {
                    System.arraycopy(flat, i * n, rows[i], 0, n);
                }
                parts.add(rows);
            }
            KernelMain.verify(AspKernel.INSTANCE, "mpj", values, size, parts, seconds);
        } else {
            int[] flat = new int[mine.length * n];
            for (int i = 0; i < mine.length; i++) {
                System.arraycopy(mine[i], 0, flat, i * n, n);
            }
            world.Send(flat, 0, flat.length, MPI.INT, 0, BLOCK);
        }
        MPI.Finalize();
    }
}
