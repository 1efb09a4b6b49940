package io.mobula.rmi;

/**
 * The frame types, flags, error codes and HELLO contents of Mobula RMI. Every frame but HELLO starts with the fixed
 * header laid out in {@link RmiHeader}. HELLO carries no header: its first byte is the byte-order flag so the peer can
 * read the rest. Between the HELLOs and the end of the cluster authentication handshake only {@link #AUTH} frames are
 * accepted (docs/WIRE.md, "Handshake").
 */
final class RmiProtocol {
    private RmiProtocol() {
    }

    // frame types
    static final byte HELLO = 1;
    static final byte CALL = 2;
    static final byte REPLY = 3;          // payload: result
    static final byte REPLY_THROWN = 4;   // payload: the Throwable the method threw
    static final byte REPLY_ERROR = 5;    // payload: a String; the call failed in the runtime (no such object, ...)
    static final byte DGC_DIRTY = 6;      // object id; lease requested or renewed
    static final byte DGC_CLEAN = 7;      // object id; the peer holds no more stubs
    // upgrade to shared memory (sent over TCP only; see PeerUpgrade): the peer with the smaller VM id offers
    static final byte UPGRADE = 8;        // payload: segment file name (string)
    static final byte UPGRADE_ACK = 9;    // method id field: 0 accepted (now sending over shm), else refused; payload: reason
    static final byte UPGRADE_DONE = 10;  // the offering side's last TCP frame; it sends over shm from now on
    // liveness: a peer silent for a heartbeat interval is pinged; one silent for the peer timeout is dropped
    static final byte PING = 11;
    static final byte PONG = 12;
    // cluster authentication (AuthHandshake): the only frame accepted between the HELLOs and the end of the
    // handshake; header fields other than the type are zero
    static final byte AUTH = 13;          // payload: the 32-byte HMAC-SHA256 answer
    static final int AUTH_FRAME_LENGTH = RmiHeader.LENGTH + AuthHandshake.MAC_LENGTH;

    /**
     * The largest frame a peer may send before the handshake is done (HELLO and AUTH;
     * {@code TransportOptions.handshakeFrameSize}): a HELLO is about 144 bytes with a few endpoints, 16 endpoints of
     * 253-character host names stay below 4.5 KiB, an AUTH frame is {@link #AUTH_FRAME_LENGTH} bytes.
     */
    static final int HANDSHAKE_FRAME_LIMIT = 8 << 10;

    // flags (any frame type)
    static final int FLAG_ONE_WAY = 1;    // CALL: no reply
    static final int FLAG_TYPE_DEFS = 2;  // the payload ends with a type-descriptor trailer (docs/WIRE.md)

    // error codes of REPLY_ERROR, in the method id field; the payload is the message (a string value), and for
    // ERROR_UNMARSHAL_ARGUMENTS and ERROR_MARSHAL_RESULT then the java.io exception java.rmi's stream would have
    // thrown (NotSerializableException, InvalidClassException, ...; an object, or null)
    static final int ERROR_NO_SUCH_OBJECT = 1;
    static final int ERROR_INTERFACE_MISMATCH = 2;
    static final int ERROR_BAD_METHOD = 3;
    static final int ERROR_UNMARSHAL_ARGUMENTS = 4;
    static final int ERROR_MARSHAL_RESULT = 5;

    // HELLO payload: order flag (1 byte: 0 little, 1 big), magic, version, vm id, endpoint list, auth mode (1 byte:
    // AuthHandshake.MODE_*), then for MODE_HMAC_SHA256 a 32-byte nonce
    static final int MAGIC = 0x4d4f4231; // "MOB1"
    // 2: the auth mode and nonce in HELLO, the AUTH frame; 3: serialization writes TAG_IMPLIED (wire version 2), which
    // a version 2 peer cannot decode; 4: serialization writes TAG_LIST (wire version 3), which a version 3 peer cannot
    // decode
    static final int VERSION = 4;
}
