package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Writer/reader pairs as the RMI layer uses them: one per peer, many messages. */
class StreamTest {
    static final Serialization SER = RoundTripTest.SER;

    static final class Payload implements Serializable {
        int a;
        String s;

        Payload(int a, String s) {
            this.a = a;
            this.s = s;
        }
    }

    private static ByteBuffer send(SerialWriter w, Object o) throws Exception {
        w.beginMessage();
        w.writeObject(o);
        ByteBuffer b = w.buffer();
        ByteBuffer copy = ByteBuffer.allocate(b.remaining()).order(w.byteOrder());
        copy.put(b).flip();
        return copy;
    }

    @Test
    void typeDescriptorIsSentOncePerWriter() throws Exception {
        SerialWriter w = SER.newWriter();
        SerialReader r = SER.newReader();
        ByteBuffer m1 = send(w, new Payload(1, "x"));
        ByteBuffer m2 = send(w, new Payload(2, "x"));
        String name = Payload.class.getName();
        // TYPE_DEF and NEW both carry tag + id; the descriptor adds name (1-byte length + Latin-1) + fingerprint
        int descriptor = 1 + name.length() + 8;
        assertEquals(m2.remaining() + descriptor, m1.remaining(), "second message carries no TYPE_DEF");
        assertEquals(WireFormat.TAG_TYPE_DEF, m1.get(0));
        assertEquals(WireFormat.TAG_NEW, m2.get(0));
        r.beginMessage(m1);
        assertEquals(1, ((Payload) r.readObject()).a);
        r.beginMessage(m2);
        assertEquals(2, ((Payload) r.readObject()).a);
        // a fresh reader does not know the id
        SerialReader fresh = SER.newReader();
        fresh.beginMessage(m2.rewind());
        SerialException e = assertThrows(SerialException.class, fresh::readObject);
        assertTrue(e.getMessage().contains("unknown type id"), e.getMessage());
    }

    @Test
    void handlesResetPerMessageCopySemantics() throws Exception {
        SerialWriter w = SER.newWriter();
        SerialReader r = SER.newReader();
        Payload p = new Payload(5, "p");
        r.beginMessage(send(w, p));
        Object first = r.readObject();
        ByteBuffer m2 = send(w, p);
        r.beginMessage(m2);
        Object second = r.readObject();
        assertNotSame(first, second, "each message is a fresh copy");
        // within one message sharing holds
        w.beginMessage();
        w.writeObject(p);
        w.writeObject(p);
        r.beginMessage(w.buffer());
        assertSame(r.readObject(), r.readObject());
    }

    @Test
    void abortedMessageRedefinesItsTypes() throws Exception {
        SerialWriter w = SER.newWriter();
        SerialReader r = SER.newReader();
        w.beginMessage();
        w.writeObject(new Payload(1, "lost"));
        w.abortMessage(); // never sent
        ByteBuffer m = send(w, new Payload(2, "kept"));
        assertEquals(WireFormat.TAG_TYPE_DEF, m.get(0));
        r.beginMessage(m);
        assertEquals("kept", ((Payload) r.readObject()).s);
    }

    @Test
    void reservedHeaderFilledLater() throws Exception {
        SerialWriter w = SER.newWriter();
        w.beginMessage();
        int at = w.reserve(12);
        w.writeString("body");
        w.writeIntArray(new int[] {1, 2, 3});
        w.putIntAt(at, w.size());
        w.putLongAt(at + 4, 0x1122334455667788L);
        ByteBuffer b = w.buffer();
        assertEquals(0, b.position());
        assertEquals(w.size(), b.getInt(0));
        assertEquals(0x1122334455667788L, b.getLong(4));
        SerialReader r = SER.newReader();
        r.beginMessage(b.position(12));
        assertEquals("body", r.readString());
        assertArrayEquals(new int[] {1, 2, 3}, r.readIntArray());
        assertEquals(0, r.remaining());
        assertThrows(IndexOutOfBoundsException.class, () -> w.putIntAt(w.size() - 2, 1));
    }

