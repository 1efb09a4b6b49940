package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;

/** Round trips of one object as one message of a peer stream (type trailer included), for tests. */
final class PeerMessages {
    private PeerMessages() {
    }

    /** Writes {@code o} as one message with {@code w}, reads it back with {@code r}, and checks nothing is left. */
    static Object roundTrip(SerialWriter w, SerialReader r, Object o) throws Exception {
        w.beginMessage();
        w.writeObject(o);
        boolean trailer = w.endMessage();
        ByteBuffer b = w.buffer();
        ByteBuffer copy = ByteBuffer.allocate(b.remaining()).order(w.byteOrder());
        copy.put(b).flip();
        r.beginMessage(copy, trailer);
        Object back = r.readObject();
        assertEquals(0, r.remaining(), "the reader consumed the whole message");
        return back;
    }
}
