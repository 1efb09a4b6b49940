package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.DayOfWeek;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** JDK collections and values inside larger graphs: arrays, nesting, shared references, cycles, bad input. */
class JdkGraphsTest {
    static final Serialization SER = Serialization.defaults();

    @SuppressWarnings("unchecked")
    static <T> T rt(T o) throws SerialException {
        return (T) SER.fromBytes(SER.toBytes(o));
    }

    @Test
    void arraysOfJdkTypes() throws Exception {
        ConcurrentHashMap<?, ?>[] maps = {new ConcurrentHashMap<>(Map.of(1, "a")), null, new ConcurrentHashMap<>()};
        ConcurrentHashMap<?, ?>[] back = rt(maps);
        assertEquals(ConcurrentHashMap[].class, back.getClass());
        assertEquals(Arrays.asList(maps), Arrays.asList(back));

        Locale[] locales = {Locale.GERMANY, Locale.of("ja", "JP", "JP")};
        assertArrayEquals(locales, rt(locales));
        List<?>[] wrappers = {Collections.unmodifiableList(new ArrayList<>(List.of(1))),
            Collections.synchronizedList(new LinkedList<>(List.of(2))), Collections.checkedList(new ArrayList<>(),
                String.class)};
        List<?>[] wback = rt(wrappers);
        for (int i = 0; i < wrappers.length; i++) {
            assertSame(wrappers[i].getClass(), wback[i].getClass());
            assertEquals(wrappers[i], wback[i]);
        }
        EnumSet<?>[][] nested = {{EnumSet.of(DayOfWeek.MONDAY)}, {}};
        EnumSet<?>[][] nback = rt(nested);
        assertEquals(EnumSet.of(DayOfWeek.MONDAY), nback[0][0]);
        assertEquals(0, nback[1].length);
    }

    @Test
    void listOfMapsOfSetsKeepsEveryKind() throws Exception {
        Map<String, Set<Integer>> m1 = new ConcurrentSkipListMap<>(Map.of("a", new CopyOnWriteArraySet<>(List.of(3, 1)),
                "b", Collections.unmodifiableSortedSet(new TreeSet<>(List.of(2)))));
        Map<DayOfWeek, Set<Integer>> m2 = new EnumMap<>(DayOfWeek.class);
        m2.put(DayOfWeek.SUNDAY, Collections.synchronizedSet(new TreeSet<>(List.of(9, 8))));
        List<Map<?, ?>> list = new CopyOnWriteArrayList<>(List.of(m1, m2,
                Collections.checkedMap(new TreeMap<>(Map.of("k", Set.of())), String.class, Set.class)));
        List<Map<?, ?>> back = rt(list);
        assertEquals(list, back);
        for (int i = 0; i < list.size(); i++) {
            assertSame(list.get(i).getClass(), back.get(i).getClass());
        }
        assertSame(m1.get("a").getClass(), back.get(0).get("a").getClass());
        assertSame(m1.get("b").getClass(), ((Map<?, ?>) back.get(0)).get("b").getClass());
        assertThrows(UnsupportedOperationException.class, () -> ((Set<?>) back.get(0).get("b")).clear());
    }

    @Test
    void wrappersShareTheirBackingCollectionWithTheRestOfTheGraph() throws Exception {
        List<Object> backing = new ArrayList<>(List.of("x"));
        List<Object> view = Collections.unmodifiableList(backing);
        Map<String, Object> sync = Collections.synchronizedMap(new TreeMap<>());
        ConcurrentHashMap<String, Integer> chm = new ConcurrentHashMap<>(Map.of("k", 1));
        Object[] graph = {backing, view, sync, sync, chm, chm.keySet(7), chm.values()};
        Object[] back = rt(graph);
        @SuppressWarnings("unchecked")
        List<Object> b = (List<Object>) back[0];
        b.add("y");
        assertEquals(List.of("x", "y"), back[1], "the decoded view shows the decoded backing list");
        assertSame(back[2], back[3]);
        @SuppressWarnings("unchecked")
        ConcurrentHashMap<String, Integer> chmBack = (ConcurrentHashMap<String, Integer>) back[4];
        ConcurrentHashMap.KeySetView<?, ?> keys = (ConcurrentHashMap.KeySetView<?, ?>) back[5];
        assertSame(chmBack, keys.getMap());
        assertEquals(7, keys.getMappedValue());
        chmBack.put("new", 2);
        assertTrue(((Collection<?>) back[6]).contains(2), "values view of the same decoded map");
    }

    @Test
    void cyclesThroughMutableJdkCollectionsResolve() throws Exception {
        CopyOnWriteArrayList<Object> cow = new CopyOnWriteArrayList<>();
        ArrayList<Object> list = new ArrayList<>(List.of(cow));
        cow.add(list);
        cow.add(cow);
        CopyOnWriteArrayList<?> cowBack = rt(cow);
        assertSame(cowBack, ((List<?>) cowBack.get(0)).get(0));
        assertSame(cowBack, cowBack.get(1));

        AtomicReference<Object> ref = new AtomicReference<>();
        ref.set(List.of(ref).get(0)); // refers to itself
        AtomicReference<?> refBack = rt(ref);
        assertSame(refBack, refBack.get());

        EnumMap<DayOfWeek, Object> em = new EnumMap<>(DayOfWeek.class);
        em.put(DayOfWeek.MONDAY, em);
        EnumMap<?, ?> emBack = rt(em);
        assertSame(emBack, emBack.get(DayOfWeek.MONDAY));
    }

