import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.tsp.Tsp;
import io.mobula.apps.tsp.TspKernel;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * TSP (branch and bound) with MPJ Express (mpiJava 1.2 API; thesis 2.5.3): the jobs are numbered and rank 0 hands
 * them out, a rank asking for the next one with Sendrecv; a thread of rank 0 answers the others while rank 0's main
 * thread takes its jobs from the same counter. A rank that finds a shorter tour sends its length to every other rank
 * (Isend); each rank takes in the lengths that arrived (Iprobe, Recv) whenever the search looks at its bound. After
 * the timed phase every rank sends its best tour to rank 0 (Send/Recv), which checks the length against the
 * sequential version's and the tour's validity.
 *
 * <p>Compiled and run by io.mobula.apps.tsp.TspMpjRun; arguments after MPJ Express's own: SIZE.
 */
public final class TspMpj {
    private static final int ASK = 1;
    private static final int JOB = 2;
    private static final int BOUND = 3;
    private static final int TOUR = 4;

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
        int[] values = TspKernel.INSTANCE.sizes().parse(rest[0]);
        Tsp.Problem p = TspKernel.INSTANCE.problem(values);
        AtomicInteger next = new AtomicInteger();
        int jobs = p.jobs();
        int[] minimum = {Integer.MAX_VALUE};
        int[] in = new int[1];
        List<Request> sent = new ArrayList<>();
        Tsp.Searcher s = new Tsp.Searcher(p, new Tsp.Bound() {
            @Override
            public int get() {
                while (world.Iprobe(MPI.ANY_SOURCE, BOUND) != null) {
                    world.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, BOUND);
                    minimum[0] = Math.min(minimum[0], in[0]);
                }
                return minimum[0];
            }

            @Override
            public void offer(int length) {
                minimum[0] = Math.min(minimum[0], length);
                for (int r = 0; r < size; r++) {
                    if (r != me) {
                        sent.add(world.Isend(new int[] {length}, 0, 1, MPI.INT, r, BOUND));
                    }
                }
            }
        });
        world.Barrier();
        long t0 = System.nanoTime();
        Thread server = null;
        if (me == 0 && size > 1) {
            server = new Thread(() -> serve(world, next, jobs, size - 1), "tsp-jobs");
            server.start();
        }
        int[] job = new int[1];
        int[] ask = new int[1];
        while (true) {
            if (me == 0) {
                int j = next.getAndIncrement();
                job[0] = j < jobs ? j : -1;
            } else {
                world.Sendrecv(ask, 0, 1, MPI.INT, 0, ASK, job, 0, 1, MPI.INT, 0, JOB);
            }
            if (job[0] < 0) {
                break;
            }
            s.job(job[0]);
        }
        if (server != null) {
            server.join();
        }
        Request.Waitall(sent.toArray(new Request[0]));
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        int[] best = Faults.corrupt(me, s.result());
        // the lengths still in flight were sent before the barrier: take them in, so that none is left unreceived
        while (world.Iprobe(MPI.ANY_SOURCE, BOUND) != null) {
            world.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, BOUND);
        }
        int n = p.cities() + 1;
        if (me == 0) {
            List<Serializable> parts = new ArrayList<>(List.of(best));
            for (int r = 1; r < size; r++) {
                int[] tour = new int[n];
                world.Recv(tour, 0, n, MPI.INT, r, TOUR);
                parts.add(tour); // a rank that found no tour sends {MAX_VALUE, 0, ...}: never the best
            }
            KernelMain.verify(TspKernel.INSTANCE, "mpj", values, size, parts, seconds);
        } else {
            int[] tour = new int[n];
            System.arraycopy(best, 0, tour, 0, Math.min(best.length, n));
            world.Send(tour, 0, n, MPI.INT, 0, TOUR);
        }
        MPI.Finalize();
    }

    /** Rank 0's answers to the others' requests for a job, until each has been told there are none left. */
    private static void serve(Intracomm world, AtomicInteger next, int jobs, int others) {
        int[] ask = new int[1];
        int[] job = new int[1];
        int finished = 0;
        while (finished < others) {
            mpi.Status st = world.Recv(ask, 0, 1, MPI.INT, MPI.ANY_SOURCE, ASK);
            int j = next.getAndIncrement();
            job[0] = j < jobs ? j : -1;
            if (job[0] < 0) {
                finished++;
            }
            world.Send(job, 0, 1, MPI.INT, st.source, JOB);
        }
    }
}
