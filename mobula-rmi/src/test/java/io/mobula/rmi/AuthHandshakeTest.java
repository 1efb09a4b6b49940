package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The challenge-response of one connection, driven by hand with fixed nonces. */
class AuthHandshakeTest {
    private static final ClusterSecret SECRET = ClusterSecret.of("the cluster's shared secret".getBytes());
    private static final ClusterSecret OTHER = ClusterSecret.of("another cluster's secret!!".getBytes());

    private static byte[] nonce(int fill) {
        byte[] n = new byte[AuthHandshake.NONCE_LENGTH];
        Arrays.fill(n, (byte) fill);
        return n;
    }

    /** Stands for a HELLO frame: any bytes that include the nonce. */
    private static byte[] hello(String who, byte[] nonce) {
        byte[] w = who.getBytes(StandardCharsets.US_ASCII);
        byte[] h = Arrays.copyOf(w, w.length + (nonce == null ? 0 : nonce.length));
        if (nonce != null) {
            System.arraycopy(nonce, 0, h, w.length, nonce.length);
        }
        return h;
    }

    private static AuthHandshake side(ClusterSecret s, boolean connecting, byte[] nonce, byte[] hello) {
        AuthHandshake h = new AuthHandshake(s, connecting, nonce);
        h.helloSent(hello);
        return h;
    }

