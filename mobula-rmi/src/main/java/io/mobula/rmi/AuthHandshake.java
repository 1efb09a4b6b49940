package io.mobula.rmi;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The mutual challenge-response of one connection (docs/SECURITY.md, docs/WIRE.md "Handshake"). Each side's HELLO
 * carries a fresh 32-byte nonce; then the connecting side answers, the accepting side checks that answer and only then
 * answers itself, and the connecting side checks it. An answer is
 * {@code HMAC-SHA256(secret, label | role | nonce of the connecting side | nonce of the accepting side | HELLO of the
 * answering side | HELLO of the other side)}, compared in constant time. So:
 * <ul>
 *   <li>an answer is valid on one connection only (both fresh nonces), so a captured one replayed later fails;</li>
 *   <li>it names the role of its author, so the accepting side's answer reflected back to it fails;</li>
 *   <li>it covers both HELLOs as sent, so a HELLO changed on the way (VM id, endpoints, byte order) fails, and a peer
 *       cannot use this process's answer on one connection as its own on another (it would have to present this
 *       process's HELLO, VM id included, which is refused);</li>
 *   <li>the accepting side says nothing derived from the secret to a peer that has not proved it knows it.</li>
 * </ul>
 * A side without a secret offers no authentication and accepts only a peer that offers none either; a side with a
 * secret accepts only a peer that completes the exchange. Not thread-safe: the receive thread drives it.
 */
final class AuthHandshake {
    static final int NONCE_LENGTH = 32;
    static final int MAC_LENGTH = 32;
    /** HELLO auth field: this side does not authenticate. */
    static final byte MODE_NONE = 0;
    /** HELLO auth field: a nonce follows and this side requires the HMAC-SHA256 exchange. */
    static final byte MODE_HMAC_SHA256 = 1;
    static final byte ROLE_CONNECTING = 1;
    static final byte ROLE_ACCEPTING = 2;
    private static final byte[] LABEL = "mobula-rmi cluster auth v1".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Why a peer is refused; the text goes to this process's log only, never to the peer. */
    static final class Refused extends Exception {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private enum State { AWAIT_HELLO, AWAIT_ANSWER, DONE, FAILED }

    private final ClusterSecret secret;
    private final boolean connecting;
    private final byte[] nonce;
    private byte[] helloSent;
    private byte[] peerHello;
    private byte[] peerNonce;
    private State state = State.AWAIT_HELLO;

    /**
     * @param secret     the cluster secret, or null for a process that does not authenticate
     * @param connecting whether this side opened the connection (else it accepted it)
     * @param nonce      this side's nonce ({@link #NONCE_LENGTH} bytes; ignored without a secret)
     */
    AuthHandshake(ClusterSecret secret, boolean connecting, byte[] nonce) {
        this.secret = secret;
        this.connecting = connecting;
        if (secret != null && (nonce == null || nonce.length != NONCE_LENGTH)) {
            throw new IllegalArgumentException("a nonce of " + NONCE_LENGTH + " bytes is needed");
        }
        this.nonce = secret == null ? null : nonce.clone();
    }

    /** A handshake with a fresh random nonce. */
    static AuthHandshake start(ClusterSecret secret, boolean connecting) {
        byte[] n = null;
        if (secret != null) {
            n = new byte[NONCE_LENGTH];
            RANDOM.nextBytes(n);
        }
        return new AuthHandshake(secret, connecting, n);
    }

    /** The HELLO auth field of this side. */
    byte mode() {
        return secret == null ? MODE_NONE : MODE_HMAC_SHA256;
    }

    /** This side's nonce (null without a secret). */
    byte[] nonce() {
        return nonce;
    }

    /** Whether this side opened the connection. */
    boolean connecting() {
        return connecting;
    }

    /** Records the HELLO this side sent, as it went on the wire (the frame's bytes). */
    void helloSent(byte[] hello) {
        helloSent = hello.clone();
    }

    /** Whether the handshake is over and succeeded: frames other than AUTH may flow. */
    boolean done() {
        return state == State.DONE;
    }

