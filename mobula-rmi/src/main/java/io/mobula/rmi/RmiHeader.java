package io.mobula.rmi;

import io.mobula.serial.SerialWriter;
import java.nio.ByteBuffer;

/**
 * The fixed header every Mobula RMI frame but HELLO starts with, written in the sender's byte order (announced once in
 * the HELLO; the receiver makes right, thesis 3.3.2). This class owns the layout: senders write it with
 * {@link #write}, receivers read it through a flyweight {@link #wrap wrapped} around the frame; nothing else knows
 * the offsets.
 *
 * <pre>
 *   0       1       2               4                               8
 *   +-------+-------+---------------+-------------------------------+
 *   | type  | flags |  reserved     |           call id             |
 *   +-------+-------+---------------+-------------------------------+
 *   |                          object id                            |
 *   +---------------------------------------------------------------+
 *   |                        interface hash                         |
 *   +-------------------------------+-------------------------------+
 *   |          method id            |   sequence (causal clock)     |
 *   +-------------------------------+-------------------------------+
 *   |  payload: arguments, result or exception (mobula-serial) ...
 * </pre>
 *
 * The interface hash travels with every call so a client and server that disagree on an interface fail with a clear
 * error instead of running the wrong method. The method id field carries the error code of a
 * {@link RmiProtocol#REPLY_ERROR} and the status of an {@link RmiProtocol#UPGRADE_ACK}. The sequence is the sender's
 * RepMI causal clock (docs/WIRE.md, "Frames").
 *
 * <p>A flyweight is used by one receiving thread at a time (the connection's receive role); it reads the frame's
 * bytes in place and holds no copy.
 */
final class RmiHeader {
    static final int LENGTH = 32;
    static final int TYPE_OFFSET = 0;
    static final int FLAGS_OFFSET = 1;
    static final int CALL_ID_OFFSET = 4;
    static final int OBJECT_ID_OFFSET = 8;
    static final int INTERFACE_HASH_OFFSET = 16;
    static final int METHOD_ID_OFFSET = 24;
    static final int SEQUENCE_OFFSET = 28;

    private ByteBuffer frame;
    private int base;

    /**
     * Points this flyweight at the header starting at {@code frame}'s position, read in {@code frame}'s byte order,
     * and moves the position past it.
     *
     * @return false (and nothing moves) if the frame is shorter than a header
     */
    boolean wrap(ByteBuffer frame) {
        if (frame.remaining() < LENGTH) {
            return false;
        }
        this.frame = frame;
        this.base = frame.position();
        frame.position(base + LENGTH);
        return true;
    }

    byte type() {
        return frame.get(base + TYPE_OFFSET);
    }

    int flags() {
        return frame.get(base + FLAGS_OFFSET);
    }

    int callId() {
        return frame.getInt(base + CALL_ID_OFFSET);
    }

    long objectId() {
        return frame.getLong(base + OBJECT_ID_OFFSET);
    }

    long interfaceHash() {
        return frame.getLong(base + INTERFACE_HASH_OFFSET);
    }

    int methodId() {
        return frame.getInt(base + METHOD_ID_OFFSET);
    }

    int sequence() {
        return frame.getInt(base + SEQUENCE_OFFSET);
    }

    /** Writes a header into the {@link #LENGTH} bytes {@code writer} reserved at {@code at}, in its byte order. */
    static void write(SerialWriter writer, int at, byte type, int flags, int callId, long objectId, long interfaceHash,
                      int methodId, int sequence) {
        writer.putByteAt(at + TYPE_OFFSET, type);
        writer.putByteAt(at + FLAGS_OFFSET, (byte) flags);
        writer.putIntAt(at + CALL_ID_OFFSET, callId);
        writer.putLongAt(at + OBJECT_ID_OFFSET, objectId);
        writer.putLongAt(at + INTERFACE_HASH_OFFSET, interfaceHash);
        writer.putIntAt(at + METHOD_ID_OFFSET, methodId);
        writer.putIntAt(at + SEQUENCE_OFFSET, sequence);
    }

    /**
     * Writes a header at {@code buffer}'s absolute index {@code at}, in the buffer's byte order (frames built without
     * a serial writer: the handshake's AUTH frame, test peers).
     */
    static ByteBuffer write(ByteBuffer buffer, int at, byte type, int flags, int callId, long objectId,
                            long interfaceHash, int methodId, int sequence) {
        return buffer.put(at + TYPE_OFFSET, type).put(at + FLAGS_OFFSET, (byte) flags)
                .putShort(at + FLAGS_OFFSET + 1, (short) 0).putInt(at + CALL_ID_OFFSET, callId)
                .putLong(at + OBJECT_ID_OFFSET, objectId).putLong(at + INTERFACE_HASH_OFFSET, interfaceHash)
                .putInt(at + METHOD_ID_OFFSET, methodId).putInt(at + SEQUENCE_OFFSET, sequence);
    }

    /** The type of the frame at {@code frame}'s position, or -1 if it is shorter than a header. */
    static int typeOf(ByteBuffer frame) {
        return frame.remaining() < LENGTH ? -1 : frame.get(frame.position() + TYPE_OFFSET);
    }
}