    @Test
    void noJdkClassTakesTheReflectiveFallback() throws Exception {
        for (Object o : JdkTypesTest.samples()) {
            rt(o);
        }
        for (Class<?> c : Serialization.fallbackClasses().keySet()) {
            assertTrue(!c.getName().startsWith("java."), "took the fallback: " + c.getName());
        }
    }

    // ------------------------------------------------------------------ random contents

    static final List<Function<List<Integer>, Object>> CONTAINERS = List.of(
            l -> new ConcurrentLinkedDeque<>(l), l -> new CopyOnWriteArrayList<>(l), l -> new ConcurrentSkipListSet<>(l),
            l -> new PriorityQueue<>(l), l -> new LinkedBlockingQueue<>(l), l -> {
                ArrayBlockingQueue<Integer> q = new ArrayBlockingQueue<>(Math.max(1, l.size()) + 3);
                q.addAll(l);
                return q;
            }, l -> Collections.unmodifiableList(new ArrayList<>(l)), l -> Collections.synchronizedList(new LinkedList<>(l)),
            l -> Collections.checkedList(new ArrayList<>(l), Integer.class),
            l -> Collections.unmodifiableNavigableSet(new TreeSet<>(l)), l -> {
                Map<Integer, Integer> m = new LinkedHashMap<>();
                l.forEach(i -> m.put(i, -i));
                return Collections.unmodifiableMap(m);
            }, l -> {
                ConcurrentHashMap.KeySetView<Integer, Boolean> s = ConcurrentHashMap.newKeySet();
                s.addAll(l);
                return s;
            }, l -> {
                TreeMap<Integer, String> m = new TreeMap<>(Collections.reverseOrder());
                l.forEach(i -> m.put(i, "v" + i));
                return Collections.synchronizedSortedMap(m);
            });

    @Property(tries = 300)
    void randomContentsRoundTripInEveryContainer(@ForAll @Size(max = 40) List<@IntRange(min = -50, max = 50) Integer> l,
            @ForAll @IntRange(min = 0, max = 12) int kind) throws Exception {
        Object c = CONTAINERS.get(kind).apply(l);
        Object back = rt(c);
        assertSame(c.getClass(), back.getClass());
        if (c instanceof ConcurrentHashMap.KeySetView<?, ?>) { // hash order depends on the table size, in Java too
            assertEquals(c, back);
        } else if (c instanceof Map<?, ?> m) {
            assertEquals(new ArrayList<>(m.entrySet()), new ArrayList<>(((Map<?, ?>) back).entrySet()));
        } else {
            assertEquals(new ArrayList<>((Collection<?>) c), new ArrayList<>((Collection<?>) back));
        }
        if (c instanceof PriorityQueue<?> q) { // same heap: same order of removal
            List<Object> a = new ArrayList<>();
            List<Object> b = new ArrayList<>();
            while (!q.isEmpty()) {
                a.add(q.poll());
                b.add(((PriorityQueue<?>) back).poll());
            }
            assertEquals(a, b);
        }
    }

    // ------------------------------------------------------------------ hostile input

    /** A message: header, NEW, a built-in id, then the given body bytes. */
    static byte[] message(int id, byte... body) {
        ByteBuffer b = ByteBuffer.allocate(6 + body.length).order(ByteOrder.nativeOrder());
        b.put((byte) 'M').put((byte) 'B').put((byte) 1).put((byte) (ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN
                ? 0 : 1));
        b.put((byte) 2).put((byte) id).put(body);
        return b.array();
    }

    @Test
    void theClassFilterAppliesToJdkClassesThatOnceTravelledWithADescriptor() throws Exception {
        Serialization noConcurrent = Serialization.builder()
                .classFilter(ClassFilter.builder().deny("java.util.concurrent.*").build()).build();
        byte[] lbq = SER.toBytes(new LinkedBlockingQueue<>(List.of(1)));
        SerialException e = assertThrows(SerialException.class, () -> noConcurrent.fromBytes(lbq));
        assertTrue(e.getMessage().contains("java.util.concurrent.LinkedBlockingQueue"), e.getMessage());
        assertEquals(List.of(1), new ArrayList<>((Collection<?>) SER.fromBytes(lbq)));

        // the element type of a checked collection and the class of an EnumSet are names on the wire
        Serialization noDays = Serialization.builder()
                .classFilter(ClassFilter.builder().deny("java.time.DayOfWeek").build()).build();
        for (Object o : List.of(EnumSet.of(DayOfWeek.MONDAY), new EnumMap<>(DayOfWeek.class),
                Collections.checkedList(new ArrayList<>(), DayOfWeek.class))) {
            byte[] bytes = SER.toBytes(o);
            SerialException refused = assertThrows(SerialException.class, () -> noDays.fromBytes(bytes));
            assertTrue(refused.getMessage().contains("java.time.DayOfWeek"), refused.getMessage());
        }
    }

