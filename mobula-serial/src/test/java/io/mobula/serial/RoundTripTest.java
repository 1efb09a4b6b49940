package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RoundTripTest {
    static final Serialization SER = Serialization.builder().classLoader(RoundTripTest.class.getClassLoader()).build();

    @SuppressWarnings("unchecked")
    static <T> T rt(T o) throws SerialException {
        return (T) SER.fromBytes(SER.toBytes(o));
    }

    static Stream<Object> builtins() {
        return Stream.of("", "hello", "h\u00e9llo \u00ff", "\u4e16\u754c \ud83d\ude00 x", "lone \ud800 surrogate \udc00",
                true, false, (byte) -5, (short) 1234, 'x', '\u4e16', 42, -1, Integer.MIN_VALUE, Long.MAX_VALUE,
                3.5f, Float.NaN, -0.0d, Double.MIN_VALUE,
                new ArrayList<>(List.of(1, "two", 3.0)), new LinkedList<>(List.of("a", "b")),
                new HashMap<>(Map.of("k", 1, "l", 2)), new LinkedHashMap<>(Map.of(1, "x")),
                new TreeMap<>(Map.of("b", 2, "a", 1)), new TreeSet<>(Set.of(5, 3, 9)),
                new HashSet<>(Set.of("x", "y")), new LinkedHashSet<>(List.of(3, 1, 2)),
                new ConcurrentHashMap<>(Map.of(1, 2)),
                BigInteger.ONE.shiftLeft(200).negate(), BigInteger.ZERO, new BigDecimal("-1234.5678e-20"),
                UUID.randomUUID(), new Date(123456789L),
                LocalDate.of(2024, 2, 29), LocalTime.of(23, 59, 58, 123456789),
                LocalDateTime.of(1999, 12, 31, 23, 59), Instant.ofEpochSecond(-5, 7), Duration.ofNanos(-123456789012L),
                ZonedDateTime.of(2024, 3, 31, 2, 30, 0, 0, ZoneId.of("Europe/Berlin")),
                ZonedDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(3)),
                OffsetDateTime.of(2020, 6, 1, 12, 0, 0, 5, ZoneOffset.ofHoursMinutes(-5, -30)),
                ZoneOffset.ofHours(-8), ZoneId.of("America/New_York"), Period.of(1, -2, 3), Year.of(-300),
                YearMonth.of(2021, 11), MonthDay.of(2, 29), DayOfWeek.FRIDAY, Month.MAY,
                List.of(), List.of(1), List.of(1, 2), List.of(1, 2, 3, 4), Set.of(), Set.of("a"), Set.of(1, 2, 3),
                Map.of(), Map.of(1, "a"), Map.of(1, "a", 2, "b", 3, "c"),
                Collections.emptyList(), Collections.emptySet(), Collections.emptyMap(),
                Collections.singletonList("s"), Collections.singleton(7), Collections.singletonMap("k", "v"),
                Arrays.asList(1, 2, 3), Optional.of("x"), Optional.empty());
    }

    @ParameterizedTest
    @MethodSource("builtins")
    void builtInRoundTrips(Object o) throws Exception {
        Object back = rt(o);
        assertEquals(o, back);
        assertEquals(o.getClass(), back.getClass(), "decoded class");
    }

    @Test
    void builtInsNeedNoTypeDescriptor() throws Exception {
        // header 4 + NEW + id + 4 bytes
        assertEquals(4 + 2 + 4, SER.toBytes(42).length);
        assertEquals(4 + 2 + 1 + 3, SER.toBytes("abc").length);
    }

    @Test
    void nullAndStreamToListWithNulls() throws Exception {
        assertNull(rt(null));
        List<Object> l = Stream.<Object>of(1, null, 3).toList();
        List<Object> back = rt(l);
        assertEquals(l, back);
        assertThrows(UnsupportedOperationException.class, () -> back.add(4));
        List<Integer> imm = rt(List.of(1, 2, 3));
        assertThrows(UnsupportedOperationException.class, () -> imm.add(4));
    }

    @Test
    void treeMapKeepsASerializableComparatorAndRefusesALambda() throws Exception {
        TreeMap<String, Integer> m = new TreeMap<>(Collections.reverseOrder());
        m.put("a", 1);
        m.put("b", 2);
        TreeMap<String, Integer> back = rt(m);
        assertEquals(List.of("b", "a"), new ArrayList<>(back.keySet()));
        assertEquals(Collections.reverseOrder(), back.comparator());
        TreeSet<String> ci = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        ci.add("Key");
        assertTrue(rt(ci).contains("KEY"), "decoded set keeps its case-insensitive comparator");

        TreeMap<String, Integer> lambda = new TreeMap<>((a, b) -> b.compareTo(a));
        lambda.put("a", 1);
        SerialException e = assertThrows(SerialException.class, () -> SER.toBytes(lambda));
        assertTrue(e.getMessage().contains("Lambda") || e.getMessage().contains("$$"), e.getMessage());
    }

    @Test
    void classObjectsAreRefused() {
        SerialException e = assertThrows(SerialException.class, () -> SER.toBytes(String.class));
        assertTrue(e.getMessage().contains("java.lang.Class"), e.getMessage());
        assertThrows(SerialException.class, () -> SER.toBytes(List.of(Object.class)));
    }

    @Test
    void primitiveArraysOfEveryKind() throws Exception {
        assertArrayEquals(new boolean[] {true, false, true}, rt(new boolean[] {true, false, true}));
        assertArrayEquals(new byte[] {1, -2, 3}, rt(new byte[] {1, -2, 3}));
        assertArrayEquals(new short[] {1, -2, Short.MAX_VALUE}, rt(new short[] {1, -2, Short.MAX_VALUE}));
        assertArrayEquals(new char[] {'a', '\uffff'}, rt(new char[] {'a', '\uffff'}));
        assertArrayEquals(new int[] {1, -2, Integer.MAX_VALUE}, rt(new int[] {1, -2, Integer.MAX_VALUE}));
        assertArrayEquals(new long[] {1, Long.MIN_VALUE}, rt(new long[] {1, Long.MIN_VALUE}));
        assertArrayEquals(new float[] {1.5f, Float.NaN}, rt(new float[] {1.5f, Float.NaN}));
        assertArrayEquals(new double[] {1e300, -0.0}, rt(new double[] {1e300, -0.0}));
        assertArrayEquals(new int[0], rt(new int[0]));
        int[] big = new int[100_000];
        Arrays.setAll(big, i -> i * 31);
        assertArrayEquals(big, rt(big));
        assertEquals(4 + 2 + 3 + 400_000, SER.toBytes(big).length, "bulk: no per-element overhead");
    }

    @Test
    void referenceArraysMultiDimAndMixed() throws Exception {
        int[][] m = {{1, 2}, null, {}, {3}};
        assertArrayEquals(m, rt(m));
        String[][] s = {{"a", null}, {"b"}};
        String[][] sb = rt(s);
        assertArrayEquals(s, sb);
        assertEquals(String[][].class, sb.getClass());
        Point[] ps = {new Point(1, 2), null, new Point(3, 4)};
        Point[] pb = rt(ps);
        assertArrayEquals(ps, pb);
        assertEquals(Point[].class, pb.getClass());
        Object shared = new int[] {9};
        Object[] mixed = {1, "x", null, shared, shared, new Object[] {"nested"}, Color.RED, List.of(2)};
        Object[] mb = rt(mixed);
        assertEquals(Object[].class, mb.getClass());
        assertEquals(1, mb[0]);
        assertEquals("x", mb[1]);
        assertNull(mb[2]);
        assertSame(mb[3], mb[4]);
        assertArrayEquals(new int[] {9}, (int[]) mb[3]);
        assertArrayEquals(new Object[] {"nested"}, (Object[]) mb[5]);
        assertSame(Color.RED, mb[6]);
        Object[] self = new Object[2];
        self[0] = self;
        Object[] sback = rt(self);
        assertSame(sback, sback[0]);
    }

    enum Color { RED, GREEN { @Override public String toString() { return "g"; } }, BLUE }

    @Test
    void enumsKeepIdentityIncludingConstantBodies() throws Exception {
        assertSame(Color.RED, rt(Color.RED));
        assertSame(Color.GREEN, rt(Color.GREEN));
        List<Color> l = rt(new ArrayList<>(List.of(Color.BLUE, Color.GREEN, Color.BLUE)));
        assertSame(Color.BLUE, l.get(0));
        assertSame(Color.GREEN, l.get(1));
    }

    record Point(int x, int y) implements Serializable {}

    record Line(Point a, Point b, String label, double[] weights) implements Serializable {}

    record NotMarked(String s, long n) {}

    @Test
    void recordsThroughCanonicalConstructor() throws Exception {
        Point p = new Point(1, 2);
        Line l = new Line(p, p, "lbl", new double[] {1, 2});
        Line back = rt(l);
        assertEquals(l.a(), back.a());
        assertSame(back.a(), back.b(), "shared record component");
        assertEquals("lbl", back.label());
        assertArrayEquals(l.weights(), back.weights());
        // a record that does not implement Serializable is refused, as Java serialization refuses it
        SerialException e = assertThrows(SerialException.class, () -> rt(new NotMarked("x", 5)));
        assertTrue(e.getMessage().contains("does not implement java.io.Serializable"), e.getMessage());
    }

    record Validated(int positive) implements Serializable {
        Validated {
            if (positive <= 0) {
                throw new IllegalArgumentException("must be positive");
            }
        }
    }

    @Test
    void recordInvariantsAreEnforcedOnRead() throws Exception {
        byte[] ok = SER.toBytes(new Validated(7));
        assertEquals(new Validated(7), SER.fromBytes(ok));
        // patch the int (last 4 bytes) to -1
        byte[] bad = ok.clone();
        java.nio.ByteBuffer.wrap(bad).order(SER.byteOrder()).putInt(bad.length - 4, -1);
        SerialException e = assertThrows(SerialException.class, () -> SER.fromBytes(bad));
        assertTrue(e.getMessage().contains("must be positive"), e.getMessage());
    }

    static class NonSerBase {
        static int constructed;
        int baseField = 11;
        NonSerBase() {
            constructed++;
            baseField = 17;
        }
    }

    static class SerMiddle extends NonSerBase implements Serializable {
        static int constructed;
        int middle;
        String name = "default";
        SerMiddle() {
            constructed++;
        }
    }

    static final class Leaf extends SerMiddle {
        static int constructed;
        static String staticField = "static";
        private final long id;
        transient int cache = 99;
        List<String> tags = new ArrayList<>();
        Leaf(long id) {
            this.id = id;
            constructed++;
        }
    }

    @Test
    void hierarchyConstructorSemanticsFinalTransientStatic() throws Exception {
        Leaf l = new Leaf(77);
        l.middle = 5;
        l.name = "n";
        l.baseField = 1000; // not serialized: lives in the non-serializable base
        l.tags.add("t");
        int base0 = NonSerBase.constructed;
        int mid0 = SerMiddle.constructed;
        int leaf0 = Leaf.constructed;
        Leaf.staticField = "changed";
        Leaf back = rt(l);
        assertEquals(base0 + 1, NonSerBase.constructed, "non-serializable base constructor runs");
        assertEquals(mid0, SerMiddle.constructed, "serializable constructors do not run");
        assertEquals(leaf0, Leaf.constructed);
        assertEquals(17, back.baseField, "base field comes from the base constructor");
        assertEquals(77, back.id, "final field restored");
        assertEquals(5, back.middle);
        assertEquals("n", back.name);
        assertEquals(0, back.cache, "transient not serialized, not initialized");
        assertEquals(List.of("t"), back.tags);
        assertEquals("changed", Leaf.staticField);
        assertNotSame(l, back);
    }

    static class Node implements Serializable {
        int value;
        Node next;
        Node other;
    }

    @Test
    void cyclesAndSharedNodes() throws Exception {
        Node a = new Node();
        Node b = new Node();
        a.value = 1;
        b.value = 2;
        a.next = b;
        b.next = a;
        a.other = a;
        b.other = b;
        Node back = rt(a);
        assertEquals(1, back.value);
        assertEquals(2, back.next.value);
        assertSame(back, back.next.next);
        assertSame(back, back.other);
        assertSame(back.next, back.next.other);
        Map<String, Object> m = new HashMap<>();
        m.put("self", m);
        Map<?, ?> mb = rt(m);
        assertSame(mb, mb.get("self"));
    }

    @Test
    void longListsAreNotLimitedByDepth() throws Exception {
        LinkedList<Integer> l = new LinkedList<>();
        for (int i = 0; i < 50_000; i++) {
            l.add(i);
        }
        assertEquals(l, rt(l));
    }

    @Test
    void bothByteOrders() throws Exception {
        ByteOrder nonNative = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN
                : ByteOrder.BIG_ENDIAN;
        for (ByteOrder o : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN, nonNative)) {
            Serialization w = Serialization.builder().byteOrder(o).build();
            Object[] v = {new int[] {1, 0x01020304}, new long[] {-2, 0x0102030405060708L}, new double[] {Math.PI},
                new float[] {1.25f}, new short[] {0x0102}, new char[] {'\u0102'}, 0x0A0B0C0D, Math.E,
                new Point(0x01020304, -7), "\u4e16x"};
            byte[] bytes = w.toBytes(v);
            Object[] back = (Object[]) SER.fromBytes(bytes); // reader in default (native) order
            assertArrayEquals(v, back);
            assertEquals(o == ByteOrder.BIG_ENDIAN ? 0 : 1, bytes[3], "order flag");
        }
        byte[] be = Serialization.builder().byteOrder(ByteOrder.BIG_ENDIAN).build().toBytes(0x01020304);
        assertArrayEquals(new byte[] {1, 2, 3, 4}, Arrays.copyOfRange(be, 6, 10));
        byte[] le = Serialization.builder().byteOrder(ByteOrder.LITTLE_ENDIAN).build().toBytes(0x01020304);
        assertArrayEquals(new byte[] {4, 3, 2, 1}, Arrays.copyOfRange(le, 6, 10));
    }

    @Test
    void writeIntoByteBufferAndReadBack() throws Exception {
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocateDirect(256);
        SER.write("one", buf);
        SER.write(List.of(2), buf);
        buf.flip();
        assertEquals("one", SER.read(buf));
        assertEquals(List.of(2), SER.read(buf));
        assertEquals(0, buf.remaining());
        java.nio.ByteBuffer tiny = java.nio.ByteBuffer.allocate(3);
        assertThrows(SerialException.class, () -> SER.write("too long", tiny));
    }

    @Test
    void readObjectExpectedTypeIsChecked() throws Exception {
        SerialWriter w = SER.newWriter();
        w.beginMessage();
        w.writeObject("str");
        SerialReader r = SER.newReader();
        r.beginMessage(w.buffer());
        SerialException e = assertThrows(SerialException.class, () -> r.readObject(Integer.class));
        assertTrue(e.getMessage().contains("java.lang.Integer"), e.getMessage());
        assertInstanceOf(SerialException.class, e);
    }
}
