package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.lang.management.ManagementFactory;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Dead servers, reconnection and leaks. */
class FailureTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static int freePort() throws Exception {
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static ChildJvm server(int port) throws Exception {
        ChildJvm s = ChildJvm.start(FixedPortServerMain.class, List.of(), Integer.toString(port));
        s.awaitLine("READY", Duration.ofSeconds(30));
        return s;
    }

    @Test
    void killingTheServerFailsEveryPendingCallPromptlyAndTheNextCallReconnects() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int port = freePort();
            Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
            ChildJvm first = server(port);
            TestService svc = (TestService) registry.lookup("svc");
            assertEquals(3, svc.add(1, 2));

            int callers = 6;
            CountDownLatch started = new CountDownLatch(callers);
            List<Throwable> outcomes = java.util.Collections.synchronizedList(new ArrayList<>());
            List<Thread> ts = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                ts.add(Thread.ofPlatform().start(() -> {
                    started.countDown();
                    try {
                        svc.sleep(30_000);
                        outcomes.add(new AssertionError("the call returned although the server died"));
                    } catch (Throwable e) {
                        outcomes.add(e);
                    }
                }));
            }
            assertTrue(started.await(10, TimeUnit.SECONDS));
            Thread.sleep(300); // the calls are in flight
            long killed = System.nanoTime();
            first.kill();
            for (Thread t : ts) {
                t.join(5_000);
            }
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
            assertEquals(callers, outcomes.size(), "every pending call settled");
            for (Throwable e : outcomes) {
                assertTrue(e instanceof RemoteException, "a RemoteException, not " + e);
            }
            assertTrue(took < 2_000, "pending calls failed " + took + " ms after the kill");
            first.close();

            try (ChildJvm second = server(port)) {
                // the same registry stub reconnects on its next call
                TestService again = (TestService) registry.lookup("svc");
                assertEquals(7, again.add(3, 4));
            }
        });
    }

    @Test
    void aCallTimeoutGivesUpOnASlowServerAndTheConnectionStaysUsable() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int port = freePort();
            try (ChildJvm s = server(port);
                 ChildJvm client = ChildJvm.start(TimeoutClientMain.class, List.of("-Dmobula.callTimeoutMs=300"),
                         Integer.toString(port), "3000")) {
                String line = client.awaitLine("TIMEOUT", Duration.ofSeconds(20));
                long ms = Long.parseLong(line.substring("TIMEOUT ".length()).trim());
                assertTrue(ms >= 300 && ms < 2_000, "gave up after " + ms + " ms");
                // the late reply is decoded and dropped; later calls on the connection still work
                assertEquals("AFTER 42", client.awaitLine("AFTER", Duration.ofSeconds(20)));
                assertEquals(0, client.waitFor(Duration.ofSeconds(20)));
            }
        });
    }

    @Test
    void manyCallsWithPeriodicFailuresLeakNoThreadsOrMemory() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            int port = freePort();
            try (ChildJvm s = server(port)) {
                TestService svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("svc");
                for (int i = 0; i < 2_000; i++) { // warm up
                    svc.add(i, 1);
                }
                var threads = ManagementFactory.getThreadMXBean();
                var memory = ManagementFactory.getMemoryMXBean();
                System.gc();
                int threadsBefore = threads.getThreadCount();
                long heapBefore = memory.getHeapMemoryUsage().getUsed();
                int failures = 0;
                for (int i = 0; i < 100_000; i++) {
                    if (i % 1_000 == 0) {
                        try {
                            svc.fail("periodic " + i);
                        } catch (AppException expected) {
                            failures++;
                        }
                    } else if (i % 1_000 == 500) {
                        try {
                            svc.crash();
                        } catch (IllegalStateException expected) {
                            failures++;
                        }
                    } else {
                        assertEquals(i + 1, svc.add(i, 1));
                    }
                }
                assertEquals(200, failures);
                System.gc();
                Thread.sleep(200);
                System.gc();
                int threadsAfter = threads.getThreadCount();
                long heapAfter = memory.getHeapMemoryUsage().getUsed();
                assertTrue(threadsAfter <= threadsBefore + 2, "threads " + threadsBefore + " -> " + threadsAfter);
                assertTrue(heapAfter < heapBefore + (16L << 20), "heap " + heapBefore + " -> " + heapAfter);
            }
        });
    }
}