    @Test
    void badBodiesAreSerialExceptions() throws Exception {
        assertThrows(SerialException.class, () -> SER.fromBytes(message(JdkCollections.ID_UNMODIFIABLE, (byte) 99)));
        // EnumSet of a class that is not an enum
        byte[] name = "java.lang.String".getBytes();
        byte[] body = new byte[1 + name.length + 1];
        body[0] = (byte) ((name.length << 1) + 1);
        System.arraycopy(name, 0, body, 1, name.length);
        SerialException e = assertThrows(SerialException.class,
                () -> SER.fromBytes(message(JdkCollections.ID_ENUM_SET, body)));
        assertTrue(e.getMessage().contains("not an enum"), e.getMessage());
        // an ArrayBlockingQueue claiming a capacity beyond maxArrayLength (kind 5: capacity varint, fair)
        Serialization small = Serialization.builder().maxArrayLength(1000).build();
        byte[] abq = message(JdkCollections.ID_CONCURRENT_QUEUE, (byte) 5, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F,
                (byte) 0, (byte) 0);
        e = assertThrows(SerialException.class, () -> small.fromBytes(abq));
        assertTrue(e.getMessage().contains("ArrayBlockingQueue capacity 2097151"), e.getMessage());
        // a bounded queue holding more elements than its capacity (kind 3: LinkedBlockingQueue)
        LinkedBlockingQueue<Integer> two = new LinkedBlockingQueue<>(2);
        two.addAll(List.of(1, 2));
        byte[] lbq = SER.toBytes(two);
        assertEquals(2, lbq[7]); // header 4, NEW, id, kind, capacity
        lbq[7] = 1;
        e = assertThrows(SerialException.class, () -> SER.fromBytes(lbq));
        assertTrue(e.getMessage().contains("capacity"), e.getMessage());
    }

    @Test
    void arrayBlockingQueueCapacitiesOfOneMessageAreBoundedTogether() throws Exception {
        // a dozen bytes naming a queue of 2^26 - 1 slots (within the default maxArrayLength): 256 MB or more
        byte[] huge = message(JdkCollections.ID_CONCURRENT_QUEUE, (byte) 5, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                (byte) 0x1F, (byte) 0, (byte) 0);
        SerialException e = assertThrows(SerialException.class, () -> SER.fromBytes(huge));
        assertTrue(e.getMessage().contains("ArrayBlockingQueue capacity 67108863"), e.getMessage());
        // the whole budget in one queue decodes, with its capacity
        ArrayBlockingQueue<Integer> full = new ArrayBlockingQueue<>(SerialReader.MAX_UNBACKED_SLOTS);
        full.add(7);
        ArrayBlockingQueue<?> back = (ArrayBlockingQueue<?>) SER.fromBytes(SER.toBytes(full));
        assertEquals(SerialReader.MAX_UNBACKED_SLOTS - 1, back.remainingCapacity());
        // two queues that fit alone but not together, in one message
        int half = SerialReader.MAX_UNBACKED_SLOTS / 2 + 1;
        byte[] two = SER.toBytes(new ArrayList<>(List.of(new ArrayBlockingQueue<>(half), new ArrayBlockingQueue<>(half))));
        e = assertThrows(SerialException.class, () -> SER.fromBytes(two));
        assertTrue(e.getMessage().contains("slots its bytes do not account for"), e.getMessage());
        // the budget is per message
        byte[] one = SER.toBytes(new ArrayBlockingQueue<>(half));
        assertInstanceOf(ArrayBlockingQueue.class, SER.fromBytes(one));
        assertInstanceOf(ArrayBlockingQueue.class, SER.fromBytes(one));
    }

    @Test
    void everyTruncationIsASerialException() throws Exception {
        for (Object o : List.of(Collections.checkedMap(new TreeMap<>(Map.of("k", 1)), String.class, Integer.class),
                Collections.unmodifiableList(new ArrayList<>(List.of(1, 2))), EnumSet.of(DayOfWeek.MONDAY),
                new ConcurrentSkipListMap<>(Map.of(1, 2)), Locale.CANADA_FRENCH, ZoneId.of("Asia/Tokyo"),
                new HashMap<>(Map.of(new java.util.concurrent.atomic.AtomicInteger(3), new CopyOnWriteArraySet<>())))) {
            byte[] full = SER.toBytes(o);
            for (int n = 4; n < full.length; n++) {
                byte[] cut = Arrays.copyOf(full, n);
                assertThrows(SerialException.class, () -> SER.fromBytes(cut), o.getClass() + " cut at " + n);
            }
            assertInstanceOf(o.getClass(), SER.fromBytes(full));
        }
    }
}
