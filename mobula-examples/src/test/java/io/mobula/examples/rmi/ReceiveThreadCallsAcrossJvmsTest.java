package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import java.rmi.Remote;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A server runs a call on the thread that read it (after handing on the receive role), so a call that blocks must
 * not hold up the connection it came on: over TCP and over shared memory, a call that waits for a later call of the
 * same client on the same connection gets it, calls keep being served meanwhile, and callbacks nest in both
 * directions.
 */
class ReceiveThreadCallsAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "shm"})
    void aBlockedCallDoesNotHoldUpItsConnection(String transport) throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ChildJvm server = ChildJvm.start(TestServerMain.class,
                    List.of("-Dmobula.transports=" + ("tcp".equals(transport) ? "tcp" : "shm,tcp")))) {
                String ready = server.awaitLine("READY ", Duration.ofSeconds(30));
                int port = Integer.parseInt(ready.substring("READY ".length()).trim());
                TestService svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("svc");
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!transport.equals(Rmi.transportOf((Remote) svc)) && System.nanoTime() < deadline) {
                    svc.ping();
                    Thread.sleep(5);
                }
                assertEquals(transport, Rmi.transportOf((Remote) svc));

                for (int round = 0; round < 3; round++) {
                    // blocks on the server until the signal, which can only arrive on the same connection
                    CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> {
                        try {
                            return svc.awaitSignal(30_000);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    });
                    for (int i = 0; i < 50; i++) {
                        assertEquals(i + 1, svc.add(i, 1), "calls are served while another call blocks");
                        svc.sleep(0);
                    }
                    svc.signal();
                    assertTrue(waiting.get(40, TimeUnit.SECONDS), "the blocked call saw the signal");
                }

                // callbacks nest: the server calls back, and the callback calls the server again
                AtomicInteger inner = new AtomicInteger();
                Callback cb = v -> {
                    inner.incrementAndGet();
                    return svc.add(v, 1000);
                };
                Callback exported = (Callback) Rmi.export(cb);
                try {
                    for (int round = 0; round < 20; round++) {
                        assertEquals(5 * 1000 + 10, svc.callBack(exported, 5), "sum of v + 1000 for v < 5");
                    }
                } finally {
                    Rmi.unexport(cb, true);
                }
                assertEquals(100, inner.get());
            }
        });
    }
}