    /**
     * The peer's HELLO arrived (after this side's own was sent).
     *
     * @param peerMode     the peer's auth field
     * @param peerNonce    the peer's nonce (null if it sent none)
     * @param peerHello    the peer's HELLO frame, every byte as received
     * @param ownVmId      whether the peer's HELLO names this process's own VM id
     * @return the answer this side sends now (the connecting side's), or null
     * @throws Refused if the peer cannot be authenticated; the connection is to be dropped
     */
    byte[] onPeerHello(int peerMode, byte[] peerNonce, byte[] peerHello, boolean ownVmId) throws Refused {
        if (state != State.AWAIT_HELLO) {
            throw fail("a second HELLO");
        }
        if (secret == null) {
            if (peerMode != MODE_NONE) {
                throw fail("the peer requires cluster authentication and this process has no cluster secret (set "
                        + ClusterSecret.SECRET_ENV + ", " + ClusterSecret.FILE_ENV + " or -D"
                        + ClusterSecret.FILE_PROPERTY + ")");
            }
            state = State.DONE;
            return null;
        }
        if (peerMode != MODE_HMAC_SHA256) {
            throw fail(peerMode == MODE_NONE ? "the peer does not authenticate (it has no cluster secret)"
                    : "unknown authentication mode " + peerMode);
        }
        if (peerNonce == null || peerNonce.length != NONCE_LENGTH) {
            throw fail("bad nonce");
        }
        if (ownVmId) {
            throw fail("the peer presents this process's own VM id (a reflected HELLO)");
        }
        if (helloSent == null) {
            throw fail("this side's HELLO was not sent");
        }
        this.peerNonce = peerNonce.clone();
        this.peerHello = peerHello.clone();
        state = State.AWAIT_ANSWER;
        return connecting ? answer(secret.key(), ROLE_CONNECTING, nonce, this.peerNonce, helloSent, this.peerHello)
                : null;
    }

    /**
     * The peer's answer arrived: checked in constant time.
     *
     * @return the answer this side sends now (the accepting side's, once the peer has proved itself), or null
     * @throws Refused if the answer is wrong or unexpected
     */
    byte[] onPeerAnswer(byte[] mac) throws Refused {
        if (state != State.AWAIT_ANSWER) {
            throw fail("an AUTH frame out of turn");
        }
        byte[] nc = connecting ? nonce : peerNonce;
        byte[] na = connecting ? peerNonce : nonce;
        byte peerRole = connecting ? ROLE_ACCEPTING : ROLE_CONNECTING;
        byte[] expected = answer(secret.key(), peerRole, nc, na, peerHello, helloSent);
        if (mac == null || !MessageDigest.isEqual(expected, mac)) {
            throw fail("wrong answer to the challenge (another cluster secret, or a replayed answer)");
        }
        state = State.DONE;
        return connecting ? null : answer(secret.key(), ROLE_ACCEPTING, nc, na, helloSent, peerHello);
    }

    /** The AUTH frame carrying {@code mac}: the RMI header with type AUTH and every other field zero, then the answer. */
    static ByteBuffer authFrame(byte[] mac) {
        ByteBuffer f = ByteBuffer.allocate(RmiProtocol.AUTH_FRAME_LENGTH);
        return RmiHeader.write(f, 0, RmiProtocol.AUTH, 0, 0, 0, 0, 0, 0).put(RmiHeader.LENGTH, mac);
    }

    /**
     * The answer an AUTH frame carries.
     *
     * @throws Refused if {@code frame} is anything else (a call, a DGC or upgrade frame, ...), before any of it is read
     */
    static byte[] answerIn(ByteBuffer frame) throws Refused {
        int at = frame.position();
        if (frame.remaining() != RmiProtocol.AUTH_FRAME_LENGTH || RmiHeader.typeOf(frame) != RmiProtocol.AUTH) {
            throw new Refused("a frame of type " + (frame.remaining() > 0 ? frame.get(at)
                    : "(empty)") + " and " + frame.remaining() + " bytes before authentication");
        }
        byte[] mac = new byte[MAC_LENGTH];
        frame.get(at + RmiHeader.LENGTH, mac);
        return mac;
    }

    private Refused fail(String why) {
        state = State.FAILED;
        return new Refused(why);
    }

    /**
     * {@code HMAC-SHA256(key, label | role | nonceConnecting | nonceAccepting | len helloOfAuthor | helloOfAuthor |
     * len helloOfOther | helloOfOther)}, lengths as big-endian 32-bit integers.
     */
    static byte[] answer(byte[] key, byte role, byte[] nonceConnecting, byte[] nonceAccepting, byte[] helloOfAuthor,
                         byte[] helloOfOther) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(LABEL);
            mac.update(role);
            mac.update(nonceConnecting);
            mac.update(nonceAccepting);
            mac.update(ByteBuffer.allocate(4).putInt(0, helloOfAuthor.length));
            mac.update(helloOfAuthor);
            mac.update(ByteBuffer.allocate(4).putInt(0, helloOfOther.length));
            mac.update(helloOfOther);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e); // every Java SE platform has it
        }
    }
}
