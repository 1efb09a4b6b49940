package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * RMI between JVMs of one host over shared memory: the TCP connection is upgraded, calls of any size and from many
 * threads go through the rings, a killed peer fails pending calls promptly, and a process uses shm and TCP to two
 * peers at once.
 */
class SharedMemoryAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static TestService lookup(ChildJvm server) throws Exception {
        String ready = server.awaitLine("READY ", Duration.ofSeconds(30));
        int port = Integer.parseInt(ready.substring("READY ".length()).trim());
        return (TestService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("svc");
    }

    /** Calls until the connection has switched to {@code expected} (the upgrade follows the HELLOs). */
    private static void awaitTransport(TestService svc, String expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!expected.equals(Rmi.transportOf((Remote) svc)) && System.nanoTime() < deadline) {
            svc.ping();
            Thread.sleep(5);
        }
        assertEquals(expected, Rmi.transportOf((Remote) svc));
    }

    private static List<Path> segmentsOf(long pid) throws Exception {
        Path dir = Files.isDirectory(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("mobula-" + pid + "-")).toList();
        }
    }

    @Test
    void wrapAroundLargeMessagesAndConcurrentCallersOverSharedMemory() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ChildJvm server = ChildJvm.start(TestServerMain.class, List.of("-Dmobula.shm.ringBytes=65536"))) {
                TestService svc = lookup(server);
                awaitTransport(svc, "shm");
                // a 64 KiB ring: odd sizes wrap at every offset, 4 MiB messages stream through in pieces
                Random rnd = new Random(7);
                for (int size : new int[] {0, 1, 65_500, 65_536, 70_001, 4 << 20, 3, 131_071}) {
                    byte[] b = new byte[size];
                    rnd.nextBytes(b);
                    assertArrayEquals(b, svc.echoBytes(b), "size " + size);
                }
                double[] big = new double[1 << 20]; // 8 MiB
                Arrays.setAll(big, i -> i);
                double[] scaled = svc.scale(big, 0.5);
                assertEquals(0.5 * ((1 << 20) - 1), scaled[(1 << 20) - 1]);

                int threads = 8;
                List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
                CountDownLatch go = new CountDownLatch(1);
                List<Thread> ts = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int id = t;
                    ts.add(Thread.ofPlatform().start(() -> {
                        try {
                            go.await();
                            Random r = new Random(id);
                            for (int i = 0; i < 300; i++) {
                                int n = i % 25 == 0 ? 200_000 + r.nextInt(1000) : r.nextInt(5000);
                                byte[] b = new byte[n];
                                r.nextBytes(b);
                                if (!Arrays.equals(b, svc.echoBytes(b)) || svc.add(id, i) != id + i) {
                                    errors.add(new AssertionError("wrong answer in thread " + id + " call " + i));
                                }
                            }
                        } catch (Throwable e) {
                            errors.add(e);
                        }
                    }));
                }
                go.countDown();
                for (Thread t : ts) {
                    t.join(LIMIT.toMillis());
                }
                assertEquals(List.of(), errors);
                assertEquals("shm", Rmi.transportOf((Remote) svc));
                // the segment names were removed as soon as both sides had mapped them
                assertEquals(List.of(), segmentsOf(ProcessHandle.current().pid()).stream()
                        .filter(p -> !p.toString().endsWith(".sock")).toList());
                assertEquals(List.of(), segmentsOf(server.pid()));
            }
        });
    }

    @Test
    void oneProgramUsesSharedMemoryAndTcpAtOnce() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ChildJvm near = ChildJvm.start(TestServerMain.class, List.of());
                 ChildJvm far = ChildJvm.start(TestServerMain.class, List.of("-Dmobula.transports=tcp"))) {
                TestService a = lookup(near);
                TestService b = lookup(far);
                awaitTransport(a, "shm");
                for (int i = 0; i < 20; i++) {
                    b.ping();
                }
                assertEquals("tcp", Rmi.transportOf((Remote) b), "a peer that offers only TCP stays on TCP");
                List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
                List<Thread> ts = new ArrayList<>();
                for (TestService s : List.of(a, b, a, b)) {
                    ts.add(Thread.ofPlatform().start(() -> {
                        try {
                            for (int i = 0; i < 500; i++) {
                                assertEquals(2 * i, s.add(i, i));
                                int[] v = {i, i + 1, i + 2};
                                assertArrayEquals(new int[] {i + 2, i + 1, i}, s.reverse(v));
                            }
                        } catch (Throwable e) {
                            errors.add(e);
                        }
                    }));
                }
                for (Thread t : ts) {
                    t.join(LIMIT.toMillis());
                }
                assertEquals(List.of(), errors);
                assertEquals("shm", Rmi.transportOf((Remote) a));
                assertEquals("tcp", Rmi.transportOf((Remote) b));
            }
        });
    }

    @Test
    void killingAPeerOnSharedMemoryFailsPendingCallsPromptly() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            ChildJvm server = ChildJvm.start(TestServerMain.class, List.of());
            try {
                TestService svc = lookup(server);
                awaitTransport(svc, "shm");
                int callers = 4;
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
                Thread.sleep(300);
                long killed = System.nanoTime();
                server.kill();
                for (Thread t : ts) {
                    t.join(5_000);
                }
                long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
                assertEquals(callers, outcomes.size());
                for (Throwable e : outcomes) {
                    assertTrue(e instanceof RemoteException, "a RemoteException, not " + e);
                }
                assertTrue(took < 2_000, "pending calls failed " + took + " ms after the kill");
                assertEquals(List.of(), segmentsOf(server.pid()), "no segment of the dead peer left");
            } finally {
                server.close();
            }
        });
    }
}
