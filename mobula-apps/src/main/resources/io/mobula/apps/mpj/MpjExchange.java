import io.mobula.apps.npb.Exchange;
import mpi.Intracomm;
import mpi.MPI;

/**
 * The NPB kernels' collectives ({@link Exchange}) over MPJ Express (mpiJava 1.2), as NPB's MPI versions do them: a
 * sum is one MPI Allreduce, a gather one Allgatherv, the all-to-all an Alltoall of the counts and an Alltoallv of the
 * keys. Compiled with every MPJ Express program (io.mobula.apps.mpj.MpjMain).
 */
public final class MpjExchange implements Exchange {
    private final Intracomm world;
    private final int size;
    /** The length of every rank's piece in {@link #gather} when fixed and known to every rank, or null. */
    private final int[] gatherCounts;
    private final int[] gatherDispls;

    /** Collectives among the ranks of {@code world}; a gather first gathers the pieces' lengths. */
    public MpjExchange(Intracomm world) {
        this(world, null);
    }

    /**
     * As {@link #MpjExchange(Intracomm)}, where every rank's piece in a gather has the length given in
     * {@code gatherCounts} (by rank), which every rank knows beforehand (CG's blocks of rows): no lengths are gathered.
     */
    public MpjExchange(Intracomm world, int[] gatherCounts) {
        this.world = world;
        this.size = world.Size();
        if (gatherCounts != null && gatherCounts.length != size) {
            throw new IllegalArgumentException(gatherCounts.length + " lengths for " + size + " ranks");
        }
        this.gatherCounts = gatherCounts == null ? null : gatherCounts.clone();
        this.gatherDispls = gatherCounts == null ? null : displacements(gatherCounts);
    }

    @Override
    public double[] sum(double[] v) {
        double[] out = new double[v.length];
        world.Allreduce(v, 0, out, 0, v.length, MPI.DOUBLE, MPI.SUM);
        return out;
    }

    @Override
    public int[] sum(int[] v) {
        int[] out = new int[v.length];
        world.Allreduce(v, 0, out, 0, v.length, MPI.INT, MPI.SUM);
        return out;
    }

    @Override
    public double[] gather(double[] piece) {
        int[] counts = gatherCounts;
        int[] displs = gatherDispls;
        if (counts == null) {
            counts = new int[size];
            world.Allgather(new int[] {piece.length}, 0, 1, MPI.INT, counts, 0, 1, MPI.INT);
            displs = displacements(counts);
        } else if (piece.length != counts[world.Rank()]) {
            throw new IllegalArgumentException("a piece of " + piece.length + " where rank " + world.Rank()
                    + " was to give " + counts[world.Rank()]);
        }
        double[] all = new double[displs[size - 1] + counts[size - 1]];
        world.Allgatherv(piece, 0, piece.length, MPI.DOUBLE, all, 0, counts, displs, MPI.DOUBLE);
        return all;
    }

    @Override
    public int[][] allToAll(int[][] pieces) {
        int[] sendCounts = new int[size];
        for (int q = 0; q < size; q++) {
            sendCounts[q] = pieces[q].length;
        }
        int[] recvCounts = new int[size];
        world.Alltoall(sendCounts, 0, 1, MPI.INT, recvCounts, 0, 1, MPI.INT);
        int[] sendDispls = displacements(sendCounts);
        int[] recvDispls = displacements(recvCounts);
        int[] send = new int[sendDispls[size - 1] + sendCounts[size - 1]];
        for (int q = 0; q < size; q++) {
            System.arraycopy(pieces[q], 0, send, sendDispls[q], sendCounts[q]);
        }
        int[] recv = new int[recvDispls[size - 1] + recvCounts[size - 1]];
        world.Alltoallv(send, 0, sendCounts, sendDispls, MPI.INT, recv, 0, recvCounts, recvDispls, MPI.INT);
        int[][] got = new int[size][];
        for (int r = 0; r < size; r++) {
            got[r] = java.util.Arrays.copyOfRange(recv, recvDispls[r], recvDispls[r] + recvCounts[r]);
        }
        return got;
    }

    private static int[] displacements(int[] counts) {
        int[] displs = new int[counts.length];
        for (int r = 1; r < counts.length; r++) {
            displs[r] = displs[r - 1] + counts[r - 1];
        }
        return displs;
    }
}
