package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pools formed inside this JVM against a coordinator served by it (one registry per process, so one server), and a
 * layer's ports published and looked up in them ({@link PoolPorts}).
 */
class PoolTest {
    private static PoolServer server;

    @BeforeAll
    static void start() throws RemoteException {
        server = PoolServer.start(0, Duration.ofMillis(2000));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static PoolOptions options(String name, int rank, int size, Duration timeout) {
        return new PoolOptions(name, rank, size, "127.0.0.1", server.port(), false, timeout, Duration.ofMillis(2000),
                null);
    }

    @Test
    void joinBlocksUntilCompleteAndEveryoneSeesEveryone() throws Exception {
        ExecutorService ex = Executors.newFixedThreadPool(3);
        try {
            List<Future<Pool>> f = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                int rank = r;
                f.add(ex.submit(() -> Pool.join(options("three", rank, 3, Duration.ofSeconds(10)))));
            }
            List<Pool> pools = new ArrayList<>();
            for (Future<Pool> x : f) {
                pools.add(x.get(15, TimeUnit.SECONDS));
            }
            for (int r = 0; r < 3; r++) {
                Pool p = pools.get(r);
                assertEquals(r, p.rank());
                assertEquals(3, p.size());
                assertEquals(3, p.members().size());
                for (int q = 0; q < 3; q++) {
                    assertEquals(q, p.member(q).rank());
                    assertTrue(p.member(q).address().startsWith("tcp://"), p.member(q).address());
                    assertEquals(HostIdentity.local(), p.member(q).host());
                }
            }
            pools.get(2).close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (pools.get(0).events().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(List.of(PoolEvent.Kind.LEFT), pools.get(0).events().stream().map(PoolEvent::kind).toList());
            assertTrue(pools.get(0).failure().isEmpty());
            pools.get(0).close();
            pools.get(1).close();
        } finally {
            ex.shutdownNow();
        }
    }

    @Test
    void directoryKeepsTheFirstValueAndAwaitNamesMissingKeys() throws Exception {
        ExecutorService ex = Executors.newFixedThreadPool(2);
        try {
            Future<Pool> f0 = ex.submit(() -> Pool.join(options("directory", 0, 2, Duration.ofSeconds(10))));
            Future<Pool> f1 = ex.submit(() -> Pool.join(options("directory", 1, 2, Duration.ofSeconds(10))));
            Pool p0 = f0.get(15, TimeUnit.SECONDS);
            Pool p1 = f1.get(15, TimeUnit.SECONDS);
            try {
                Future<java.util.Map<String, java.io.Serializable>> waiting =
                        ex.submit(() -> p1.await(List.of("a", "b"), Duration.ofSeconds(10)));
                assertEquals(null, p0.publish("a", "first"));
                assertEquals("first", p1.publish("a", "second"), "the first publisher wins");
                assertEquals(null, p1.publish("b", 7));
                assertEquals(java.util.Map.of("a", "first", "b", 7), waiting.get(15, TimeUnit.SECONDS));
                PoolException missing = assertThrows(PoolException.class,
                        () -> p0.await(List.of("a", "nobody/published/this"), Duration.ofMillis(200)));
                assertTrue(missing.getMessage().contains("nobody/published/this"), missing.getMessage());
                assertTrue(!missing.getMessage().contains("a,"), missing.getMessage());
                assertThrows(PoolException.class, () -> p0.await(List.of("c"), Duration.ZERO));
            } finally {
                p1.close();
                p0.close();
            }
        } finally {
            ex.shutdownNow();
        }
    }

    @Test
    void barriersHoldEveryoneUntilTheLastArrivesAndFailWhenAMemberLeaves() throws Exception {
        ExecutorService ex = Executors.newFixedThreadPool(3);
        try {
            List<Future<Pool>> f = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                int rank = r;
                f.add(ex.submit(() -> Pool.join(options("barrier", rank, 3, Duration.ofSeconds(10)))));
            }
            List<Pool> pools = new ArrayList<>();
            for (Future<Pool> x : f) {
                pools.add(x.get(15, TimeUnit.SECONDS));
            }
            java.util.concurrent.atomic.AtomicInteger arrived = new java.util.concurrent.atomic.AtomicInteger();
            Future<?> r0 = ex.submit(() -> {
                arrived.incrementAndGet();
                pools.get(0).barrier();
                return null;
            });
            Future<?> r1 = ex.submit(() -> {
                arrived.incrementAndGet();
                pools.get(1).barrier();
                return null;
            });
            Thread.sleep(200);
            assertTrue(!r0.isDone() && !r1.isDone(), "nobody passes before rank 2 arrives");
            pools.get(2).barrier();
            r0.get(5, TimeUnit.SECONDS);
            r1.get(5, TimeUnit.SECONDS);
            // the second barrier: rank 2 leaves instead of arriving
            Future<?> again = ex.submit(() -> {
                pools.get(0).barrier();
                return null;
            });
            Thread.sleep(100);
            pools.get(2).close();
            java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> again.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("rank 2"), e.getCause().getMessage());
            pools.get(0).close();
            pools.get(1).close();
        } finally {
            ex.shutdownNow();
        }
    }

    @Test
    void incompletePoolTimesOutNamingTheMissingRanks() {
        long t0 = System.nanoTime();
        PoolException e = assertThrows(PoolException.class,
                () -> Pool.join(options("incomplete", 1, 4, Duration.ofMillis(400))));
        assertTrue(e.getMessage().contains("ranks [0, 2, 3] of 4"), e.getMessage());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5));
    }

    @Test
    void twoMpirunJobsSharingACoordinatorFormTwoPools() throws Exception {
        // ranks 0 and 1 of two Open MPI jobs, all started at once against one pool server
        ExecutorService ex = Executors.newFixedThreadPool(4);
        List<Pool> pools = new ArrayList<>();
        try {
            List<Future<Pool>> f = new ArrayList<>();
            for (String job : new String[] {"1791688705", "1791754241"}) {
                for (int rank = 0; rank < 2; rank++) {
                    java.util.Properties p = new java.util.Properties();
                    p.setProperty("mobula.pool.server", "127.0.0.1:" + server.port());
                    p.setProperty("mobula.pool.timeoutMs", "10000");
                    PoolOptions o = PoolOptions.fromEnvironment(java.util.Map.of("OMPI_COMM_WORLD_RANK",
                            Integer.toString(rank), "OMPI_COMM_WORLD_SIZE", "2", "OMPI_MCA_ess_base_jobid", job), p);
                    f.add(ex.submit(() -> Pool.join(o)));
                }
            }
            for (Future<Pool> x : f) {
                pools.add(x.get(20, TimeUnit.SECONDS));
            }
            for (int i = 0; i < 4; i += 2) {
                Pool rank0 = pools.get(i);
                Pool rank1 = pools.get(i + 1);
                assertEquals(rank0.name(), rank1.name());
                assertEquals(rank0.members(), rank1.members());
            }
            assertTrue(!pools.get(0).name().equals(pools.get(2).name()), pools.toString());
        } finally {
            pools.forEach(Pool::close);
            ex.shutdownNow();
        }
    }

    @Test
    void rankZeroThatCannotServeTheCoordinatorSaysSo() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            PoolOptions o = new PoolOptions("bootstrap", 0, 2, "127.0.0.1", taken.getLocalPort(), true,
                    Duration.ofSeconds(2), Duration.ofMillis(2000), null);
            PoolException e = assertThrows(PoolException.class, () -> Pool.join(o));
            assertTrue(e.getMessage().contains("rank 0 could not serve the pool coordinator on port "
                    + taken.getLocalPort()), e.getMessage());
        }
    }

    @Test
    void conflictsAreRefused() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> options("bad", 2, 2, Duration.ofSeconds(1)));
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try {
            Future<Pool> first = ex.submit(() -> Pool.join(options("dup", 0, 2, Duration.ofSeconds(20))));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.joined("dup") == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            PoolException dup = assertThrows(PoolException.class,
                    () -> Pool.join(options("dup", 0, 2, Duration.ofSeconds(1))));
            assertTrue(dup.getMessage().contains("joined twice"), dup.getMessage());
            PoolException size = assertThrows(PoolException.class,
                    () -> Pool.join(options("dup", 1, 3, Duration.ofSeconds(1))));
            assertTrue(size.getMessage().contains("size 3"), size.getMessage());
            Pool p = Pool.join(options("dup", 1, 2, Duration.ofSeconds(10)));
            first.get(5, TimeUnit.SECONDS).close();
            p.close();
        } finally {
            ex.shutdownNow();
        }
    }

    @Test
    void aMemberThatStopsHeartbeatingIsReportedDead() throws Exception {
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try {
            Future<Pool> f = ex.submit(() -> Pool.join(options("lease", 0, 2, Duration.ofSeconds(5))));
            // rank 1 joins through the coordinator directly and never heartbeats: it "dies" after joining
            PoolCoordinator c = (PoolCoordinator) io.mobula.rmi.registry.LocateRegistry
                    .getRegistry("127.0.0.1", server.port()).lookup(PoolCoordinator.NAME);
            c.join("lease", 2, new Member(1, "tcp://127.0.0.1:9", HostIdentity.local(), 42, null), 5000);
            Pool p = f.get(5, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (p.failure().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            PoolEvent ev = p.failure().orElseThrow(() -> new AssertionError("no DIED event within 10 s"));
            assertEquals(PoolEvent.Kind.DIED, ev.kind());
            assertEquals(1, ev.rank());
            MemberLostException lost = assertThrows(MemberLostException.class, p::check);
            assertEquals(1, lost.rank());
            assertTrue(lost.getMessage().contains("rank 1 (pid 42"), lost.getMessage());
            p.close();
        } finally {
            ex.shutdownNow();
        }
    }

    /** A layer's port interface ({@link PoolPorts}). */
    public interface Probe extends Remote {
        int rank() throws RemoteException;
    }

    /** Rank {@code rank}'s port. */
    record ProbeImpl(int rank) implements Probe {
    }

    /** The layer's exception for a rank without a port. */
    static final class NoPort extends RuntimeException {
        final int rank;

        NoPort(int rank, Exception cause) {
            super("no port for " + rank + ": " + cause.getMessage(), cause);
            this.rank = rank;
        }
    }

    @Test
    void eachRankPublishesItsPortAndFindsTheOthersOnceThroughTheLayersAccess() throws Exception {
        Pool p0;
        Pool p1;
        try (ExecutorService ex = Executors.newFixedThreadPool(2)) { // both ranks join at once
            Future<Pool> f0 = ex.submit(() -> Pool.join(options("ports", 0, 2, Duration.ofSeconds(10))));
            Future<Pool> f1 = ex.submit(() -> Pool.join(options("ports", 1, 2, Duration.ofSeconds(10))));
            p0 = f0.get(15, TimeUnit.SECONDS);
            p1 = f1.get(15, TimeUnit.SECONDS);
        }
        try (p0; p1) {
            AtomicInteger directoryCalls = new AtomicInteger();
            PoolPorts.DirectoryAccess counted = new PoolPorts.DirectoryAccess() {
                @Override
                public <T> T run(PoolPorts.DirectoryCall<T> call) throws PoolException {
                    directoryCalls.incrementAndGet();
                    return call.call();
                }
            };
            Duration wait = Duration.ofMillis(300);
            PoolPorts<Probe> ports0 = PoolPorts.export(p0, "test", Probe.class, new ProbeImpl(0), wait, counted,
                    NoPort::new);
            PoolPorts<Probe> ports1 = PoolPorts.export(p1, "test", Probe.class, new ProbeImpl(1), wait,
                    PoolPorts.DirectoryAccess.DIRECT, NoPort::new);
            assertEquals(1, directoryCalls.get(), "publishing goes through the layer's access");
            assertEquals(0, ports0.self().rank());
            assertSame(ports0.self(), ports0.port(0), "its own port needs no look-up");
            assertTrue(ports0.connected(0));

            assertNull(ports0.known(1));
            assertTrue(!ports0.connected(1), "a rank not looked up yet cannot be sent to without waiting");
            Probe other = ports0.port(1);
            assertEquals(1, other.rank(), "the other rank's exported port");
            assertEquals(2, directoryCalls.get(), "the look-up goes through the layer's access");
            assertSame(other, ports0.port(1), "kept");
            assertSame(other, ports0.known(1));
            assertEquals(2, directoryCalls.get(), "a kept port needs no look-up");
            assertEquals(0, ports1.port(0).rank());
            assertEquals("test/port/1", ports1.key(1));

            ports0.forget(1);
            assertNull(ports0.known(1));
            assertEquals(1, ports0.port(1).rank(), "looked up again after it was forgotten");
            ports0.forget(0);
            assertSame(ports0.self(), ports0.known(0), "this process's own port is never forgotten");

            Probe standIn = new ProbeImpl(9);
            ports0.use(1, standIn);
            assertSame(standIn, ports0.port(1));

            NoPort none = assertThrows(NoPort.class, () -> ports0.port(5));
            assertEquals(5, none.rank);
            assertTrue(none.getCause() instanceof PoolException, String.valueOf(none.getCause()));

            PoolPorts<Probe>.Watch watch = ports0.watch(new int[] {0, 1, 1});
            assertTrue(watch.receiveUntil(() -> true), "a wait that is over returns at once");
            ports0.forget(1);
            assertTrue(watch.receiveUntil(() -> true), "made again once the ports known changed");
        }
    }
    /** A service whose one method takes any value: a value that cannot be serialized fails the call here. */
    public interface Sink extends Remote {
        void take(Object value) throws RemoteException;
    }

    /** Rank {@code rank}'s sink. */
    record SinkImpl(int rank) implements Sink {
        @Override
        public void take(Object value) throws RemoteException {
            if ("throw".equals(value)) {
                throw new RemoteException("refused by the method");
            }
        }
    }

    @Test
    void onlyCallsTheRmiRuntimeProvesUnsentCountAsFailedHere() throws Exception {
        SinkImpl sink = new SinkImpl(7);
        Sink stub = (Sink) io.mobula.rmi.Rmi.export(sink);
        try {
            java.rmi.MarshalException unsent = assertThrows(java.rmi.MarshalException.class,
                    () -> stub.take(new Object()));
            assertEquals(java.rmi.MarshalException.class, unsent.getClass(), "java.rmi's own exception");
            assertTrue(Pool.failedHere(unsent));
            // what looks the same but the runtime did not make, what may have left in part or whole, or what came
            // from the peer: reported as before
            assertFalse(Pool.failedHere(new java.rmi.MarshalException(unsent.getMessage(),
                    (Exception) unsent.getCause())));
            assertFalse(Pool.failedHere(new java.rmi.MarshalException("cannot send call x: half a frame")));
            assertFalse(Pool.failedHere(new java.rmi.ConnectException("cannot send call x")));
            assertFalse(Pool.failedHere(new java.rmi.UnmarshalException("peer sent nothing for 6000 ms")));
            assertFalse(Pool.failedHere(new java.rmi.ServerException("RemoteException occurred in server thread",
                    unsent)));
            assertFalse(Pool.failedHere(new RemoteException("more than 4096 calls outstanding")));
            assertFalse(Pool.failedHere(null));
        } finally {
            io.mobula.rmi.Rmi.unexport(sink, true);
        }
    }

    @Test
    void aCallThatFailedHereIsNotReportedAndBlamesNoMember() throws Exception {
        SinkImpl s0 = new SinkImpl(0);
        SinkImpl s1 = new SinkImpl(1);
        io.mobula.rmi.Rmi.export(s0);
        io.mobula.rmi.Rmi.export(s1);
        Pool p0;
        Pool p1;
        try (ExecutorService ex = Executors.newFixedThreadPool(2)) {
            Future<Pool> f0 = ex.submit(() -> Pool.join(options("unsent", 0, 2, Duration.ofSeconds(10))
                    .withService(s0)));
            Future<Pool> f1 = ex.submit(() -> Pool.join(options("unsent", 1, 2, Duration.ofSeconds(10))
                    .withService(s1)));
            p0 = f0.get(15, TimeUnit.SECONDS);
            p1 = f1.get(15, TimeUnit.SECONDS);
        } catch (Exception | Error e) {
            io.mobula.rmi.Rmi.unexport(s0, true);
            io.mobula.rmi.Rmi.unexport(s1, true);
            throw e;
        }
        try (p0; p1) {
            // each rank's call to the other fails here: an argument that cannot be serialized
            Sink to1 = p0.service(1, Sink.class);
            Sink to0 = p1.service(0, Sink.class);
            RemoteException e0 = assertThrows(RemoteException.class, () -> to1.take(new Object()));
            RemoteException e1 = assertThrows(RemoteException.class, () -> to0.take(new Object()));
            assertTrue(io.mobula.rmi.Rmi.callNotSent(e0), e0.toString());
            PoolException x0 = p0.lost(1, e0);
            PoolException x1 = p1.lost(0, e1);
            for (PoolException x : List.of(x0, x1)) {
                assertFalse(x instanceof MemberLostException, x.toString());
                assertTrue(x.getMessage().contains("before anything was sent (no member was lost)"), x.getMessage());
                assertTrue(x.getMessage().contains("java.lang.Object"), x.getMessage()); // the real cause
            }
            assertSame(e0, x0.getCause());
            Thread.sleep(600); // heartbeats would have brought a DIED event by now
            assertEquals(List.of(), p0.events());
            assertEquals(List.of(), p1.events());
            p0.check();
            p1.check();
            to1.take("still fine");

            // a call the member answered by throwing a RemoteException in its method (java.rmi's ServerException):
            // the member lived to answer, so it is not reported either
            RemoteException answered = assertThrows(java.rmi.ServerException.class, () -> to1.take("throw"));
            PoolException xa = p0.lost(1, answered);
            assertFalse(xa instanceof MemberLostException, xa.toString());
            assertTrue(xa.getMessage().contains("which answered (no member was lost)"), xa.getMessage());
            assertTrue(xa.getMessage().contains("refused by the method"), xa.getMessage());
            assertEquals(List.of(), p0.events());
            p0.check();

            // the same two reports of a failure that may have involved the peer: each rank reported the other, a
            // cut link between them, so the coordinator drops rank 1 (what the calls that failed here would have done)
            PoolException r0 = p0.lost(1, new java.rmi.MarshalException("cannot send call: half a frame"));
            assertInstanceOf(MemberLostException.class, r0);
            p1.lost(0, new java.rmi.MarshalException("cannot send call: half a frame"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (p0.failure().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            PoolEvent ev = p0.failure().orElseThrow(() -> new AssertionError("the reports dropped no rank"));
            assertEquals(1, ev.rank());
            assertTrue(ev.detail().contains("cannot reach each other"), ev.detail());
        } finally {
            io.mobula.rmi.Rmi.unexport(s0, true);
            io.mobula.rmi.Rmi.unexport(s1, true);
        }
    }
}
