package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.RemoteStub;
import io.mobula.rmi.registry.LocateRegistry;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** This JVM is the client; the server is a child JVM on 127.0.0.1 with an ephemeral registry port. */
class RmiAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static ChildJvm server;
    private static TestService svc;

    @BeforeAll
    static void startServer() throws Exception {
        server = ChildJvm.start(TestServerMain.class, List.of("-Dmobula.leaseMs=600"));
        String ready = server.awaitLine("READY ", LIMIT);
        int port = Integer.parseInt(ready.substring("READY ".length()).trim());
        svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("svc");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyParameterKind() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            svc.ping();
            assertEquals(5, svc.add(2, 3));
            assertFalse(svc.not(true));
            assertEquals((byte) -7, svc.negate((byte) 7));
            assertEquals((short) 8, svc.twice((short) 4));
            assertEquals('b', svc.next('a'));
            assertEquals(1L << 40, svc.square(1L << 20));
            assertEquals(1.25f, svc.half(2.5f));
            assertEquals(1.5 + 2.5f + 3 + 4 + 5 + 6 + 'A' + 1, svc.sum(1.5, 2.5f, 3, 4, (short) 5, (byte) 6, 'A', true));
            assertEquals("ab", svc.concat("a", "b"));
            assertEquals("nullnull", svc.concat(null, null), "null strings travel as null");
            assertArrayEquals(new int[] {3, 2, 1}, svc.reverse(new int[] {1, 2, 3}));
            double[] big = new double[1 << 17];
            Arrays.setAll(big, i -> i);
            double[] scaled = svc.scale(big, 2);
            assertEquals(2.0 * ((1 << 17) - 1), scaled[(1 << 17) - 1]);
            byte[] bytes = new byte[1 << 20];
            new java.util.Random(1).nextBytes(bytes);
            assertArrayEquals(bytes, svc.echoBytes(bytes));
            assertEquals(List.of("X", "Y"), svc.upper(new ArrayList<>(List.of("x", "y"))));
            assertEquals(Map.of("ab", 2, "c", 1), svc.lengths(List.of("ab", "c")));
            assertEquals(8, svc.boxed(7));
            assertNull(svc.boxed(null));
            assertEquals(List.of(1, "two", 3.0), svc.echo(new ArrayList<>(List.of(1, "two", 3.0))));
        });
    }

    @Test
    void argumentsAreCopiedAndGraphsKeepTheirShape() throws Exception {
        Node a = new Node(1);
        Node b = new Node(2);
        a.next = b;
        b.next = a;      // cycle
        a.other = b;     // shared
        Node back = svc.echoGraph(a);
        assertNotSame(a, back, "by value");
        assertEquals(1, back.value);
        assertSame(back, back.next.next, "cycle kept");
        assertSame(back.next, back.other, "sharing kept");
    }

    @Test
    void exceptionsAreRethrownWithTheRemoteTrace() throws Exception {
        AppException e = assertThrows(AppException.class, () -> svc.fail("no luck"));
        assertEquals("no luck", e.getMessage());
        String trace = Arrays.toString(e.getStackTrace());
        assertTrue(trace.contains("TestServiceImpl.fail"), trace);
        assertTrue(trace.contains("RmiAcrossJvmsTest"), trace);
        IllegalStateException r = assertThrows(IllegalStateException.class, svc::crash);
        assertEquals("crashed on purpose", r.getMessage());
    }

    @Test
    void anApplicationExceptionArrivesWithItsFieldsCauseAndRemoteTrace() throws Exception {
        InsufficientFundsException e = assertThrows(InsufficientFundsException.class, () -> svc.withdraw("acct-7", 350));
        assertEquals(250, e.missing, "a final field set only by a package-private constructor");
        assertEquals("acct-7", e.account());
        assertEquals("account acct-7 is short by 250", e.getMessage());
        IllegalStateException cause = assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("balance of acct-7 is 100", cause.getMessage());
        List<String> frames = Arrays.stream(e.getStackTrace()).map(f -> f.getClassName() + "." + f.getMethodName())
                .toList();
        int marker = frames.indexOf("<<mobula remote call>>.");
        assertTrue(marker > 0, frames.toString());
        assertTrue(frames.subList(0, marker).contains(TestServiceImpl.class.getName() + ".withdraw"),
                "the server's frames come first: " + frames);
        assertTrue(frames.subList(marker, frames.size()).contains(RmiAcrossJvmsTest.class.getName()
                + ".lambda$anApplicationExceptionArrivesWithItsFieldsCauseAndRemoteTrace$0"),
                "the caller's frames follow: " + frames);
        assertTrue(Arrays.stream(cause.getStackTrace()).anyMatch(f -> f.getMethodName().equals("withdraw")),
                "the cause keeps its remote trace");
    }

    @Test
    void theServerCallsBackAnObjectTheClientPassed() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Callback cb = v -> {
            calls.incrementAndGet();
            return v * 10;
        };
        assertTimeoutPreemptively(LIMIT, () -> assertEquals(10 * (0 + 1 + 2 + 3 + 4), svc.callBack(cb, 5)));
        assertEquals(5, calls.get(), "the callbacks ran here, on the original object");
    }

    @Test
    void remoteObjectsReturnedByReferenceAreCollectedWhenTheLeaseLapses() throws Exception {
        Counter c = svc.newCounter();
        assertInstanceOf(RemoteStub.class, c);
        assertEquals(1, c.increment());
        assertEquals(2, c.increment());
        assertTrue(svc.exportedCounters() >= 1);
        c = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int left;
        do {
            System.gc();
            Thread.sleep(200);
            left = svc.exportedCounters();
        } while (left > 0 && System.nanoTime() < deadline);
        assertEquals(0, left, "the server unexported the counter once this JVM dropped its stub");
    }

    @Test
    void oneWayCallsArriveWithoutReplies() throws Exception {
        int before = svc.recordedSum();
        for (int i = 1; i <= 100; i++) {
            svc.record(i);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (svc.recordedSum() - before < 5050 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(5050, svc.recordedSum() - before);
    }

    @Test
    void futuresCompleteLater() throws Exception {
        CompletableFuture<String> f = svc.later("soon", 200);
        assertFalse(f.isDone(), "the call returned before the result existed");
        assertEquals("SOON", f.get(10, TimeUnit.SECONDS));
    }

    @Test
    void concurrentCallersShareOneConnection() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<Thread> ts = new ArrayList<>();
            AtomicInteger wrong = new AtomicInteger();
            List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < 8; t++) {
                int base = t * 1_000_000;
                ts.add(Thread.ofPlatform().start(() -> {
                    try {
                        for (int i = 0; i < 500; i++) {
                            if (svc.add(base, i) != base + i) {
                                wrong.incrementAndGet();
                            }
                        }
                    } catch (Throwable e) {
                        errors.add(e);
                    }
                }));
            }
            // a slow call in flight does not hold up the others
            CompletableFuture<Void> slow = CompletableFuture.runAsync(() -> {
                try {
                    svc.sleep(500);
                } catch (RemoteException e) {
                    throw new IllegalStateException(e);
                }
            });
            for (Thread t : ts) {
                t.join();
            }
            slow.get(10, TimeUnit.SECONDS);
            assertTrue(errors.isEmpty(), errors.toString());
            assertEquals(0, wrong.get());
        });
    }
}