    @Test
    void everyPrimitiveAndArrayMethodMirrorsInBothOrders() throws Exception {
        for (ByteOrder o : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
            SerialWriter w = Serialization.builder().byteOrder(o).build().newWriter();
            assertEquals(o, w.byteOrder());
            w.beginMessage();
            w.writeBoolean(true);
            w.writeByte((byte) -3);
            w.writeShort((short) -300);
            w.writeChar('\u1234');
            w.writeInt(0x12345678);
            w.writeLong(-0x123456789ABCL);
            w.writeFloat(-2.5f);
            w.writeDouble(1e-300);
            w.writeVarInt(0);
            w.writeVarInt(300);
            w.writeVarInt(-1);
            w.writeVarLong(Long.MIN_VALUE);
            w.writeString(null);
            w.writeString("\u00e9t\u00e9");
            w.writeBooleanArray(new boolean[] {true, false});
            w.writeByteArray(null);
            w.writeShortArray(new short[] {1, -1});
            w.writeCharArray(new char[] {'z'});
            w.writeLongArray(new long[] {7L << 40});
            w.writeFloatArray(new float[] {0.1f});
            w.writeDoubleArray(new double[] {0.2});
            int[] shared = {4};
            w.writeIntArray(shared);
            w.writeIntArray(shared);
            ByteBuffer copy = ByteBuffer.allocateDirect(w.size()).put(w.buffer()).flip().order(o);
            SerialReader r = SER.newReader(); // default (native) order settings: order comes from the buffer
            r.beginMessage(copy);
            assertEquals(o, r.byteOrder());
            assertEquals(true, r.readBoolean());
            assertEquals(-3, r.readByte());
            assertEquals(-300, r.readShort());
            assertEquals('\u1234', r.readChar());
            assertEquals(0x12345678, r.readInt());
            assertEquals(-0x123456789ABCL, r.readLong());
            assertEquals(-2.5f, r.readFloat());
            assertEquals(1e-300, r.readDouble());
            assertEquals(0, r.readVarInt());
            assertEquals(300, r.readVarInt());
            assertEquals(-1, r.readVarInt());
            assertEquals(Long.MIN_VALUE, r.readVarLong());
            assertEquals(null, r.readString());
            assertEquals("\u00e9t\u00e9", r.readString());
            assertArrayEquals(new boolean[] {true, false}, r.readBooleanArray());
            assertEquals(null, r.readByteArray());
            assertArrayEquals(new short[] {1, -1}, r.readShortArray());
            assertArrayEquals(new char[] {'z'}, r.readCharArray());
            assertArrayEquals(new long[] {7L << 40}, r.readLongArray());
            assertArrayEquals(new float[] {0.1f}, r.readFloatArray());
            assertArrayEquals(new double[] {0.2}, r.readDoubleArray());
            int[] a = r.readIntArray();
            assertSame(a, r.readIntArray(), "primitive arrays keep sharing");
            assertEquals(0, r.remaining());
        }
    }

    @Test
    void writerBufferIsReusedWithoutGrowthForSameSizedMessages() throws Exception {
        SerialWriter w = SER.newWriter();
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            l.add(i);
        }
        send(w, l);
        int size = w.size();
        for (int i = 0; i < 10; i++) {
            send(w, l);
            assertEquals(size, w.size());
        }
    }

    @Test
    void serializationIsThreadSafe() throws Exception {
        List<Thread> ts = new ArrayList<>();
        List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 4; t++) {
            int id = t;
            ts.add(Thread.ofPlatform().start(() -> {
                try {
                    for (int i = 0; i < 500; i++) {
                        Payload p = new Payload(id * 1000 + i, "t" + id);
                        Payload back = (Payload) SER.fromBytes(SER.toBytes(p));
                        assertEquals(p.a, back.a);
                    }
                } catch (Throwable e) {
                    errors.add(e);
                }
            }));
        }
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(List.of(), errors);
    }
}
