package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    /** A server whose registry and objects are all on {@code port} (its process listener's port). */
    private static ChildJvm server(int port) throws Exception {
        ChildJvm s = ChildJvm.start(FixedPortServerMain.class, List.of("-Dmobula.port=" + port),
                Integer.toString(port));
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

    /**
     * A server that stops answering without closing its sockets (here: SIGSTOP; a host that vanished looks the same)
     * fails the pending calls within the peer timeout (default 6 s), not never.
     */
    @Test
    void aSilentServerFailsPendingCallsWithinThePeerTimeout() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int port = freePort();
            try (ChildJvm s = server(port)) {
                TestService svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("svc");
                assertEquals(3, svc.add(1, 2));
                List<Throwable> outcome = java.util.Collections.synchronizedList(new ArrayList<>());
                Thread caller = Thread.ofPlatform().start(() -> {
                    try {
                        svc.sleep(45_000);
                        outcome.add(new AssertionError("the call returned"));
                    } catch (Throwable e) {
                        outcome.add(e);
                    }
                });
                Thread.sleep(300); // the call is in flight
                signal("STOP", s.pid());
                long stopped = System.nanoTime();
                try {
                    caller.join(20_000);
                    long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopped);
                    assertEquals(1, outcome.size(), "the pending call settled");
                    assertTrue(outcome.get(0) instanceof RemoteException, "a RemoteException, not " + outcome.get(0));
                    assertTrue(outcome.get(0).getMessage().contains("sent nothing"), outcome.get(0).getMessage());
                    assertTrue(took < 12_000, "failed " + took + " ms after the server went silent");
                } finally {
                    signal("CONT", s.pid());
                }
            }
        });
    }

    /**
     * A server that is only slow (here: stopped for longer than the peer timeout, then resumed; a loaded host or a
     * long pause looks the same) keeps its connection and its pending call: its listener still accepts a knock, so
     * it is given half a peer timeout more (docs/WIRE.md, "Slow peers"). Before, the connection was closed at the
     * peer timeout and the call failed.
     */
    @Test
    void aServerSilentBeyondThePeerTimeoutButPresentKeepsItsPendingCall() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int port = freePort();
            try (ChildJvm s = server(port)) {
                TestService svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("svc");
                assertEquals(3, svc.add(1, 2));
                List<Throwable> failed = java.util.Collections.synchronizedList(new ArrayList<>());
                Thread caller = Thread.ofPlatform().start(() -> {
                    try {
                        svc.sleep(200);
                    } catch (Throwable e) {
                        failed.add(e);
                    }
                });
                Thread.sleep(100); // the call is in flight
                signal("STOP", s.pid());
                try {
                    Thread.sleep(6_800); // beyond the peer timeout (6 s), within one and a half
                } finally {
                    signal("CONT", s.pid());
                }
                caller.join(10_000);
                assertFalse(caller.isAlive(), "the call returned");
                assertTrue(failed.isEmpty(), "the call failed: " + failed);
                assertEquals(7, svc.add(3, 4), "and the connection serves the next call");
            }
        });
    }

    private static void signal(String sig, long pid) throws Exception {
        Process p = new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).inheritIO().start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "kill -" + sig);
    }

    /**
     * Object ids are unique per process incarnation: a stub kept from a server that died never reaches the object a
     * new server on the same port exported under the same number (java.rmi's ObjID does the same).
     */
    @Test
    void aStubFromADeadServerFailsAgainstItsSuccessor() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int port = freePort();
            Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
            TestService old;
            try (ChildJvm first = server(port)) {
                old = (TestService) registry.lookup("svc");
                assertEquals(3, old.add(1, 2));
                first.kill();
            }
            try (ChildJvm second = server(port)) {
                TestService fresh = (TestService) registry.lookup("svc");
                assertEquals(7, fresh.add(3, 4));
                assertThrows(java.rmi.NoSuchObjectException.class, () -> old.add(1, 1));
            }
        });
    }

    @Test
    void aCallTimeoutGivesUpOnASlowServerAndTheConnectionStaysUsable() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int port = freePort();
            try (ChildJvm s = server(port);
                 ChildJvm client = ChildJvm.start(TimeoutClientMain.class, List.of("-Dmobula.callTimeoutMs=1000"),
                         Integer.toString(port), "6000")) {
                String line = client.awaitLine("TIMEOUT", Duration.ofSeconds(20));
                long ms = Long.parseLong(line.substring("TIMEOUT ".length()).trim());
                assertTrue(ms >= 1000 && ms < 4_000, "gave up after " + ms + " ms");
                // the late reply is decoded and dropped; later calls on the connection still work
                assertEquals("AFTER 42", client.awaitLine("AFTER", Duration.ofSeconds(20)));
                assertEquals("ASYNC TIMEOUTS 4000", client.awaitLine("ASYNC", Duration.ofSeconds(30)));
                assertEquals("ASYNC TIMEOUTS 4000", client.awaitLine("ASYNC", Duration.ofSeconds(30)),
                        "the slots of timed-out calls were free for the second round");
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
