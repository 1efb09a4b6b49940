package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.transport.Endpoint;
import io.mobula.transport.ListenerKnock;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The rule for a peer silent beyond the peer timeout (docs/WIRE.md, "Slow peers"), on a scripted clock and knock: a
 * present peer (its listener accepts) is slow, not dead, and is kept up to one and a half peer timeouts; a gone one
 * (refused) or an unreachable one is closed at once; time this process did not run is not the peer's silence, up to
 * the wall-clock bound.
 */
class SilentPeerCheckTest {
    private static final long MS = 1_000_000L;
    private static final long TIMEOUT = 6_000 * MS;
    private static final List<Endpoint> PEER = List.of(Endpoint.shm("/dev/shm/x"), Endpoint.tcp("127.0.0.1", 4711));

    /** Runs knocks on the calling thread, counting them. */
    private final List<Runnable> started = new ArrayList<>();

    private SilentPeerCheck check(ListenerKnock.Answer answer, AtomicInteger knocks) {
        return new SilentPeerCheck((e, timeout) -> {
            assertEquals(Endpoint.tcp("127.0.0.1", 4711), e, "the peer's tcp listener is knocked on");
            assertTrue(timeout > 0 && timeout <= 1000, "a bounded knock: " + timeout);
            knocks.incrementAndGet();
            return answer;
        });
    }

    private SilentPeerCheck.Verdict look(SilentPeerCheck c, long silent, long wall) {
        SilentPeerCheck.Verdict v = c.verdict(silent, wall, TIMEOUT, PEER, started::add);
        started.forEach(Runnable::run);
        started.clear();
        return v;
    }

    @Test
    void aPresentPeerIsKeptBeyondThePeerTimeoutAndClosedAtOneAndAHalf() {
        AtomicInteger knocks = new AtomicInteger();
        SilentPeerCheck c = check(ListenerKnock.Answer.PRESENT, knocks);
        assertFalse(look(c, 5_999 * MS, 5_999 * MS).close(), "within the peer timeout");
        assertEquals(0, knocks.get(), "no knock before the peer timeout");
        assertFalse(look(c, 6_000 * MS, 6_000 * MS).close(), "the knock is made, the peer kept meanwhile");
        assertFalse(look(c, 8_900 * MS, 8_900 * MS).close(), "present: slow, not dead (the old rule closed here)");
        SilentPeerCheck.Verdict v = look(c, 9_000 * MS, 9_000 * MS);
        assertTrue(v.close(), "a present process silent for 1.5 peer timeouts is stopped or hung");
        assertTrue(v.reason().startsWith("peer sent nothing for 9000 ms") && v.reason().contains("accepts"),
                v.reason());
        assertEquals(1, knocks.get(), "one knock per silence");
        c.heard();
        assertFalse(look(c, 6_000 * MS, 6_000 * MS).close());
        assertEquals(2, knocks.get(), "a new silence knocks again");
    }

    @Test
    void aGonePeerIsClosedAtTheNextLookAndSaysSo() {
        SilentPeerCheck c = check(ListenerKnock.Answer.GONE, new AtomicInteger());
        assertFalse(look(c, 6_000 * MS, 6_000 * MS).close());
        SilentPeerCheck.Verdict v = look(c, 6_500 * MS, 6_500 * MS);
        assertTrue(v.close());
        assertTrue(v.reason().contains("nothing listens at tcp://127.0.0.1:4711 any more"), v.reason());
    }

    @Test
    void anUnreachablePeerIsClosedAtTheNextLook() {
        SilentPeerCheck c = check(ListenerKnock.Answer.UNKNOWN, new AtomicInteger());
        assertFalse(look(c, 6_000 * MS, 6_000 * MS).close());
        assertTrue(look(c, 6_500 * MS, 6_500 * MS).close(), "a cut link or a dead host: as before");
    }

    @Test
    void aPeerWithoutATcpListenerIsClosedAtThePeerTimeout() {
        SilentPeerCheck c = new SilentPeerCheck((e, t) -> {
            throw new AssertionError("nothing to knock on");
        });
        assertTrue(c.verdict(6_000 * MS, 6_000 * MS, TIMEOUT, List.of(Endpoint.shm("/dev/shm/x")), started::add)
                .close());
    }

    @Test
    void timeThisProcessDidNotRunIsLeftOutUpToTheWallBound() {
        AtomicInteger knocks = new AtomicInteger();
        SilentPeerCheck c = check(ListenerKnock.Answer.PRESENT, knocks);
        // 20 s of wall-clock silence, 16 s of it this process was not running: 4 s of the peer's own silence
        assertFalse(look(c, 4_000 * MS, 20_000 * MS).close());
        assertEquals(0, knocks.get());
        SilentPeerCheck.Verdict v = look(c, 4_000 * MS, SilentPeerCheck.WALL_FACTOR * TIMEOUT);
        assertTrue(v.close(), "bounded in wall-clock time however starved this process is");
        assertTrue(v.reason().contains("this process did not run"), v.reason());
    }

    @Test
    void theListenerKnockTellsPresentFromGone() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
            assertEquals(ListenerKnock.Answer.PRESENT, ListenerKnock.knock(Endpoint.tcp("127.0.0.1", port), 1000));
        }
        assertEquals(ListenerKnock.Answer.GONE, ListenerKnock.knock(Endpoint.tcp("127.0.0.1", port), 1000));
        assertEquals(ListenerKnock.Answer.UNKNOWN, ListenerKnock.knock(Endpoint.tls("127.0.0.1", port), 1000),
                "a TLS listener is not knocked on");
    }
}
