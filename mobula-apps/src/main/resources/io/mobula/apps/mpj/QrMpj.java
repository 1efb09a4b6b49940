import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.qr.Qr;
import io.mobula.apps.qr.QrKernel;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * QR (Householder with column pivoting) with MPJ Express (mpiJava 1.2 API; thesis 3.5.1, 5.5.2): the columns dealt
 * out cyclically; per step every rank offers its best column {norm2, index}, an MPI Allgather brings every offer to
 * every rank and each picks the same best one (larger norm, then lower column: MPI's MAXLOC rule, picked in rank
 * order), and the pivot's owner broadcasts the Householder vector H (Bcast). After the timed phase every rank sends its
 * columns to rank 0 (Send/Recv), which checks R and the pivot order; bit for bit.
 *
 * <p>Compiled and run by io.mobula.apps.qr.QrMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class QrMpj {
    private static final int COLUMNS = 1;

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
        int[] values = QrKernel.INSTANCE.sizes().parse(rest[0]);
        double[][] a = QrKernel.INSTANCE.problem(values);
        int n = a.length;
        int m = n == 0 ? 0 : a[0].length;
        List<double[]> mine = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        for (int c = me; c < n; c += size) {
            mine.add(a[c].clone());
            index.add(c);
        }
        boolean[] done = new boolean[mine.size()];
        int steps = Math.min(m, n);
        double[] perm = new double[steps];
        double[] offers = new double[2 * size];
        world.Barrier();
        long t0 = System.nanoTime();
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
            world.Allgather(cand, 0, 2, MPI.DOUBLE, offers, 0, 2, MPI.DOUBLE);
            double[] best = Qr.none();
            for (int r = 0; r < size; r++) {
                double[] c = {offers[2 * r], offers[2 * r + 1]};
                if (Qr.better(c, best)) {
                    best = c;
                }
            }
            int p = (int) best[1];
            perm[j] = p;
            int owner = Qr.owner(p, size);
            double[] h;
            if (owner == me) {
                int k = (p - me) / size;
                done[k] = true;
                h = Qr.householder(mine.get(k), j, best[0]);
            } else {
                h = new double[m - j + 1];
            }
            world.Bcast(h, 0, h.length, MPI.DOUBLE, owner);
            for (int k = 0; k < mine.size(); k++) {
                if (!done[k]) {
                    Qr.apply(h, mine.get(k), j);
                }
            }
        }
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (!mine.isEmpty()) {
            Faults.corrupt(settings, me, mine.get(0));
        }
        if (me == 0) {
            List<Serializable> parts = new ArrayList<>();
            double[][] part = mine.toArray(new double[mine.size() + 1][]);
            part[mine.size()] = perm;
            parts.add(part);
            for (int r = 1; r < size; r++) {
                int count = (n - r + size - 1) / size; // columns r, r + size, ...
                double[] flat = new double[count * m];
                world.Recv(flat, 0, flat.length, MPI.DOUBLE, r, COLUMNS);
                double[][] theirs = new double[count][m];
                for (int k = 0; k < count; k++) {
                    System.arraycopy(flat, k * m, theirs[k], 0, m);
                }
                parts.add(theirs);
            }
            KernelMain.verify(QrKernel.INSTANCE, "mpj", values, size, parts, seconds);
        } else {
            double[] flat = new double[mine.size() * m];
            for (int k = 0; k < mine.size(); k++) {
                System.arraycopy(mine.get(k), 0, flat, k * m, m);
            }
            world.Send(flat, 0, flat.length, MPI.DOUBLE, 0, COLUMNS);
        }
        MPI.Finalize();
    }
}
