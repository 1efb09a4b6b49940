package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Self-contained messages ({@link Serialization#toBytes}, {@link Serialization#fromBytes}: GMI and RepMI send nothing
 * else) name their classes in every message. What a writer and a reader learn about a class is kept from one message
 * to the next, without changing what travels or what a reader accepts.
 */
class SelfContainedMessagesTest {

    static final class Point implements Serializable {
        int x;
        int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    /** A serializer for Point with a chosen layout hash, counting how often the hash is asked for. */
    static final class PointSerializer implements Serializer<Point> {
        final AtomicInteger fingerprints = new AtomicInteger();
        private final long fingerprint;

        PointSerializer(long fingerprint) {
            this.fingerprint = fingerprint;
        }

        @Override
        public Class<Point> type() {
            return Point.class;
        }

        @Override
        public long fingerprint() {
            fingerprints.incrementAndGet();
            return fingerprint;
        }

        @Override
        public void write(SerialWriter out, Point p) throws IOException {
            out.writeInt(p.x);
            out.writeInt(p.y);
        }

        @Override
        public Point read(SerialReader in) throws IOException {
            return new Point(in.readInt(), in.readInt());
        }
    }

    private static Serialization with(PointSerializer s) {
        return Serialization.builder().register(s).classFilter(ClassFilter.builder().allow("io.mobula.serial.**")
                .build()).build();
    }

    @Test
    void aWriterDescribesAClassOnceForAllItsMessages() throws Exception {
        PointSerializer s = new PointSerializer(42);
        Serialization ser = with(s);
        byte[] first = ser.toBytes(new Point(1, 2));
        for (int i = 0; i < 200; i++) {
            assertArrayEquals(first, ser.toBytes(new Point(1, 2)), "message " + i + " differs from the first");
        }
        // each message still carries the descriptor (it is self-contained), but the serializer's layout hash is
        // asked for once by the writer: before, it was asked for in every message
        assertEquals(1, s.fingerprints.get(), "fingerprint() calls by the writer");
    }

    @Test
    void aReaderAcceptsANameOnceButStillChecksItsLayoutInEveryMessage() throws Exception {
        PointSerializer mine = new PointSerializer(42);
        Serialization reader = with(mine);
        Serialization same = with(new PointSerializer(42));
        Serialization other = with(new PointSerializer(43));
        for (int i = 0; i < 50; i++) {
            Point p = (Point) reader.fromBytes(same.toBytes(new Point(i, -i)));
            assertEquals(i, p.x);
            assertEquals(-i, p.y);
        }
        assertEquals(1, mine.fingerprints.get(), "the reader resolved the class once for 50 messages");
        // the name is known by now; a message whose layout hash differs must still be refused
        SerialException e = assertThrows(SerialException.class, () -> reader.fromBytes(other.toBytes(new Point(7, 8))));
        assertTrue(e.getMessage().contains("fingerprint mismatch"), e.getMessage());
        assertEquals(3, ((Point) reader.fromBytes(same.toBytes(new Point(3, 4)))).x, "the reader goes on afterwards");
    }

    @Test
    void aRefusedNameIsRefusedInEveryMessage() throws Exception {
        Serialization writer = with(new PointSerializer(42));
        Serialization strict = Serialization.builder().register(new PointSerializer(42))
                .classFilter(ClassFilter.builder().deny("io.mobula.serial.SelfContainedMessagesTest*").build())
                .build();
        byte[] msg = writer.toBytes(new Point(1, 2));
        for (int i = 0; i < 3; i++) {
            SerialException e = assertThrows(SerialException.class, () -> strict.fromBytes(msg));
            assertTrue(e.getMessage().contains("refused by the class filter"), e.getMessage());
        }
    }
}
