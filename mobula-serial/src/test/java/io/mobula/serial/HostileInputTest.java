package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Decoding hostile bytes: always a SerialException with a clear message, never another exception or a hang. */
class HostileInputTest {
    static final Serialization SER = RoundTripTest.SER;
    static final Duration LIMIT = Duration.ofSeconds(10);

    static final class Holder implements Serializable {
        Object content;
        int n = 3;
    }

    record Box(Object content) implements Serializable {}

    enum E { A, B }

    static final class Gadget implements Serializable {
        static boolean initialized;

        static {
            initialized = true;
        }

        int x;
    }

    static class NotSerializable {}

    static List<Object> samples() {
        Holder h = new Holder();
        h.content = new ArrayList<>(List.of("s\u00e9", 1, 2L, new int[] {1, 2}, E.B, new Box(List.of(3.0))));
        Map<Object, Object> m = new HashMap<>();
        m.put("self", m);
        m.put(E.A, new String[] {"x", null});
        return List.of(h, m, new TreeSet<>(List.of(1, 5, 9)), LocalDate.of(2000, 1, 1), new long[][] {{1}, {}},
                "\u4e16\u754c", new Box(new Box(null)), new Object[] {h, h, new RoundTripTest.Node()});
    }

    static SerialException decodeFails(byte[] bytes) {
        return decodeFails(SER, bytes);
    }

    static SerialException decodeFails(Serialization ser, byte[] bytes) {
        return assertTimeoutPreemptively(LIMIT, () -> assertThrows(SerialException.class, () -> ser.fromBytes(bytes)));
    }

    /** Decodes, accepting success or SerialException; anything else fails the test. */
    static void decodeSafely(byte[] bytes) {
        assertTimeoutPreemptively(LIMIT, () -> decodeSafely0(bytes));
    }

