package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FallbackTest {
    static final Serialization SER = RoundTripTest.SER;

    static <T> T rt(T o) throws SerialException {
        return RoundTripTest.rt(o);
    }

    static class Hooked implements Serializable {
        int a;
        String b;
        transient String derived;
        transient int extra;
        List<Object> refs = new ArrayList<>();

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(extra * 2);
            out.writeUTF("marker");
            out.writeObject(refs.isEmpty() ? null : refs.get(0));
            out.writeDouble(1.5);
            out.write(new byte[] {7, 8});
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            extra = in.readInt();
            if (!"marker".equals(in.readUTF())) {
                throw new IOException("bad marker");
            }
            Object first = in.readObject();
            if (first != (refs.isEmpty() ? null : refs.get(0))) {
                throw new IOException("identity lost inside hook");
            }
            if (in.readDouble() != 1.5) {
                throw new IOException("bad double");
            }
            byte[] two = new byte[2];
            in.readFully(two);
            derived = b + "!" + two[0] + two[1];
        }
    }

    @Test
    void writeObjectReadObjectHooks() throws Exception {
        Hooked h = new Hooked();
        h.a = 3;
        h.b = "bee";
        h.extra = 21;
        h.refs.add(h); // cycle through the hooked object
        Hooked back = rt(h);
        assertEquals(3, back.a);
        assertEquals("bee", back.b);
        assertEquals(42, back.extra);
        assertEquals("bee!78", back.derived);
        assertSame(back, back.refs.get(0));
    }

    static class PutGet implements Serializable {
        int count;
        String label;
        double ratio;

        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField f = out.putFields();
            f.put("count", count + 1);
            f.put("label", label.toUpperCase());
            out.writeFields(); // ratio left at default
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField f = in.readFields();
            count = f.get("count", -1);
            label = (String) f.get("label", null);
            ratio = f.get("ratio", 9.0);
        }
    }

    @Test
    void putFieldsAndReadFields() throws Exception {
        PutGet p = new PutGet();
        p.count = 4;
        p.label = "x";
        p.ratio = 0.5;
        PutGet back = rt(p);
        assertEquals(5, back.count);
        assertEquals("X", back.label);
        assertEquals(0.0, back.ratio);
    }

    static final class Singleton implements Serializable {
        static final Singleton INSTANCE = new Singleton();

        private Object readResolve() throws ObjectStreamException {
            return INSTANCE;
        }
    }

    static final class Proxied implements Serializable {
        final String value;

        Proxied(String value) {
            this.value = value;
        }

        private Object writeReplace() {
            return new Proxy(value);
        }
    }

    static final class Proxy implements Serializable {
        String v;

        Proxy(String v) {
            this.v = v;
        }

        private Object readResolve() {
            return new Proxied(v + "'");
        }
    }

    @Test
    void writeReplaceAndReadResolve() throws Exception {
        assertSame(Singleton.INSTANCE, rt(Singleton.INSTANCE));
        List<Object> l = rt(new ArrayList<>(List.of(Singleton.INSTANCE, Singleton.INSTANCE)));
        assertSame(Singleton.INSTANCE, l.get(0));
        assertSame(Singleton.INSTANCE, l.get(1));
        Proxied p = new Proxied("v");
        Object[] back = rt(new Object[] {p, p});
        Proxied b0 = (Proxied) back[0];
        assertEquals("v'", b0.value);
        assertSame(b0, back[1], "a replaced object shared twice stays shared");
    }

    static final class PingPong implements Serializable {
        final boolean ping;

        PingPong(boolean ping) {
            this.ping = ping;
        }

        private Object writeReplace() {
            return new PingPong(!ping);
        }
    }

    @Test
    void endlessWriteReplaceChainFailsCleanly() {
        SerialException e = assertThrows(SerialException.class, () -> SER.toBytes(new PingPong(true)));
        assertTrue(e.getMessage().contains("writeReplace"), e.getMessage());
    }

    public static final class Ext implements Externalizable {
        static int constructed;
        int x;
        String s;
        Object child;

        public Ext() {
            constructed++;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeInt(x);
            out.writeUTF(s);
            out.writeObject(child);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            x = in.readInt();
            s = in.readUTF();
            child = in.readObject();
        }
    }

    @Test
    void externalizableUsesPublicConstructorAndHooks() throws Exception {
        Ext e = new Ext();
        e.x = 5;
        e.s = "ext";
        e.child = e;
        int before = Ext.constructed;
        Ext back = rt(e);
        assertEquals(before + 1, Ext.constructed);
        assertEquals(5, back.x);
        assertEquals("ext", back.s);
        assertSame(back, back.child);
    }

    static final class Counted implements Serializable {
        int n;
    }

    @Test
    void fallbackIsCountedPerClass() throws Exception {
        long before = Serialization.fallbackClasses().getOrDefault(Counted.class, 0L);
        List<Counted> l = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            l.add(new Counted());
        }
        rt(l);
        assertEquals(before + 6, Serialization.fallbackClasses().get(Counted.class), "3 written + 3 read");
        assertNull(Serialization.fallbackClasses().get(String.class), "built-ins are not fallback");
    }

    static class NotSerializable {
        int x;
    }

    static final class HoldsNotSerializable implements Serializable {
        Object field = new NotSerializable();
    }

    @Test
    void nonSerializableIsRefusedWhenWritingNamingTheClass() {
        SerialException e = assertThrows(SerialException.class, () -> SER.toBytes(new HoldsNotSerializable()));
        assertTrue(e.getMessage().contains(NotSerializable.class.getName()), e.getMessage());
        // the failed attempt leaves the writer usable
        assertDoesNotThrowSerial();
    }

    private static void assertDoesNotThrowSerial() {
        try {
            assertEquals("ok", rt("ok"));
        } catch (SerialException e) {
            throw new AssertionError(e);
        }
    }

    static class ExtendsJdkCollection extends ArrayList<String> {
        int extra;
    }

    @Test
    void closedJdkInternalsFailClearly() {
        SerialException e = assertThrows(SerialException.class, () -> SER.toBytes(new ExtendsJdkCollection()));
        assertTrue(e.getMessage().contains("java.util.ArrayList") || e.getMessage().contains("ExtendsJdkCollection"),
                e.getMessage());
    }

    @Test
    void instantiatorSkipsSerializableConstructors() throws Throwable {
        int before = RoundTripTest.NonSerBase.constructed;
        int mid = RoundTripTest.SerMiddle.constructed;
        Object o = (Object) Instantiator.forSerialization(RoundTripTest.Leaf.class).invokeExact();
        assertTrue(o instanceof RoundTripTest.Leaf);
        assertEquals(before + 1, RoundTripTest.NonSerBase.constructed);
        assertEquals(mid, RoundTripTest.SerMiddle.constructed);
        assertThrows(SerialException.class, () -> Instantiator.forSerialization(NotSerializable.class));
    }

    @Test
    void fallbackFingerprintFollowsTheContract() throws Exception {
        SerialWriter w = SER.newWriter();
        w.beginMessage();
        w.writeObject(new RoundTripTest.Node());
        Serializer<?> s = Registry.DEFAULT.lookup(RoundTripTest.Node.class);
        assertEquals(Fingerprint.of(RoundTripTest.Node.class.getName(), "next:Lio/mobula/serial/RoundTripTest$Node;",
                "other:Lio/mobula/serial/RoundTripTest$Node;", "value:I"), s.fingerprint());
        Serializer<?> r = Registry.DEFAULT.lookup(RoundTripTest.Point.class);
        assertEquals(Fingerprint.of(RoundTripTest.Point.class.getName(), "x:I", "y:I"), r.fingerprint());
        Serializer<?> leaf = Registry.DEFAULT.lookup(RoundTripTest.Leaf.class);
        assertEquals(Fingerprint.of(RoundTripTest.SerMiddle.class.getName(), "middle:I", "name:Ljava/lang/String;",
                RoundTripTest.Leaf.class.getName(), "id:J", "tags:Ljava/util/List;"), leaf.fingerprint());
        Serializer<?> en = Registry.DEFAULT.lookup(RoundTripTest.Color.class);
        assertEquals(Fingerprint.of(RoundTripTest.Color.class.getName(), "RED", "GREEN", "BLUE"), en.fingerprint());
    }
}
