package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.rmi.FaultServiceImpl.Fresh;
import io.mobula.examples.rmi.FaultServiceImpl.Fresh2;
import io.mobula.examples.rmi.FaultServiceImpl.ThrowingHook;
import io.mobula.rmi.registry.LocateRegistry;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.hibernate.mobulatest.RefusedValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each way a call can fail fails that call only, with the exception java.rmi gives, and never hangs: the connection,
 * its type tables and every other call go on. This JVM is the client; the server is a child JVM.
 */
class FaultsAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static ChildJvm server;
    private static FaultService svc;
    private static int port;

    @BeforeAll
    static void startServer() throws Exception {
        server = ChildJvm.start(FaultServerMain.class, List.of());
        port = Integer.parseInt(server.awaitLine("READY ", LIMIT).substring("READY ".length()).trim());
        svc = (FaultService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("faults");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static void stillWorks() throws RemoteException {
        int a = ThreadLocalRandom.current().nextInt(1000);
        assertEquals(a + 1, svc.add(a, 1), "the connection is still usable");
    }

    @Test
    void anArgumentWhoseHookThrowsFailsItsCallOnly() {
        assertTimeoutPreemptively(LIMIT, () -> {
            // java.rmi: an unchecked exception from writeObject reaches the caller as it is
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> svc.echo(List.of(new Fresh("before", 1), new ThrowingHook("client"))));
            assertTrue(e.getMessage().contains("client"), e.getMessage());
            stillWorks();
            // Fresh's descriptor was discarded with the failed message: it is sent again, and decodes
            assertEquals(new Fresh("after", 2), svc.echo(new Fresh("after", 2)));
        });
    }

    @Test
    void anArgumentThatCannotBeSerializedIsAMarshalException() {
        assertTimeoutPreemptively(LIMIT, () -> {
            MarshalException e = assertThrows(MarshalException.class, () -> svc.echo(new Object()));
            assertTrue(e.getMessage().contains("error marshalling arguments"), e.getMessage());
            assertTrue(io.mobula.rmi.Rmi.callNotSent(e), "nothing was sent");
            assertEquals(MarshalException.class, e.getClass(), "java.rmi's own exception");
            stillWorks();
        });
    }

    @Test
    void anArgumentTheServerRefusesFailsItsCallAndLeavesTheTypeTablesInStep() {
        assertTimeoutPreemptively(LIMIT, () -> {
            // the refused value comes first: the server stops decoding before Fresh2's first use
            ServerException e = assertThrows(ServerException.class,
                    () -> svc.echo(List.of(new RefusedValue(1), new Fresh2(5))));
            UnmarshalException cause = assertInstanceOf(UnmarshalException.class, e.getCause());
            assertTrue(cause.getMessage().contains("error unmarshalling arguments"), cause.getMessage());
            assertTrue(cause.getMessage().contains(RefusedValue.class.getName()), cause.getMessage());
            // Fresh2 was defined by the failed message only; the server still knows it
            assertEquals(new Fresh2(6), svc.echo(new Fresh2(6)));
            stillWorks();
        });
    }

    @Test
    void anArgumentOverTheFrameLimitIsAMarshalExceptionNamingTheLimit() {
        assertTimeoutPreemptively(LIMIT, () -> {
            MarshalException e = assertThrows(MarshalException.class,
                    () -> svc.echo(new byte[FaultServiceImpl.HUGE]));
            assertTrue(e.getMessage().contains("maximum frame size"), e.getMessage());
            assertTrue(io.mobula.rmi.Rmi.callNotSent(e), "the frame was refused before sending");
            stillWorks();
        });
    }

    @Test
    void aResultThatCannotBeSentReachesTheCallerAsAnUnmarshalException() {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (String kind : List.of("hook", "huge")) {
                UnmarshalException e = assertThrows(UnmarshalException.class, () -> svc.badResult(kind), kind);
                assertTrue(e.getMessage().contains("marshalling the result"), kind + ": " + e.getMessage());
                stillWorks();
            }
            // as java.rmi reports it: the server's write aborted, over ObjectOutputStream's exception
            UnmarshalException e = assertThrows(UnmarshalException.class, () -> svc.badResult("not-serializable"));
            assertTrue(e.getMessage().startsWith("error unmarshalling return"), e.getMessage());
            java.io.WriteAbortedException aborted = assertInstanceOf(java.io.WriteAbortedException.class, e.getCause());
            assertInstanceOf(java.io.NotSerializableException.class, aborted.getCause());
            stillWorks();
            UnmarshalException huge = assertThrows(UnmarshalException.class, () -> svc.badResult("huge"));
            assertTrue(huge.getMessage().contains("maximum frame size"), huge.getMessage());
        });
    }

    @Test
    void aResultThisSideRefusesFailsItsCallOnly() {
        assertTimeoutPreemptively(LIMIT, () -> {
            UnmarshalException e = assertThrows(UnmarshalException.class, () -> svc.badResult("refused"));
            assertTrue(e.getMessage().contains("error unmarshalling return"), e.getMessage());
            assertTrue(e.getMessage().contains(RefusedValue.class.getName()), e.getMessage());
            stillWorks();
            // Fresh2 came in the refused reply's trailer: this side knows it
            assertEquals(new Fresh2(9), svc.echo(new Fresh2(9)));
        });
    }

    @Test
    void serverFaultsArriveWrappedAsInJavaRmi() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ServerException se = assertThrows(ServerException.class, () -> svc.failRemote("inner"));
            assertInstanceOf(RemoteException.class, se.getCause());
            assertTrue(se.getCause().getMessage().contains("inner"), se.getCause().getMessage());
            ServerError err = assertThrows(ServerError.class, () -> svc.failError("boom"));
            assertInstanceOf(LinkageError.class, err.getCause());
            stillWorks();
        });
    }

    @Test
    void anArgumentTooLargeForTheHeapIsAMarshalException() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            // a 400 MiB array in a 1 GiB heap, copied into the serialization buffer (arrays out of line off): the
            // buffer cannot grow past 512 MiB
            try (ChildJvm client = ChildJvm.start(OversizeClientMain.class,
                    List.of("-Xmx1g", "-Dmobula.outOfLineBytes=0"), Integer.toString(port), "400")) {
                String line = client.awaitLine("MARSHAL", Duration.ofSeconds(40));
                assertTrue(line.contains("memory"), line);
                assertEquals("AFTER 42", client.awaitLine("AFTER", Duration.ofSeconds(20)));
                assertEquals(0, client.waitFor(Duration.ofSeconds(20)));
            }
            // by default the array goes out of line: no buffer grows, and the frame is refused for its size
            try (ChildJvm client = ChildJvm.start(OversizeClientMain.class, List.of("-Xmx1g"),
                    Integer.toString(port), "400")) {
                String line = client.awaitLine("MARSHAL", Duration.ofSeconds(40));
                assertTrue(line.contains("maximum frame size"), line);
                assertEquals("AFTER 42", client.awaitLine("AFTER", Duration.ofSeconds(20)));
                assertEquals(0, client.waitFor(Duration.ofSeconds(20)));
            }
        });
    }

    @Test
    void anUnknownMethodIdIsRefusedAsItIsLocally() {
        assertTimeoutPreemptively(LIMIT, () -> {
            io.mobula.rmi.RemoteRef ref = io.mobula.rmi.RemoteStub.refOf((io.mobula.rmi.RemoteStub) svc);
            RemoteException e = assertThrows(RemoteException.class, () -> {
                try (io.mobula.rmi.Call call = ref.newCall(FaultService_MobulaDispatcher.INTERFACE_HASH, 99, 0)) {
                    call.invokeInt();
                }
            });
            assertTrue(e.getMessage().contains("no method 99"), e.getMessage());
            stillWorks();
        });
    }

    @Test
    void aSerializableRemoteObjectTravelsByValueUnlessExported() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Greeter.Named g = new Greeter.Named("client");
            assertEquals("hello from client (copy)", svc.greet(g), "never exported: by value, as in java.rmi");
            Object back = svc.echo(g);
            assertInstanceOf(Greeter.Named.class, back, "a copy came back, not a stub");
            Greeter exported = (Greeter) io.mobula.rmi.Rmi.export(g);
            try {
                assertEquals("hello from client (stub)", svc.greet(g), "exported: by reference");
                assertEquals(exported, svc.echo(g));
            } finally {
                io.mobula.rmi.Rmi.unexport(g, true);
            }
        });
    }

    @Test
    void aRemoteCallFromAMethodRunOnTheReceiveThreadFailsInsteadOfDeadlocking() {
        assertTimeoutPreemptively(LIMIT, () -> {
            FaultServiceImpl here = new FaultServiceImpl();
            FaultService callback = (FaultService) io.mobula.rmi.Rmi.export(here);
            try {
                // the server's nested() is @NonBlocking and runs on the receive thread of this very connection; its
                // call back here could only be answered by that thread
                ServerException e = assertThrows(ServerException.class, () -> svc.nested(callback));
                assertTrue(e.getCause().getMessage().contains("receive thread"), e.getCause().getMessage());
                assertTrue(e.getCause().getMessage().startsWith("never sent: "), "refused before it was sent, and"
                        + " marked so: " + e.getCause().getMessage());
                stillWorks();
            } finally {
                io.mobula.rmi.Rmi.unexport(here, true);
            }
        });
    }

    /** Many threads share the one connection while some of their calls fail in each of the ways above. */
    @Test
    void failingCallsDoNotDisturbTheOthers() {
        assertTimeoutPreemptively(LIMIT, () -> {
            int threads = 8;
            int rounds = 40;
            CountDownLatch done = new CountDownLatch(threads);
            List<Throwable> wrong = Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < threads; t++) {
                int id = t;
                Thread.ofPlatform().start(() -> {
                    try {
                        for (int round = 0; round < rounds; round++) {
                            int i = round;
                            switch ((id + i) % 7) {
                                case 0 -> expect(IllegalStateException.class,
                                        () -> svc.echo(new ThrowingHook("client")));
                                case 1 -> expect(MarshalException.class, () -> svc.echo(new Object()));
                                case 2 -> expect(ServerException.class, () -> svc.echo(new RefusedValue(i)));
                                case 3 -> expect(UnmarshalException.class, () -> svc.badResult("hook"));
                                case 4 -> expect(UnmarshalException.class, () -> svc.badResult("refused"));
                                case 5 -> expect(ServerException.class, () -> svc.failRemote("x"));
                                default -> {
                                    List<Object> v = List.of(new Fresh("t" + id, i), (long) i, "s" + i);
                                    if (!v.equals(svc.echo(v))) {
                                        throw new AssertionError("wrong echo " + v);
                                    }
                                    if (svc.add(id, i) != id + i) {
                                        throw new AssertionError("wrong sum");
                                    }
                                }
                            }
                        }
                    } catch (Throwable e) {
                        wrong.add(e);
                    } finally {
                        done.countDown();
                    }
                });
            }
            assertTrue(done.await(50, TimeUnit.SECONDS), "every thread finished");
            assertEquals(List.of(), wrong);
            stillWorks();
        });
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void expect(Class<? extends Throwable> type, Call c) {
        try {
            c.run();
        } catch (Throwable t) {
            if (!type.isInstance(t)) {
                throw new AssertionError("expected " + type.getSimpleName() + " but got " + t, t);
            }
            return;
        }
        throw new AssertionError("expected " + type.getSimpleName() + " but the call succeeded");
    }
}
