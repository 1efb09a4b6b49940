package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A server at the default lease (60 s) that hands out one remote object per call keeps only the objects its clients
 * still hold: an object whose client took its lease and then dropped its stub is released at once, not a lease
 * later (the soak's server kept every ticket of the last lease: 127,000 of them, 77 MiB, in a 10^6-call run).
 */
class DgcAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(40);

    @Test
    void objectsHandedOutAndDroppedAreReleasedLongBeforeTheLeaseRunsOut() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ChildJvm server = ChildJvm.start(TestServerMain.class, List.of())) { // the default lease
                String ready = server.awaitLine("READY ", Duration.ofSeconds(30));
                int port = Integer.parseInt(ready.substring("READY ".length()).trim());
                TestService svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("svc");
                Counter kept = svc.newCounter();
                assertEquals(1, kept.increment());
                int n = 300;
                List<Counter> dropped = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    Counter c = svc.newCounter();
                    assertEquals(1, c.increment());
                    dropped.add(c);
                }
                assertEquals(n + 1, svc.exportedCounters(), "every counter is held while its stub lives");
                dropped = null;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15); // a quarter of the lease
                int left;
                do {
                    System.gc(); // our stubs are collected and their leases given up (CLEAN)
                    Thread.sleep(100);
                    left = svc.exportedCounters(); // the server collects, then counts what it still holds
                } while (left > 1 && System.nanoTime() < deadline);
                assertEquals(1, left, "the server released the dropped counters without waiting for their lease");
                assertEquals(2, kept.increment(), "the counter still held works");
            }
        });
    }
}