    private static void decodeSafely0(byte[] bytes) {
        try {
            SER.fromBytes(bytes);
        } catch (SerialException expected) {
            if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                fail("SerialException without a message", expected);
            }
        } catch (Throwable t) {
            fail("escaped: " + t, t);
        }
    }

    @Test
    void truncationAtEveryPosition() {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (Object o : samples()) {
                byte[] full = SER.toBytes(o);
                SER.fromBytes(full);
                for (int n = 0; n < full.length; n++) {
                    byte[] cut = java.util.Arrays.copyOf(full, n);
                    SerialException e = assertThrows(SerialException.class, () -> SER.fromBytes(cut),
                            "prefix " + n + " of " + o.getClass());
                    assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
                }
            }
        });
    }

    @Test
    void randomMutationsOfValidStreams() {
        Random rnd = new Random(42);
        assertTimeoutPreemptively(LIMIT, () -> {
            for (Object o : samples()) {
                byte[] full = SER.toBytes(o);
                for (int i = 0; i < 400; i++) {
                    byte[] m = full.clone();
                    int flips = 1 + rnd.nextInt(3);
                    for (int f = 0; f < flips; f++) {
                        m[4 + rnd.nextInt(m.length - 4)] = (byte) rnd.nextInt();
                    }
                    decodeSafely0(m);
                }
            }
        });
    }

    private static byte[] msg(int... bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'M', 'B', 1, (byte) (ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? 0 : 1)});
        for (int b : bytes) {
            out.write(b);
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private static void assertMessage(SerialException e, String part) {
        assertTrue(e.getMessage().contains(part), "message '" + e.getMessage() + "' should mention '" + part + "'");
    }

    @Test
    void trailingBytesAreRejectedByFromBytes() throws Exception {
        byte[] ok = SER.toBytes("x");
        byte[] longer = java.util.Arrays.copyOf(ok, ok.length + 2);
        assertMessage(decodeFails(longer), "2 unexpected bytes");
        assertEquals("x", SER.read(ByteBuffer.wrap(longer)), "read(ByteBuffer) leaves what follows");
    }

    @Test
    void headerChecks() {
        assertMessage(decodeFails(new byte[0]), "truncated");
        assertMessage(decodeFails(new byte[] {'X', 'B', 1, 0, 0}), "magic");
        assertMessage(decodeFails(new byte[] {'M', 'B', 9, 0, 0}), "version");
        assertMessage(decodeFails(new byte[] {'M', 'B', 1, 7, 0}), "byte-order");
    }

    @Test
    void hugeLengthFields() throws Exception {
        // int[] with length 2^31-1
        assertMessage(decodeFails(msg(2, Builtins.ID_INT_ARRAY, 0xFF, 0xFF, 0xFF, 0xFF, 0x07)), "maxArrayLength");
        // int[] of 1000 elements but 3 bytes present: rejected before allocation
        assertMessage(decodeFails(msg(2, Builtins.ID_INT_ARRAY, 0xE8, 0x07, 1, 2, 3)), "bytes left");
        // Object[] of 100000 elements, nothing follows
        assertMessage(decodeFails(msg(2, 18, 0xA0, 0x8D, 0x06)), "bytes left");
        // ArrayList and HashMap sizes
        assertMessage(decodeFails(msg(2, 20, 0xA0, 0x8D, 0x06, 0)), "bytes left");
        assertMessage(decodeFails(msg(2, 22, 0xA0, 0x8D, 0x06, 0, 0)), "bytes left");
        // string of 2^30 bytes
        assertMessage(decodeFails(msg(2, Builtins.ID_STRING, 0xFF, 0xFF, 0xFF, 0xFF, 0x07)), "truncated");
        // negative length (5-byte varint with the top bit)
        assertMessage(decodeFails(msg(2, Builtins.ID_BYTE_ARRAY, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F)), "4294967295");
        Serialization small = Serialization.builder().maxArrayLength(10).build();
        byte[] ok = small.toBytes(new int[10]);
        small.fromBytes(ok);
        assertMessage(decodeFails(small, SER.toBytes(new int[11])), "maxArrayLength 10");
        assertMessage(decodeFails(small, SER.toBytes(new ArrayList<>(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)))),
                "maxArrayLength");
    }

    @Test
    void badTagsHandlesAndTypeIds() throws Exception {
        assertMessage(decodeFails(msg(9)), "bad object tag 9");
        assertMessage(decodeFails(msg(1, 5)), "unknown handle 5");
        assertMessage(decodeFails(msg(2, 127)), "unknown type id 127");
        assertMessage(decodeFails(msg(2, 0)), "unknown type id 0");
        assertMessage(decodeFails(msg(2, 0xF4, 0x03)), "unknown type id 500");
        assertMessage(decodeFails(msg(2, Builtins.ID_STRING + 1, 5)), "bad boolean");
        assertMessage(decodeFails(msg(2, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01)), "malformed varint");
        // enum ordinal out of range: DayOfWeek has a predefined id
        byte[] dow = SER.toBytes(java.time.DayOfWeek.MONDAY);
        dow[dow.length - 1] = 9;
        assertMessage(decodeFails(dow), "bad ordinal 9");
        // malformed UTF-8 (header: 2 bytes, UTF-8 flag)
        assertMessage(decodeFails(msg(2, Builtins.ID_STRING, 6, 0xC3, 0x28)), "UTF-8");
    }

    /**
     * Input that is no well-formed stream fails with the exception Java serialization gives for it,
     * StreamCorruptedException, as the cause (RMI reports it to the caller as java.rmi does); a limit or a refused
     * class is not reported as corruption.
     */
    @Test
    void corruptInputIsAStreamCorruptedExceptionUnderneath() throws Exception {
        byte[] cut = java.util.Arrays.copyOf(SER.toBytes("a string"), 7);
        byte[] longer = java.util.Arrays.copyOf(SER.toBytes("x"), SER.toBytes("x").length + 1);
        for (byte[] corrupt : List.of(msg(9), msg(1, 5), msg(2, 127), msg(2, Builtins.ID_STRING + 1, 5),
                msg(2, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01), msg(2, Builtins.ID_INT_ARRAY, 0xE8, 0x07, 1, 2, 3),
                msg(2, Builtins.ID_STRING, 6, 0xC3, 0x28), new byte[] {'X', 'B', 1, 0, 0}, cut, longer)) {
            SerialException e = decodeFails(corrupt);
            java.io.StreamCorruptedException c = assertInstanceOf(java.io.StreamCorruptedException.class,
                    e.getCause(), e.getMessage());
            assertEquals(e.getMessage(), c.getMessage());
        }
        SerialException limit = decodeFails(msg(2, Builtins.ID_INT_ARRAY, 0xFF, 0xFF, 0xFF, 0xFF, 0x07));
        assertFalse(limit.getCause() instanceof java.io.StreamCorruptedException, limit.getMessage());
        SerialException refused = decodeFails(typeDef("org.apache.commons.collections.functors.InvokerTransformer",
                0));
        assertFalse(refused.getCause() instanceof java.io.StreamCorruptedException, refused.getMessage());
    }

    private static byte[] typeDef(String className, long fingerprint, int... body) {
        byte[] name = className.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer b = ByteBuffer.allocate(64 + name.length + body.length).order(ByteOrder.nativeOrder());
        b.put(new byte[] {'M', 'B', 1, (byte) (ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? 0 : 1)});
        b.put((byte) 3).put((byte) 0x80).put((byte) 0x01); // TYPE_DEF, id 128
        int h = (name.length << 1) + 1;
        while ((h & ~0x7F) != 0) {
            b.put((byte) ((h & 0x7F) | 0x80));
            h >>>= 7;
        }
        b.put((byte) h).put(name).putLong(fingerprint);
        for (int x : body) {
            b.put((byte) x);
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    @Test
    void forbiddenAndUnloadableClasses() {
        assertMessage(decodeFails(typeDef("org.apache.commons.collections.functors.InvokerTransformer", 0)),
                "refused by the class filter");
        assertMessage(decodeFails(typeDef("com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl", 0)),
                "refused by the class filter");
        assertMessage(decodeFails(typeDef("javax.management.BadAttributeValueExpException", 0)), "refused");
        assertMessage(decodeFails(typeDef("[Ljavax.management.ObjectName;", 0)), "refused");
        assertMessage(decodeFails(typeDef("no.such.Clazz", 0)), "cannot be loaded");
        assertMessage(decodeFails(typeDef(NotSerializable.class.getName(), 0)), "not serializable");
        // a record that did not opt in is never rebuilt: its canonical constructor does not run on wire data
        assertMessage(decodeFails(typeDef(UnmarkedRecord.class.getName(), 0, 0, 0, 0, 7)), "not serializable");
        assertFalse(UNMARKED_RECORD_BUILT.get(), "the canonical constructor ran");
        assertMessage(decodeFails(typeDef("java.lang.Thread", 0)), "refused");
        assertMessage(decodeFails(typeDef("java.lang.Object", 0)), "java.lang.Object");
        assertMessage(decodeFails(typeDef("java.lang.Class", 0)), "java.lang.Class");
        assertMessage(decodeFails(typeDef("", 0)), "bad class name");
    }

    static final java.util.concurrent.atomic.AtomicBoolean UNMARKED_RECORD_BUILT =
            new java.util.concurrent.atomic.AtomicBoolean();

    /** Not Serializable: must never be instantiated from the wire. */
    record UnmarkedRecord(int v) {
        UnmarkedRecord {
            UNMARKED_RECORD_BUILT.set(true);
        }
    }

    /** Records every class name it is asked to load. */
    static final class RecordingLoader extends ClassLoader {
        final List<String> asked = java.util.Collections.synchronizedList(new ArrayList<>());

        RecordingLoader() {
            super(HostileInputTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            asked.add(name);
            return super.loadClass(name, resolve);
        }
    }

    static final java.util.concurrent.atomic.AtomicBoolean NEVER_INITIALIZED_RAN =
            new java.util.concurrent.atomic.AtomicBoolean();

    static final class NeverInitialized implements Serializable {
        static {
            NEVER_INITIALIZED_RAN.set(true);
        }

        int x;
    }

    @Test
    void deniedClassIsNeverLoadedAndAllowedOnesAreNotInitialized() throws Exception {
        Gadget g = new Gadget();
        byte[] bytes = SER.toBytes(g);
        RecordingLoader loader = new RecordingLoader();
        Serialization strict = Serialization.builder().classLoader(loader)
                .classFilter(ClassFilter.builder().deny(Gadget.class.getName()).build()).build();
        assertMessage(decodeFails(strict, bytes), Gadget.class.getName());
        assertEquals(List.of(), loader.asked, "refused by name before any loading");
        // allowed class with a wrong fingerprint: loaded, but its static initializer never runs
        Serialization viaLoader = Serialization.builder().classLoader(loader).build();
        assertMessage(decodeFails(viaLoader, typeDef(NeverInitialized.class.getName(), 1234)), "fingerprint mismatch");
        assertTrue(loader.asked.contains(NeverInitialized.class.getName()));
        assertEquals(false, NEVER_INITIALIZED_RAN.get(), "class initializer must not run while decoding a descriptor");
        Serialization onlyJdk = Serialization.builder().classFilter(ClassFilter.builder().allow("java.**").build())
                .build();
        assertMessage(decodeFails(onlyJdk, bytes), "refused by the class filter");
        assertEquals(List.of(1), onlyJdk.fromBytes(SER.toBytes(new ArrayList<>(List.of(1)))));
    }

    @Test
    void wrongFingerprintNamesTheClass() throws Exception {
        byte[] ok = SER.toBytes(new Holder());
        String name = Holder.class.getName();
        int fpAt = 4 + 3 + 1 + name.length();
        byte[] bad = ok.clone();
        bad[fpAt] ^= 0x55;
        SerialException e = decodeFails(bad);
        assertMessage(e, "fingerprint mismatch for class " + name);
    }

    @Test
    void backReferenceToObjectUnderConstruction() throws Exception {
        byte[] ok = SER.toBytes(new Box(null));
        assertEquals(0, ok[ok.length - 1]); // NULL component
        byte[] cyclic = concat(java.util.Arrays.copyOf(ok, ok.length - 1), new byte[] {1, 0}); // HANDLE 0
        assertMessage(decodeFails(cyclic), "under construction");
    }

    @Test
    void depthLimits() throws Exception {
        Object[] deep = new Object[1];
        Object[] cur = deep;
        for (int i = 0; i < 5000; i++) {
            Object[] next = new Object[1];
            cur[0] = next;
            cur = next;
        }
        SerialException w = assertThrows(SerialException.class, () -> SER.toBytes(deep));
        assertMessage(w, "maxDepth");
        assertEquals("still usable", RoundTripTest.rt("still usable"));
        Serialization shallow = Serialization.builder().maxDepth(10).build();
        Object[] d20 = new Object[1];
        cur = d20;
        for (int i = 0; i < 20; i++) {
            Object[] next = new Object[1];
            cur[0] = next;
            cur = next;
        }
        assertMessage(decodeFails(shallow, SER.toBytes(d20)), "maxDepth 10");
        // hand-made nesting far beyond any stack: NEW Object[] len 1, repeated
        int levels = 200_000;
        byte[] nest = new byte[4 + levels * 3 + 1];
        System.arraycopy(msg(), 0, nest, 0, 4);
        for (int i = 0; i < levels; i++) {
            nest[4 + i * 3] = 2;
            nest[5 + i * 3] = 18;
            nest[6 + i * 3] = 1;
        }
        assertMessage(decodeFails(nest), "maxDepth");
    }

    @Test
    void exceptionsFromSerializersAreWrapped() throws Exception {
        // LocalDate with month 13 makes the JDK throw DateTimeException inside the built-in serializer
        byte[] d = SER.toBytes(LocalDate.of(2020, 5, 5));
        d[d.length - 2] = 13;
        SerialException e = decodeFails(d);
        assertTrue(e.getCause() instanceof java.time.DateTimeException, String.valueOf(e.getCause()));
        // duplicate elements in Set.of
        byte[] s = SER.toBytes(java.util.Set.of(1, 2));
        byte[] dup = SER.toBytes(java.util.List.of(1, 1));
        dup[5] = s[5]; // List.of id -> Set.of id
        decodeFails(dup);
    }

    @Test
    void streamingReaderStaysUsableAfterFailure() throws Exception {
        SerialWriter w = SER.newWriter();
        SerialReader r = SER.newReader();
        w.beginMessage();
        w.writeObject(new Holder());
        ByteBuffer good = ByteBuffer.allocate(w.size()).put(w.buffer()).flip().order(w.byteOrder());
        r.beginMessage(good.duplicate().limit(good.limit() - 1).order(w.byteOrder()));
        assertThrows(SerialException.class, r::readObject);
        r.beginMessage(good);
        assertEquals(3, ((Holder) r.readObject()).n);
    }
}
