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
}
