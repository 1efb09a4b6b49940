package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.RemoteStub;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiCounters;
import java.rmi.NoSuchObjectException;
import org.junit.jupiter.api.Test;

/** A call to an object in the caller's own JVM skips the network but still copies (KaRMI 4.2). */
class LocalShortcutTest {

    @Test
    void localCallsCopyArgumentsAndResultsWithoutAConnection() throws Exception {
        TestServiceImpl impl = new TestServiceImpl();
        TestService stub = (TestService) Rmi.export(impl);
        assertInstanceOf(RemoteStub.class, stub);
        RmiCounters before = Rmi.counters();

        Node a = new Node(1);
        a.next = a;
        Node back = stub.echoGraph(a);
        assertNotSame(a, back, "by value, even locally");
        assertSame(back, back.next, "the copy keeps its cycle");
        int[] data = {1, 2, 3};
        int[] reversed = stub.reverse(data);
        assertEquals(1, data[0], "the caller's array is untouched");
        assertEquals(3, reversed[0]);
        AppException e = assertThrows(AppException.class, () -> stub.fail("local"));
        assertEquals("local", e.getMessage());
        assertTrue(java.util.Arrays.toString(e.getStackTrace()).contains("TestServiceImpl.fail"));

        RmiCounters after = Rmi.counters();
        assertTrue(after.localCalls() - before.localCalls() >= 2, before + " -> " + after);
        assertEquals(before.connectionsOpened(), after.connectionsOpened(), "no connection was needed");

        Rmi.unexport(impl, true);
        assertThrows(NoSuchObjectException.class, stub::ping);
    }

    /** A local call behaves like a remote one: one-way and asynchronous calls do not wait for the method. */
    @Test
    void oneWayAndAsynchronousLocalCallsReturnAtOnce() throws Exception {
        TestServiceImpl impl = new TestServiceImpl();
        TestService stub = (TestService) Rmi.export(impl);
        FaultServiceImpl faults = new FaultServiceImpl();
        FaultService f = (FaultService) Rmi.export(faults);
        try {
            long t0 = System.nanoTime();
            java.util.concurrent.CompletableFuture<String> later = stub.later("abc", 1500);
            f.nap(1500);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 1000, "returned after " + ms + " ms");
            assertTrue(!later.isDone(), "the method is still running");
            assertEquals("ABC", later.get(20, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            Rmi.unexport(impl, true);
            Rmi.unexport(faults, true);
        }
    }

    @Test
    void anUnknownMethodIdIsRefusedLocallyAsRemotely() throws Exception {
        FaultServiceImpl faults = new FaultServiceImpl();
        FaultService f = (FaultService) Rmi.export(faults);
        try {
            io.mobula.rmi.RemoteRef ref = RemoteStub.refOf((RemoteStub) f);
            java.rmi.RemoteException e = assertThrows(java.rmi.RemoteException.class, () -> {
                try (io.mobula.rmi.Call call = ref.newCall(FaultService_MobulaDispatcher.INTERFACE_HASH, 99, 0)) {
                    call.invokeInt();
                }
            });
            assertTrue(e.getMessage().contains("no method 99"), e.getMessage());
            assertEquals(3, f.add(1, 2));
        } finally {
            Rmi.unexport(faults, true);
        }
    }
}
