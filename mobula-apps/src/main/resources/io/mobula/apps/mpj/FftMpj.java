import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.fft.Fft;
import io.mobula.apps.fft.FftKernel;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;

/**
 * FFT (1D complex FFT by the transpose algorithm, after SPLASH-2) with MPJ Express (mpiJava 1.2 API; thesis 2.5.3,
 * 5.5.2): the rows of the sqrt(n) x sqrt(n) matrix in blocks; each of the three transposes is one MPI Alltoallv of
 * the pieces every rank cuts out of its rows for every other. After the timed phase every rank sends its rows to
 * rank 0 (Send/Recv), which checks the whole result; bit for bit.
 *
 * <p>Compiled and run by io.mobula.apps.fft.FftMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class FftMpj {
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
        int[] values = FftKernel.INSTANCE.sizes().parse(rest[0]);
        Fft.Problem p = FftKernel.INSTANCE.problem(values);
        int side = p.side();
        int lo = Fft.lo(side, size, me);
        int hi = Fft.lo(side, size, me + 1);
        world.Barrier();
        long t0 = System.nanoTime(); // generating the input is timed, as it is in the sequential version
        double[][] rows = new double[hi - lo][];
        for (int i = lo; i < hi; i++) {
            rows[i - lo] = Fft.inputRow(p, i);
        }
        rows = transpose(world, side, rows);
        for (int i = 0; i < rows.length; i++) {
            Fft.fftRow(p, rows[i]);
            Fft.twiddle(p, rows[i], lo + i);
        }
        rows = transpose(world, side, rows);
        for (double[] row : rows) {
            Fft.fftRow(p, row);
        }
        rows = transpose(world, side, rows);
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (rows.length > 0) {
            Faults.corrupt(settings, me, rows[0]);
        }
        if (me == 0) {
            List<Serializable> parts = new ArrayList<>(List.of((Serializable) rows));
            for (int r = 1; r < size; r++) {
                double[][] theirs = new double[Fft.lo(side, size, r + 1) - Fft.lo(side, size, r)][2 * side];
                double[] flat = new double[theirs.length * 2 * side];
                world.Recv(flat, 0, flat.length, MPI.DOUBLE, r, ROWS);
                for (int i = 0; i < theirs.length; i++) {
                    System.arraycopy(flat, i * 2 * side, theirs[i], 0, 2 * side);
                }
                parts.add(theirs);
            }
            KernelMain.verify(FftKernel.INSTANCE, "mpj", values, size, parts, seconds);
        } else {
            double[] flat = new double[rows.length * 2 * side];
            for (int i = 0; i < rows.length; i++) {
                System.arraycopy(rows[i], 0, flat, i * 2 * side, 2 * side);
            }
            world.Send(flat, 0, flat.length, MPI.DOUBLE, 0, ROWS);
        }
        MPI.Finalize();
    }

    /** One transpose: the piece for rank q is this rank's rows at q's columns; one Alltoallv moves them all. */
    private static double[][] transpose(Intracomm world, int side, double[][] rows) {
        int size = world.Size();
        int mine = rows.length;
        int[] sendCounts = new int[size];
        int[] sendDispls = new int[size];
        int[] recvCounts = new int[size];
        int[] recvDispls = new int[size];
        int sendTotal = 0;
        int recvTotal = 0;
        for (int q = 0; q < size; q++) {
            int width = Fft.lo(side, size, q + 1) - Fft.lo(side, size, q);
            sendCounts[q] = 2 * mine * width;
            sendDispls[q] = sendTotal;
            sendTotal += sendCounts[q];
            recvCounts[q] = 2 * width * mine; // rank q's rows at this rank's columns (as many as this rank's rows)
            recvDispls[q] = recvTotal;
            recvTotal += recvCounts[q];
        }
        double[] send = new double[sendTotal];
        for (int q = 0; q < size; q++) {
            double[] piece = Fft.piece(rows, Fft.lo(side, size, q), Fft.lo(side, size, q + 1));
            System.arraycopy(piece, 0, send, sendDispls[q], piece.length);
        }
        double[] recv = new double[recvTotal];
        world.Alltoallv(send, 0, sendCounts, sendDispls, MPI.DOUBLE, recv, 0, recvCounts, recvDispls, MPI.DOUBLE);
        double[][] t = new double[mine][2 * side];
        for (int r = 0; r < size; r++) {
            double[] piece = new double[recvCounts[r]];
            System.arraycopy(recv, recvDispls[r], piece, 0, piece.length);
            Fft.place(t, piece, Fft.lo(side, size, r), Fft.lo(side, size, r + 1));
        }
        return t;
    }
}
