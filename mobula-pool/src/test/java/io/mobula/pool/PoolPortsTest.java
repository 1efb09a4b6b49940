package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger.Level;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A layer's ports ({@link PoolPorts}) in a pool of two ranks formed in this JVM, and {@link PortInbound}. */
class PoolPortsTest {
    private static PoolServer server;

    /** A layer's port interface. */
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

    @BeforeAll
    static void start() throws RemoteException {
        server = PoolServer.start(0, Duration.ofMillis(2000));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static PoolOptions options(String name, int rank) {
        return new PoolOptions(name, rank, 2, "127.0.0.1", server.port(), false, Duration.ofSeconds(10),
                Duration.ofMillis(2000), null);
    }

    @Test
    void eachRankPublishesItsPortAndFindsTheOthersOnceThroughTheLayersAccess() throws Exception {
        Pool p0;
        Pool p1;
        try (ExecutorService ex = Executors.newFixedThreadPool(2)) { // both ranks join at once
            Future<Pool> f0 = ex.submit(() -> Pool.join(options("ports", 0)));
            Future<Pool> f1 = ex.submit(() -> Pool.join(options("ports", 1)));
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

    @Test
    void aFailedMessageIsCountedAndRefusalsAreCountedApart() {
        java.util.logging.Logger quiet = java.util.logging.Logger.getLogger("io.mobula.pool.PoolPortsTest.quiet");
        quiet.setLevel(java.util.logging.Level.OFF); // the lines are what a peer's bad bytes cause, not this test's
        PortInbound in = new PortInbound(System.getLogger(quiet.getName()));
        in.refused("a header that does not decode");
        in.refused("another");
        in.failed(Level.DEBUG, "a message the runtime could not take in", new IllegalStateException("test"));
        assertEquals(2, in.refused());
        assertEquals(1, in.failed());
    }
}
