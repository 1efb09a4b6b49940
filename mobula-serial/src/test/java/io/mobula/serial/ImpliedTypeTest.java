package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Objects;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * References whose declared type is a final class travel without a type id once the writer has described the class
 * (the IMPLIED tag, {@link SerialWriter#writeFinal}); sharing, cycles, null and enums behave as with
 * {@link SerialWriter#writeObject}, and malformed IMPLIED input fails with a {@link SerialException}.
 */
class ImpliedTypeTest {
    enum Color { RED, GREEN, BLUE }

    record Point(int x, int y) implements Serializable {}

    static final class Leaf implements Serializable {
        int v;
        String s;
        Leaf next; // final declared type: a cycle through it must survive

        Leaf(int v, String s) {
            this.v = v;
            this.s = s;
        }
    }

    /** Not final: declared fields of this type keep the polymorphic encoding. */
    static class Open implements Serializable {
        int v;
    }

    static final class Holder implements Serializable {
        Leaf a;
        Leaf b;
        Color c1;
        Color c2;
        Point p;
        Integer boxed1;
        Integer boxed2;
        Long none;
        Object any;
        Open open;
        Point[] points;
    }

    private static final Serialization S = Serialization.builder()
            .classLoader(ImpliedTypeTest.class.getClassLoader()).build();

    private static Object roundTrip(SerialWriter w, SerialReader r, Object o) throws Exception {
        return PeerMessages.roundTrip(w, r, o);
    }

    private static Holder sample() {
        Holder h = new Holder();
        Leaf shared = new Leaf(7, "grüß \u4e16\u754c \ud83d\ude00"); // not Latin-1
        shared.next = shared;
        h.a = shared;
        h.b = shared;
        h.c1 = Color.BLUE;
        h.c2 = Color.BLUE;
        h.p = new Point(1, 2);
        h.boxed1 = 123_456;
        h.boxed2 = h.boxed1;
        h.any = new Leaf(8, null); // a non-final declared type holding a final class
        h.open = new Open();
        h.open.v = 9;
        h.points = new Point[] {h.p, null, new Point(3, 4), h.p};
        return h;
    }

    private static void assertSampleCopy(Holder h, Holder c) {
        assertNotSame(h, c);
        assertSame(c.a, c.b, "a shared object stays one object");
        assertSame(c.a, c.a.next, "a cycle through a final declared type");
        assertEquals(h.a.s, c.a.s);
        assertEquals(7, c.a.v);
        assertSame(Color.BLUE, c.c1);
        assertSame(Color.BLUE, c.c2);
        assertEquals(h.p, c.p);
        assertEquals(h.boxed1, c.boxed1);
        assertSame(c.boxed1, c.boxed2, "a shared boxed value stays one object");
        assertNull(c.none);
        assertEquals(8, ((Leaf) c.any).v);
        assertNull(((Leaf) c.any).s);
        assertEquals(9, c.open.v);
        assertArrayEquals(h.points, c.points);
        assertSame(c.p, c.points[0], "array elements share with fields");
        assertSame(c.p, c.points[3]);
    }

    @Test
    void peerStreamsKeepSharingCyclesAndEnumsOnceTypesAreImplied() throws Exception {
        SerialWriter w = S.newPeerWriter();
        SerialReader r = S.newReader();
        Holder h = sample();
        for (int i = 0; i < 3; i++) { // the first message describes the types, the later ones imply them
            assertSampleCopy(h, (Holder) roundTrip(w, r, h));
        }
    }

    @Test
    void inlineStreamsAndStandaloneMessagesRoundTrip() throws Exception {
        SerialWriter w = S.newWriter();
        SerialReader r = S.newReader();
        Holder h = sample();
        assertSampleCopy(h, (Holder) roundTrip(w, r, h));
        assertSampleCopy(h, (Holder) roundTrip(w, r, h));
        assertSampleCopy(h, (Holder) S.fromBytes(S.toBytes(h)));
    }

    @Test
    void aDescribedFinalClassIsWrittenWithoutTypeIdAndAnEnumAsItsOrdinal() throws Exception {
        SerialWriter w = S.newWriter();
        w.beginMessage();
        w.writeFinal(new Point(1, 2), Point.class);
        w.writeFinal(Color.GREEN, Color.class);
        assertEquals(WireFormat.TAG_TYPE_DEF, w.buffer().get(0), "the first use carries the descriptor");
        w.beginMessage();
        w.writeFinal(new Point(1, 2), Point.class);
        w.writeFinal(Color.GREEN, Color.class);
        w.writeFinal(null, Point.class);
        ByteBuffer b = w.buffer();
        assertEquals(WireFormat.TAG_IMPLIED, b.get(0));
        assertEquals(WireFormat.TAG_IMPLIED, b.get(9), "after the tag and the record's two ints");
        assertEquals(1, b.get(10), "GREEN's ordinal, no handle");
        assertEquals(WireFormat.TAG_NULL, b.get(11));
        assertEquals(12, w.size());
    }

    @Test
    void boxedPrimitivesNeedNoDescriptor() throws Exception {
        SerialWriter w = S.newWriter();
        SerialReader r = S.newReader();
        w.beginMessage();
        w.writeFinal(42, Integer.class);
        w.writeFinal(2.5d, Double.class);
        assertEquals(WireFormat.TAG_IMPLIED, w.buffer().get(0));
        r.beginMessage(w.buffer());
        assertEquals(42, r.readObject(Integer.class));
        assertEquals(2.5d, r.readObject(Double.class));
    }

    // ---- hostile input --------------------------------------------------------------------------------------

    private static SerialException readFails(byte[] bytes, Class<?> expected) {
        SerialReader r = S.newReader();
        r.beginMessage(ByteBuffer.wrap(bytes));
        return assertThrows(SerialException.class, () -> {
            if (expected == null) {
                r.readObject();
            } else {
                r.readObject(expected);
            }
        });
    }

    private static void assertMessage(SerialException e, String part) {
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void impliedWithoutDeclaredTypeFails() {
        assertMessage(readFails(new byte[] {WireFormat.TAG_IMPLIED, 1}, null), "no declared type");
    }

    @Test
    void impliedForNonFinalDeclaredTypeFails() {
        assertMessage(readFails(new byte[] {WireFormat.TAG_IMPLIED, 1}, Open.class), "not a final class");
        assertMessage(readFails(new byte[] {WireFormat.TAG_IMPLIED, 1}, Object.class), "not a final class");
        assertMessage(readFails(new byte[] {WireFormat.TAG_IMPLIED, 0}, Point[].class), "not a final class");
    }

    @Test
    void impliedBeforeAnyDescriptorFails() {
        // the class filter and the fingerprint check never saw this class: refuse it
        assertMessage(readFails(new byte[] {WireFormat.TAG_IMPLIED, 0, 0, 0, 1, 0, 0, 0, 2}, Point.class),
                "before any accepted descriptor");
        assertMessage(readFails(new byte[] {WireFormat.TAG_IMPLIED, 1}, Color.class), "before any accepted descriptor");
    }

    @Test
    void impliedEnumOrdinalIsChecked() throws Exception {
        SerialWriter w = S.newWriter();
        SerialReader r = S.newReader();
        roundTrip(w, r, Color.RED); // describes Color to the reader
        r.beginMessage(ByteBuffer.wrap(new byte[] {WireFormat.TAG_IMPLIED, 3}));
        assertMessage(assertThrows(SerialException.class, () -> r.readObject(Color.class)), "bad ordinal");
        r.beginMessage(ByteBuffer.wrap(new byte[] {WireFormat.TAG_IMPLIED, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                (byte) 0xFF, 0x0F}));
        assertThrows(SerialException.class, () -> r.readObject(Color.class));
        r.beginMessage(ByteBuffer.wrap(new byte[] {WireFormat.TAG_IMPLIED}));
        assertMessage(assertThrows(SerialException.class, () -> r.readObject(Color.class)), "truncated");
    }

    @Test
    void truncatedImpliedBodyFails() throws Exception {
        SerialWriter w = S.newWriter();
        SerialReader r = S.newReader();
        roundTrip(w, r, new Point(0, 0));
        r.beginMessage(ByteBuffer.wrap(new byte[] {WireFormat.TAG_IMPLIED, 0, 0}));
        assertMessage(assertThrows(SerialException.class, () -> r.readObject(Point.class)), "truncated");
    }

    @Test
    void versionOneStandaloneMessagesStillDecode() throws Exception {
        byte[] bytes = S.toBytes(new Point(5, 6));
        assertEquals(WireFormat.VERSION, bytes[2]);
        bytes[2] = 1; // a record as root has no implied reference: the version 1 bytes are the same
        assertEquals(new Point(5, 6), S.fromBytes(bytes));
        bytes[2] = (byte) (WireFormat.VERSION + 1);
        assertMessage(assertThrows(SerialException.class, () -> S.fromBytes(bytes)), "unsupported wire version");
    }

    // ---- properties -----------------------------------------------------------------------------------------

    record Mixed(Point p, Color c, Integer i, String s, Leaf leaf) implements Serializable {}

    @Property(tries = 200, seed = "11")
    void finalDeclaredTypesRoundTripAcrossMessages(@ForAll int x, @ForAll int y, @ForAll Color c,
            @ForAll Integer i, @ForAll String s, @ForAll boolean share, @ForAll boolean nulls) throws Exception {
        SerialWriter w = S.newPeerWriter();
        SerialReader r = S.newReader();
        for (int round = 0; round < 2; round++) {
            Leaf leaf = new Leaf(x, s);
            leaf.next = share ? leaf : null;
            Mixed m = nulls ? new Mixed(null, null, null, null, null) : new Mixed(new Point(x, y), c, i, s, leaf);
            Mixed back = (Mixed) roundTrip(w, r, m);
            assertEquals(m.p(), back.p());
            assertSame(m.c(), back.c());
            assertEquals(m.i(), back.i());
            assertEquals(m.s(), back.s());
            if (nulls) {
                assertNull(back.leaf());
            } else {
                assertEquals(x, back.leaf().v);
                assertEquals(s, back.leaf().s);
                assertTrue(share ? back.leaf().next == back.leaf() : back.leaf().next == null);
                assertTrue(Objects.equals(m.s(), back.leaf().s));
            }
        }
    }
}