    @Test
    void bothSidesWithTheSecretAuthenticateEachOtherAndTheServerAnswersOnlyAfterTheClient() throws Exception {
        byte[] hc = hello("client", nonce(1));
        byte[] ha = hello("server", nonce(2));
        AuthHandshake c = side(SECRET, true, nonce(1), hc);
        AuthHandshake a = side(SECRET, false, nonce(2), ha);
        assertEquals(AuthHandshake.MODE_HMAC_SHA256, c.mode());

        assertNull(a.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(1), hc, false),
                "the accepting side says nothing derived from the secret before the peer proved itself");
        byte[] fromClient = c.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(2), ha, false);
        assertNotNull(fromClient);
        assertFalse(c.done());
        assertFalse(a.done());
        byte[] fromServer = a.onPeerAnswer(fromClient);
        assertTrue(a.done());
        assertNotNull(fromServer);
        assertNull(c.onPeerAnswer(fromServer));
        assertTrue(c.done());
    }

    @Test
    void answersFollowTheDocumentedLayout() throws Exception {
        byte[] hc = hello("client", nonce(1));
        byte[] ha = hello("server", nonce(2));
        AuthHandshake c = side(SECRET, true, nonce(1), hc);
        byte[] answer = c.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(2), ha, false);

        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.writeBytes("mobula-rmi cluster auth v1".getBytes(StandardCharsets.US_ASCII));
        m.write(1); // connecting
        m.writeBytes(nonce(1));
        m.writeBytes(nonce(2));
        m.writeBytes(ByteBuffer.allocate(4).putInt(hc.length).array());
        m.writeBytes(hc);
        m.writeBytes(ByteBuffer.allocate(4).putInt(ha.length).array());
        m.writeBytes(ha);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("the cluster's shared secret".getBytes(), "HmacSHA256"));
        assertArrayEquals(mac.doFinal(m.toByteArray()), answer);
    }

    @Test
    void anotherSecretIsRefusedOnBothSides() throws Exception {
        byte[] hc = hello("client", nonce(1));
        byte[] ha = hello("server", nonce(2));
        AuthHandshake c = side(OTHER, true, nonce(1), hc);
        AuthHandshake a = side(SECRET, false, nonce(2), ha);
        a.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(1), hc, false);
        byte[] fromClient = c.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(2), ha, false);
        assertThrows(AuthHandshake.Refused.class, () -> a.onPeerAnswer(fromClient));
        assertFalse(a.done());

        // and a server with another secret cannot fool a client (it would have to answer first to get anything)
        AuthHandshake c2 = side(SECRET, true, nonce(3), hello("client", nonce(3)));
        c2.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(4), hello("server", nonce(4)), false);
        byte[] forged = AuthHandshake.answer(OTHER.key(), AuthHandshake.ROLE_ACCEPTING, nonce(3), nonce(4),
                hello("server", nonce(4)), hello("client", nonce(3)));
        assertThrows(AuthHandshake.Refused.class, () -> c2.onPeerAnswer(forged));
    }

    @Test
    void aCapturedAnswerReplayedOnAnotherConnectionFails() throws Exception {
        // connection 1, observed by an eavesdropper
        byte[] hc = hello("client", nonce(1));
        AuthHandshake c = side(SECRET, true, nonce(1), hc);
        AuthHandshake a = side(SECRET, false, nonce(2), hello("server", nonce(2)));
        a.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(1), hc, false);
        byte[] captured = c.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(2), hello("server", nonce(2)), false);
        a.onPeerAnswer(captured);
        assertTrue(a.done());

        // connection 2: the eavesdropper replays the client's HELLO and answer; the server's nonce is fresh
        AuthHandshake a2 = side(SECRET, false, nonce(5), hello("server", nonce(5)));
        assertNull(a2.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(1), hc, false));
        AuthHandshake.Refused r = assertThrows(AuthHandshake.Refused.class, () -> a2.onPeerAnswer(captured));
        assertTrue(r.getMessage().contains("wrong answer"), r.getMessage());
    }

    @Test
    void anAnswerReflectedToItsAuthorFails() throws Exception {
        byte[] hc = hello("client", nonce(1));
        byte[] ha = hello("server", nonce(2));
        AuthHandshake c = side(SECRET, true, nonce(1), hc);
        byte[] own = c.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(2), ha, false);
        // a fake server sends the client's own answer back as its answer
        assertThrows(AuthHandshake.Refused.class, () -> c.onPeerAnswer(own));

        // a peer presenting this process's own HELLO (its VM id) is refused before anything is answered
        AuthHandshake a = side(SECRET, false, nonce(2), ha);
        assertThrows(AuthHandshake.Refused.class, () -> a.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(1), ha,
                true));
    }

    @Test
    void aSideWithoutSecretAndASideWithOneRefuseEachOther() throws Exception {
        AuthHandshake none = side(null, true, null, hello("client", null));
        assertEquals(AuthHandshake.MODE_NONE, none.mode());
        AuthHandshake.Refused r = assertThrows(AuthHandshake.Refused.class,
                () -> none.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(2), hello("server", nonce(2)), false));
        assertTrue(r.getMessage().contains("MOBULA_SECRET"), r.getMessage());

        AuthHandshake server = side(SECRET, false, nonce(2), hello("server", nonce(2)));
        r = assertThrows(AuthHandshake.Refused.class,
                () -> server.onPeerHello(AuthHandshake.MODE_NONE, null, hello("client", null), false));
        assertTrue(r.getMessage().contains("does not authenticate"), r.getMessage());

        // neither side has a secret: done at the HELLO, as before authentication existed
        AuthHandshake open = side(null, false, null, hello("server", null));
        assertNull(open.onPeerHello(AuthHandshake.MODE_NONE, null, hello("client", null), false));
        assertTrue(open.done());
    }

    @Test
    void beforeAuthenticationOnlyAnAuthFrameIsTakenAndNothingElseOfAFrameIsRead() throws Exception {
        byte[] mac = new byte[AuthHandshake.MAC_LENGTH];
        Arrays.fill(mac, (byte) 7);
        ByteBuffer auth = AuthHandshake.authFrame(mac);
        assertEquals(RmiProtocol.AUTH_FRAME_LENGTH, auth.remaining());
        assertArrayEquals(mac, AuthHandshake.answerIn(auth));
        // calls, replies, DGC, upgrade offers, pings, the same frames with a type-descriptor trailer flag
        for (byte type : new byte[] {RmiProtocol.CALL, RmiProtocol.REPLY, RmiProtocol.DGC_DIRTY, RmiProtocol.DGC_CLEAN,
                RmiProtocol.UPGRADE, RmiProtocol.UPGRADE_ACK, RmiProtocol.PING, RmiProtocol.HELLO}) {
            for (int flags : new int[] {0, RmiProtocol.FLAG_TYPE_DEFS}) {
                ByteBuffer f = ByteBuffer.allocate(RmiProtocol.AUTH_FRAME_LENGTH);
                RmiHeader.write(f, 0, type, flags, 0, 0, 0, 0, 0);
                assertThrows(AuthHandshake.Refused.class, () -> AuthHandshake.answerIn(f), "type " + type);
            }
        }
        ByteBuffer longer = ByteBuffer.allocate(RmiProtocol.AUTH_FRAME_LENGTH + 8).put(0, RmiProtocol.AUTH);
        assertThrows(AuthHandshake.Refused.class, () -> AuthHandshake.answerIn(longer));
        assertThrows(AuthHandshake.Refused.class, () -> AuthHandshake.answerIn(ByteBuffer.allocate(0)));
    }

    @Test
    void framesOutOfTurnAreRefused() throws Exception {
        AuthHandshake a = side(SECRET, false, nonce(2), hello("server", nonce(2)));
        assertThrows(AuthHandshake.Refused.class, () -> a.onPeerAnswer(new byte[AuthHandshake.MAC_LENGTH]));
        AuthHandshake b = side(SECRET, false, nonce(2), hello("server", nonce(2)));
        b.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(1), hello("client", nonce(1)), false);
        assertThrows(AuthHandshake.Refused.class,
                () -> b.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, nonce(1), hello("client", nonce(1)), false));
        AuthHandshake c = side(SECRET, false, nonce(2), hello("server", nonce(2)));
        assertThrows(AuthHandshake.Refused.class,
                () -> c.onPeerHello(AuthHandshake.MODE_HMAC_SHA256, new byte[5], hello("client", null), false));
    }
}
