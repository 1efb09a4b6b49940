package io.mobula.apps.mpj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The rendezvous of niodev ranks, spoken to as MPJ Express 0.44's niodev speaks to {@code mpjrun}: every rank gets
 * the peer list in rank order once all have come; bad input or a missing rank fails it, and nobody waits forever.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class RendezvousTest {
    @Test
    void everyRankGetsThePeersInRankOrderOnLoopback() throws Exception {
        try (Rendezvous rv = Rendezvous.open(2, Duration.ofSeconds(10));
             Socket r1 = greet(rv.port(), Rendezvous.GREETING, 30001, 30002, 1);
             Socket r0 = greet(rv.port(), Rendezvous.GREETING, 30003, 30004, 0)) {
            String expected = "#Peer Information;127.0.0.1@30004@30003@0;127.0.0.1@30002@30001@1";
            assertEquals(expected, new DataInputStream(r0.getInputStream()).readUTF());
            assertEquals(expected, new DataInputStream(r1.getInputStream()).readUTF());
            awaitDone(rv);
            assertNull(rv.failure());
        }
    }

    @Test
    void badInputFailsTheRendezvous() throws Exception {
        assertFails(s -> greet(s, "Hello", 30001, 30002, 0), "greeted");
        assertFails(s -> greet(s, Rendezvous.GREETING, 30001, 30002, 2), "rank 2 of 2");
        assertFails(s -> greet(s, Rendezvous.GREETING, 0, 30002, 0), "ports");
        assertFails(s -> greet(s, Rendezvous.GREETING, 30001, 70000, 0), "ports");
    }

    @Test
    void aRankTwiceFailsTheRendezvous() throws Exception {
        try (Rendezvous rv = Rendezvous.open(3, Duration.ofSeconds(10));
             Socket a = greet(rv.port(), Rendezvous.GREETING, 30001, 30002, 1);
             Socket b = greet(rv.port(), Rendezvous.GREETING, 30003, 30004, 1)) {
            String why = awaitFailure(rv);
            assertTrue(why.contains("rank 1 came twice"), why);
        }
    }

    @Test
    void aMissingRankFailsTheRendezvousInTime() throws Exception {
        try (Rendezvous rv = Rendezvous.open(2, Duration.ofMillis(300));
             Socket a = greet(rv.port(), Rendezvous.GREETING, 30001, 30002, 0)) {
            String why = awaitFailure(rv);
            assertTrue(why.contains("not every rank came in time"), why);
            assertEquals(-1, a.getInputStream().read(), "the waiting rank's connection is closed");
        }
    }

    @Test
    void npMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> Rendezvous.open(0, Duration.ofSeconds(1)));
    }

    private interface Greeter {
        Socket greet(int port) throws IOException;
    }

    private static void assertFails(Greeter g, String reason) throws Exception {
        try (Rendezvous rv = Rendezvous.open(2, Duration.ofSeconds(10)); Socket s = g.greet(rv.port())) {
            String why = awaitFailure(rv);
            assertTrue(why.contains(reason), why);
            assertEquals(-1, s.getInputStream().read(), "the connection is closed");
        }
    }

    private static Socket greet(int port, String hello, int wport, int rport, int rank) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
        s.setSoTimeout(10_000);
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        out.writeUTF(hello);
        out.writeInt(wport);
        out.writeInt(rport);
        out.writeInt(rank);
        out.flush();
        return s;
    }

    private static String awaitFailure(Rendezvous rv) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (rv.failure() == null && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertNotNull(rv.failure(), "the rendezvous should have failed");
        return rv.failure();
    }

    private static void awaitDone(Rendezvous rv) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!rv.done() && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertTrue(rv.done());
    }
}
