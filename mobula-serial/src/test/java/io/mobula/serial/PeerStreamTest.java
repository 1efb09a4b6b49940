package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Peer writers put type descriptors in a trailer: a message the reader cannot decode fails alone, and the type
 * tables stay in step for the messages after it.
 */
class PeerStreamTest {
    record Good(int v) implements Serializable {}

    record Refused(int v) implements Serializable {}

    /** The writer side allows everything; the reader side refuses {@link Refused}. */
    private static final Serialization WRITE = Serialization.builder()
            .classLoader(PeerStreamTest.class.getClassLoader()).build();
    private static final Serialization READ = Serialization.builder()
            .classLoader(PeerStreamTest.class.getClassLoader())
            .classFilter(ClassFilter.builder().deny(Refused.class.getName()).build()).build();

    private record Message(ByteBuffer bytes, boolean trailer) {}

    private static Message send(SerialWriter w, Object... objects) throws Exception {
        w.beginMessage();
        for (Object o : objects) {
            w.writeObject(o);
        }
        boolean trailer = w.endMessage();
        ByteBuffer b = w.buffer();
        ByteBuffer copy = ByteBuffer.allocate(b.remaining()).order(w.byteOrder());
        copy.put(b).flip();
        return new Message(copy, trailer);
    }

    @Test
    void aRefusedClassFailsOnlyTheObjectsThatNeedIt() throws Exception {
        SerialWriter w = WRITE.newPeerWriter();
        SerialReader r = READ.newReader();
        // the refused object comes first, so decoding stops before Good's first use in the body
        Message m1 = send(w, List.of(new Refused(1), new Good(2)));
        assertTrue(m1.trailer());
        r.beginMessage(m1.bytes(), true);
        SerialException e = assertThrows(SerialException.class, r::readObject);
        assertTrue(e.getMessage().contains("refused by the class filter"), e.getMessage());

        // Good was defined by the failed message only: the reader still knows it
        Message m2 = send(w, new Good(3));
        assertFalse(m2.trailer(), "no new type in the second message");
        r.beginMessage(m2.bytes(), false);
        assertEquals(new Good(3), r.readObject());

        // and the refused class keeps failing alone, with its reason
        Message m3 = send(w, new Refused(4));
        r.beginMessage(m3.bytes(), m3.trailer());
        e = assertThrows(SerialException.class, r::readObject);
        assertTrue(e.getMessage().contains(Refused.class.getName()), e.getMessage());
    }

    @Test
    void descriptorsAreSentOnceAndOnlyInTheTrailer() throws Exception {
        SerialWriter w = WRITE.newPeerWriter();
        SerialReader r = READ.newReader();
        Message m1 = send(w, new Good(1));
        Message m2 = send(w, new Good(2));
        assertTrue(m1.trailer());
        assertFalse(m2.trailer());
        String name = Good.class.getName();
        // trailer: varint id (2 bytes for id >= 128) + string (1-byte length + Latin-1) + fingerprint + offset
        assertEquals(m2.bytes().remaining() + 2 + 1 + name.length() + 8 + 4, m1.bytes().remaining());
        assertEquals(WireFormat.TAG_NEW, m1.bytes().get(0), "no inline descriptor");
        r.beginMessage(m1.bytes(), true);
        assertEquals(new Good(1), r.readObject());
        assertEquals(0, r.remaining(), "the trailer is not part of the body");
        r.beginMessage(m2.bytes(), false);
        assertEquals(new Good(2), r.readObject());
    }

    @Test
    void anAbortedMessageDefinesItsTypesAgain() throws Exception {
        SerialWriter w = WRITE.newPeerWriter();
        SerialReader r = READ.newReader();
        w.beginMessage();
        w.writeObject(new Good(1));
        w.abortMessage(); // never sent
        Message m = send(w, new Good(2));
        assertTrue(m.trailer(), "the descriptor travels with the first message that reaches the peer");
        r.beginMessage(m.bytes(), true);
        assertEquals(new Good(2), r.readObject());
    }

    @Test
    void malformedTrailersAreRefused() throws Exception {
        SerialWriter w = WRITE.newPeerWriter();
        Message m = send(w, new Good(1));
        int n = m.bytes().remaining();
        for (int bad : new int[] {-1, 0, n - 3, n, Integer.MAX_VALUE}) {
            ByteBuffer b = ByteBuffer.allocate(n).order(m.bytes().order());
            b.put(m.bytes().duplicate()).flip();
            b.putInt(n - 4, bad);
            assertThrows(SerialException.class, () -> READ.newReader().beginMessage(b, true), "offset " + bad);
        }
        assertThrows(SerialException.class,
                () -> READ.newReader().beginMessage(ByteBuffer.allocate(3), true), "shorter than the offset");
        // a descriptor cut short
        ByteBuffer cut = ByteBuffer.allocate(n).order(m.bytes().order());
        cut.put(m.bytes().duplicate()).flip();
        cut.putInt(n - 4, 3);
        assertThrows(SerialException.class, () -> READ.newReader().beginMessage(cut, true));
    }

    @Test
    void aLargeMessageDoesNotPinItsBuffer() throws Exception {
        SerialWriter w = WRITE.newPeerWriter();
        w.beginMessage();
        w.writeObject(new byte[8 << 20]);
        assertTrue(w.capacity() >= 8 << 20);
        for (int i = 0; i <= SerialWriter.SHRINK_AFTER_MESSAGES; i++) {
            w.beginMessage();
            w.writeObject(new Good(i));
        }
        assertTrue(w.capacity() <= SerialWriter.RETAINED_BUFFER, "capacity " + w.capacity());
    }
}
