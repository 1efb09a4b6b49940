package io.mobula.apps.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The asynchronous ranks in one JVM, without sockets: with Safra's token ring over a network that delivers every
 * message in random order, and with the shared log, on consistent and inconsistent networks, against the
 * sequential result.
 */
class AcpEngineTest {
    private static final int[][] SHAPES = {{60, 24, 12}, {90, 20, 10}, {60, 24, 0}, {40, 12, 0}, {120, 16, 2}};

    /** Messages between in-JVM ranks, handed over by one thread in random order. */
    private static final class Network {
        private final AcpInbox[] inboxes;
        private final List<Object[]> flight = new ArrayList<>();
        private final SplittableRandom rnd;
        private final Thread deliverer;
        private boolean closed;

        Network(int size, long seed) {
            inboxes = new AcpInbox[size];
            for (int r = 0; r < size; r++) {
                inboxes[r] = new AcpInbox();
            }
            rnd = new SplittableRandom(seed);
            deliverer = new Thread(this::deliver, "acp-network");
            deliverer.setDaemon(true);
            deliverer.start();
        }

        synchronized void send(int to, Object message) {
            flight.add(new Object[] {to, message});
            notifyAll();
        }

        private void deliver() {
            while (true) {
                Object[] m;
                synchronized (this) {
                    while (flight.isEmpty() && !closed) {
                        try {
                            wait(10);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    if (closed) {
                        return;
                    }
                    // any message, not the oldest: reordered, and some held back while many others pass
                    m = flight.remove(rnd.nextInt(flight.size()));
                }
                inboxes[(Integer) m[0]].put(m[1]);
            }
        }

        SafraCoordinator.Link link(int me) {
            return new SafraCoordinator.Link() {
                @Override
                public void removed(int[] cells) {
                    others(new AcpInbox.Batch(me, cells));
                }

                @Override
                public void emptied() {
                    others(new AcpInbox.Emptied(me));
                }

                @Override
                public void token(int to, Safra.Token token) {
                    send(to, token);
                }

                @Override
                public void stop(int end) {
                    others(new AcpInbox.Stop(end));
                }

                private void others(Object m) {
                    for (int r = 0; r < inboxes.length; r++) {
                        if (r != me) {
                            send(r, m);
                        }
                    }
                }
            };
        }

        /** Stops delivering; returns the removals and empty-domain notices never taken by a rank. */
        List<Object> close() throws InterruptedException {
            synchronized (this) {
                closed = true;
                notifyAll();
            }
            deliverer.join(5000);
            List<Object> left = new ArrayList<>();
            for (Object[] m : flight) {
                left.add(m[1]);
            }
            for (AcpInbox in : inboxes) {
                for (Object m = in.poll(); m != null; m = in.poll()) {
                    left.add(m);
                }
            }
            left.removeIf(m -> m instanceof AcpInbox.Stop);
            return left;
        }
    }

    /** The shared log behind a monitor, as the naive version's remote object holds it. */
    private static final class Board implements BoardCoordinator.Board {
        private final AcpLog log;

        Board(int size) {
            log = new AcpLog(size);
        }

        @Override
        public synchronized void restrict(int rank, int[] cells) {
            log.restrict(rank, cells);
            notifyAll();
        }

        @Override
        public synchronized void passive(int rank, int read) {
            log.passive(rank, read);
            notifyAll();
        }

        @Override
        public synchronized void emptied(int rank) {
            log.emptied(rank);
            notifyAll();
        }

        @Override
        public synchronized AcpNews since(int rank, int from) {
            return log.since(rank, from);
        }

        @Override
        public synchronized AcpNews await(int rank, int from) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!log.news(from)) {
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("rank " + rank + " waited 20 s for news");
                }
                wait(10);
            }
            return log.since(rank, from);
        }
    }

    private static Acp.Result runRanks(Acp.Problem p, int size, IntFunction<AcpEngine.Coordinator> coordinator)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(size);
        try {
            List<Future<Serializable>> ranks = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                int me = r;
                ranks.add(pool.submit(() -> AcpEngine.run(p, me, size, coordinator.apply(me))));
            }
            List<Serializable> parts = new ArrayList<>();
            for (Future<Serializable> f : ranks) {
                parts.add(f.get(30, TimeUnit.SECONDS));
            }
            return AcpKernel.INSTANCE.assemble(p, parts);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Acp.Problem problem(int[] shape, long seed) {
        return Acp.problem(shape[0], shape[1], shape[2], seed);
    }

    @Test
    void safraRanksOverAReorderingNetworkGiveTheSequentialResult() throws Exception {
        int inconsistent = 0;
        int consistent = 0;
        for (long seed = 0; seed < 4; seed++) {
            for (int[] shape : SHAPES) {
                Acp.Problem p = problem(shape, seed);
                Acp.Result expected = Acp.solve(p);
                inconsistent += expected.consistent() ? 0 : 1;
                consistent += expected.consistent() ? 1 : 0;
                for (int ranks = 1; ranks <= 4; ranks++) {
                    int size = ranks;
                    Network net = new Network(size, seed * 31 + size);
                    Acp.Result actual;
                    List<Object> left;
                    try {
                        actual = runRanks(p, size,
                                me -> new SafraCoordinator(me, size, net.inboxes[me], net.link(me)));
                    } finally {
                        left = net.close();
                    }
                    String where = shape[0] + "x" + shape[1] + " core " + shape[2] + " seed " + seed + " on "
                            + size;
                    assertNull(AcpKernel.INSTANCE.compare(p, expected, actual), where);
                    assertEquals(List.of(), left, "messages left in flight at the end, " + where);
                }
            }
        }
        assertTrue(inconsistent >= 3 && consistent >= 3, inconsistent + " inconsistent, " + consistent
                + " consistent networks");
    }

    @Test
    void ranksSharingOneLogGiveTheSequentialResult() throws Exception {
        for (long seed = 0; seed < 4; seed++) {
            for (int[] shape : SHAPES) {
                Acp.Problem p = problem(shape, seed);
                Acp.Result expected = Acp.solve(p);
                for (int ranks = 1; ranks <= 4; ranks++) {
                    int size = ranks;
                    Board board = new Board(size);
                    Acp.Result actual = runRanks(p, size, me -> new BoardCoordinator(me, board));
                    assertNull(AcpKernel.INSTANCE.compare(p, expected, actual), shape[0] + "x" + shape[1] + " core "
                            + shape[2] + " seed " + seed + " on " + size);
                }
            }
        }
    }
}
