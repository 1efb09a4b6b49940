import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.tsp.Tsp;
import io.mobula.apps.tsp.TspKernel;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * TSP (branch and bound) with MPJ Express (mpiJava 1.2 API; thesis 2.5.3): the jobs are numbered and rank 0 hands
 * them out, a rank asking for the next one with Sendrecv. Rank 0 searches too, taking its jobs from the same counter,
 * and answers the requests that arrived (Iprobe) whenever its search looks at its bound and between its jobs; once
 * the jobs are gone it answers the rest until every other rank has been told. Only the main thread of a rank calls
 * MPJ Express (mpiJava 1.2 does not promise that two threads may). A rank that finds a shorter tour sends its length to every other rank
 * (Isend); each rank takes in the lengths that arrived (Iprobe, Recv) whenever the search looks at its bound; after the search, the ranks exchange how many each sent to
 * each (Alltoall) and take in the rest before waiting for their own sends, since a send may end only when it is
 * received. After
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
        AppSettings settings = AppSettings.fromSystemProperties();
        int size = world.Size();
        int[] values = TspKernel.INSTANCE.sizes().parse(rest[0]);
        Tsp.Problem p = TspKernel.INSTANCE.problem(values);
        JobServer jobs = new JobServer(world, p.jobs(), size - 1);
        Lengths lengths = new Lengths(world);
        int[] minimum = {Integer.MAX_VALUE};
        Tsp.Searcher s = new Tsp.Searcher(p, new Tsp.Bound() {
            @Override
            public int get() {
                if (me == 0) {
                    jobs.answer(false);
                }
                minimum[0] = Math.min(minimum[0], lengths.takeIn());
                return minimum[0];
            }

            @Override
            public void offer(int length) {
                minimum[0] = Math.min(minimum[0], length);
                lengths.send(length);
            }
        });
        world.Barrier();
        long t0 = System.nanoTime();
        int[] job = new int[1];
        int[] ask = new int[1];
        while (true) {
            if (me == 0) {
                jobs.answer(false);
                job[0] = jobs.next();
            } else {
                world.Sendrecv(ask, 0, 1, MPI.INT, 0, ASK, job, 0, 1, MPI.INT, 0, JOB);
            }
            if (job[0] < 0) {
                break;
            }
            s.job(job[0]);
        }
        if (me == 0) {
            jobs.answer(true);
        }
        lengths.finish();
        world.Barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        int[] best = Faults.corrupt(settings, me, s.result());
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

    /** The tour lengths a rank sends to every other rank and takes in from them. */
    private static final class Lengths {
        private final Intracomm world;
        private final int me;
        private final int[] sentTo;
        private final int[] takenFrom;
        private final List<Request> sent = new ArrayList<>();
        private final int[] in = new int[1];

        Lengths(Intracomm world) {
            this.world = world;
            this.me = world.Rank();
            this.sentTo = new int[world.Size()];
            this.takenFrom = new int[world.Size()];
        }

        void send(int length) {
            for (int r = 0; r < sentTo.length; r++) {
                if (r != me) {
                    sent.add(world.Isend(new int[] {length}, 0, 1, MPI.INT, r, BOUND));
                    sentTo[r]++;
                }
            }
        }

        /** Receives the lengths that have arrived and returns the shortest, or MAX_VALUE. */
        int takeIn() {
            int shortest = Integer.MAX_VALUE;
            while (world.Iprobe(MPI.ANY_SOURCE, BOUND) != null) {
                mpi.Status st = world.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, BOUND);
                takenFrom[st.source]++;
                shortest = Math.min(shortest, in[0]);
            }
            return shortest;
        }

        /**
         * After the search: tells every rank how many lengths it was sent, takes in the rest of those sent to this
         * rank, and waits for its own sends. A send may end only when it is received (the multicore device's sends
         * are synchronous), so a rank that waited for its sends first could wait for ever for one that has stopped
         * taking lengths in.
         */
        void finish() {
            int[] sentToMe = new int[sentTo.length];
            world.Alltoall(sentTo, 0, 1, MPI.INT, sentToMe, 0, 1, MPI.INT);
            for (int r = 0; r < sentTo.length; r++) {
                for (; takenFrom[r] < sentToMe[r]; takenFrom[r]++) {
                    world.Recv(in, 0, 1, MPI.INT, r, BOUND);
                }
            }
            Request.Waitall(sent.toArray(new Request[0]));
        }
    }

    /** Rank 0's counter of jobs and its answers to the others' requests for one. */
    private static final class JobServer {
        private final Intracomm world;
        private final int jobs;
        private final int others;
        private final int[] ask = new int[1];
        private final int[] job = new int[1];
        private int next;
        private int told;

        JobServer(Intracomm world, int jobs, int others) {
            this.world = world;
            this.jobs = jobs;
            this.others = others;
        }

        /** The next job, or -1 when there is none left. */
        int next() {
            return next < jobs ? next++ : -1;
        }

        /**
         * Answers the requests that have arrived; with {@code untilAllTold}, waits for the rest until every other rank
         * has been told there is no job left.
         */
        void answer(boolean untilAllTold) {
            while (told < others && (untilAllTold || world.Iprobe(MPI.ANY_SOURCE, ASK) != null)) {
                mpi.Status st = world.Recv(ask, 0, 1, MPI.INT, MPI.ANY_SOURCE, ASK);
                job[0] = next();
                if (job[0] < 0) {
                    told++;
                }
                world.Send(job, 0, 1, MPI.INT, st.source, JOB);
            }
        }
    }
}
