package io.mobula.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import io.mobula.serial.Serialization;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The reader of a peer stream (one per RMI connection): a sequence of messages on one {@link SerialReader}, whose
 * type table persists from message to message; a message may end with a type-descriptor trailer
 * ({@code beginMessage(buf, true)}, docs/WIRE.md). As RMI does, a malformed trailer ends the stream (a protocol
 * error) and a body that does not decode fails alone. Property: only {@link SerialException}, never because memory
 * or stack ran out.
 *
 * <p>Input: messages, each {@code flags (1: bit 0 trailer, bit 1 little endian), length (2, big endian), bytes}.
 */
class PeerStreamFuzzTest {
    static final Serialization SERIALIZATION = Serialization.defaults();
    private static final int MAX_MESSAGES = 32;
    private static final int MAX_OBJECTS = 16;

    @FuzzTest
    void messages(byte[] input) throws IOException {
        SerialReader reader = SERIALIZATION.newReader();
        ByteBuffer in = ByteBuffer.wrap(input);
        for (int m = 0; m < MAX_MESSAGES && in.remaining() >= 3; m++) {
            int flags = in.get();
            int len = Math.min(in.getShort() & 0xffff, in.remaining());
            ByteBuffer message = in.slice(in.position(), len)
                    .order((flags & 2) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
            in.position(in.position() + len);
            try {
                reader.beginMessage(message, (flags & 1) != 0);
            } catch (SerialException e) {
                Oracle.serial(e);
                return; // a protocol error: the connection ends
            }
            try {
                for (int i = 0; i < MAX_OBJECTS && reader.remaining() > 0; i++) {
                    reader.readObject();
                }
            } catch (SerialException e) {
                Oracle.serial(e);
            }
        }
    }
}
