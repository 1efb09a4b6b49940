import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.acp.Acp;
import io.mobula.apps.acp.AcpEngine;
import io.mobula.apps.acp.AcpKernel;
import io.mobula.apps.acp.AcpNews;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * ACP (arc consistency) with MPJ Express (mpiJava 1.2 API; thesis 3.5.1, 5.5.2): every rank owns a block of the
 * variables and restricts them asynchronously, the loop of the Mobula versions (io.mobula.apps.acp.AcpEngine). The
 * cells a rank removed go to every other rank by Isend; a rank takes in what arrived (Iprobe, Recv) between its arc
 * revisions, and waits for it (Probe) when it has nothing to do. Safra's token ring detects termination over MPI
 * messages: each rank counts the removals (and news of an empty domain) it sent minus those it received and turns
 * black when it receives one; the token (count, black) goes 0, P-1, ..., 1, 0 from passive rank to passive rank, and
 * rank 0, when it comes back white and the counts add up to zero, sends every rank the end of the run. Every rank then
 * sends its rows to rank 0 (Send/Recv), which checks the matrix against the sequential version's, bit for bit.
 *
 * <p>Compiled and run by io.mobula.apps.acp.AcpMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class AcpMpj {
    private static final int CELLS = 1;
    private static final int EMPTIED = 2;
    private static final int TOKEN = 3;
    private static final int STOP = 4;
    private static final int PART = 5;

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
        int[] values = AcpKernel.INSTANCE.sizes().parse(rest[0]);
        Acp.Problem p = AcpKernel.INSTANCE.problem(values);
        Ring ring = new Ring(world, me, size);
        world.Barrier();
        long t0 = System.nanoTime();
        Serializable part = AcpEngine.run(p, me, size, ring);
        Request.Waitall(ring.sent.toArray(new Request[0]));
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (part instanceof boolean[][] mine && mine.length > 0 && mine[0].length > 0
                && Faults.corrupts(settings, me)) {
            mine[0][0] = !mine[0][0];
        }
        Object[] box = {part}; // the rows, or an Acp.Wipeout when a domain became empty
        if (me == 0) {
            List<Serializable> parts = new ArrayList<>(List.of(part));
            for (int r = 1; r < size; r++) {
                world.Recv(box, 0, 1, MPI.OBJECT, r, PART);
                parts.add((Serializable) box[0]);
            }
            KernelMain.verify(AcpKernel.INSTANCE, "mpj", values, size, parts, seconds);
        } else {
            world.Send(box, 0, 1, MPI.OBJECT, 0, PART);
        }
        MPI.Finalize();
    }

    /** A rank's messages: its removals to the others, what arrives from them, and its part of Safra's token ring. */
    private static final class Ring implements AcpEngine.Coordinator {
        final List<Request> sent = new ArrayList<>();
        private final Intracomm world;
        private final int me;
        private final int size;
        private long count; // removals and empty-domain news sent minus those received
        private boolean black; // received one since it last passed the token
        private long[] token; // {count, black ? 1 : 0} while this rank holds the token; rank 0 starts with it
        private boolean started; // rank 0 sent the token round at least once
        private boolean emptied; // some rank found a domain empty

        Ring(Intracomm world, int me, int size) {
            this.world = world;
            this.me = me;
            this.size = size;
            this.token = me == 0 ? new long[2] : null;
        }

        @Override
        public void publish(int[] cells) {
            toOthers(cells, CELLS);
        }

        @Override
        public void wipeout(int variable) {
            emptied = true;
            toOthers(new int[] {variable}, EMPTIED);
        }

        private void toOthers(int[] data, int tag) {
            sent.removeIf(r -> r.Test() != null); // the sends that completed
            for (int r = 0; r < size; r++) {
                if (r != me) {
                    sent.add(world.Isend(data, 0, data.length, MPI.INT, r, tag));
                    count++;
                }
            }
        }

        @Override
        public AcpNews poll() {
            for (Status st = world.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG); st != null;
                    st = world.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG)) {
                AcpNews news = take(st);
                if (news != null) {
                    return news;
                }
            }
            return null;
        }

        @Override
        public AcpNews passive() {
            while (true) {
                if (token != null && pass()) { // rank 0 detected termination: tells the others
                    int end = emptied ? AcpNews.INCONSISTENT : AcpNews.TERMINATED;
                    for (int r = 1; r < size; r++) {
                        sent.add(world.Isend(new int[] {end}, 0, 1, MPI.INT, r, STOP));
                    }
                    return AcpNews.ended(end);
                }
                AcpNews news = take(world.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG));
                if (news != null) {
                    return news;
                }
            }
        }

        /** Passes the token on, this rank passive; on rank 0 returns whether the run is over instead, if it is. */
        private boolean pass() {
            long[] t = token;
            token = null;
            if (me == 0) {
                if (started && t[1] == 0 && !black && t[0] + count == 0) {
                    return true;
                }
                started = true;
                t = new long[2]; // a new round (with one rank, the token comes straight back to rank 0)
            } else {
                t = new long[] {t[0] + count, t[1] | (black ? 1 : 0)};
            }
            black = false;
            sent.add(world.Isend(t, 0, 2, MPI.LONG, (me - 1 + size) % size, TOKEN));
            return false;
        }

        /** Receives the message {@code st} announces: the news it brings, or null for the token. */
        private AcpNews take(Status st) {
            if (st.tag == TOKEN) {
                token = new long[2];
                world.Recv(token, 0, 2, MPI.LONG, st.source, TOKEN);
                return null;
            }
            int[] in = new int[st.tag == CELLS ? st.Get_count(MPI.INT) : 1];
            world.Recv(in, 0, in.length, MPI.INT, st.source, st.tag);
            if (st.tag == STOP) {
                return AcpNews.ended(in[0]);
            }
            count--;
            black = true;
            if (st.tag == CELLS) {
                return AcpNews.of(in);
            }
            emptied = true;
            return AcpNews.ended(AcpNews.EMPTIED);
        }
    }
}
