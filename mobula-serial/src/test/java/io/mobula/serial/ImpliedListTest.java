package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * Lists declared with a String or final element type travel with their element type implied (the LIST tag,
 * {@link SerialWriter#writeList}) when they are plain ArrayLists; any other list falls back to the tagged object
 * encoding. Exercised here through the reflective fallback (this module's test classes have no generated
 * serializers); the processor's round-trip tests cover the generated code.
 */
class ImpliedListTest {
    enum Color { RED, GREEN }

    static final class Leaf implements Serializable {
        int v;
        List<Leaf> children; // a list of the final class itself: cycles through the list must survive

        Leaf(int v) {
            this.v = v;
        }
    }

    static final class Holder implements Serializable {
        List<String> names;
        List<String> sameNames;
        List<Leaf> leaves;
        Leaf loose;
        Collection<Integer> numbers;
        ArrayList<Color> colors;
        List<Object> objects; // element type not final: no implied elements
        List<? extends Leaf> wildcard; // not a class: no implied elements
    }

    record Pair(List<String> left, List<Leaf> right) implements Serializable {}

    private static final Serialization S = Serialization.builder()
            .classLoader(ImpliedListTest.class.getClassLoader()).build();

    private static Object roundTrip(SerialWriter w, SerialReader r, Object o) throws Exception {
        return PeerMessages.roundTrip(w, r, o);
    }

    private static Holder sample() {
        Holder h = new Holder();
        String bill = new String("Bill Gates");
        h.names = new ArrayList<>(Arrays.asList(bill, null, "Steve Jobs", bill, "gr\u00fc\u00df \u4e16\u754c"));
        h.sameNames = h.names;
        Leaf shared = new Leaf(1);
        shared.children = new ArrayList<>(Arrays.asList(shared, null));
        h.leaves = new ArrayList<>(Arrays.asList(shared, new Leaf(2), null, shared));
        h.loose = shared;
        h.numbers = new ArrayList<>(Arrays.asList(7, null, 123_456));
        h.colors = new ArrayList<>(List.of(Color.GREEN, Color.RED, Color.GREEN));
        h.objects = new ArrayList<>(List.of("x", 1, Color.RED));
        h.wildcard = new ArrayList<>(List.of(new Leaf(3)));
        return h;
    }

    private static void assertSampleCopy(Holder h, Holder c) {
        assertNotSame(h, c);
        assertEquals(h.names, c.names, "null elements and non-Latin-1 strings survive");
        assertInstanceOf(ArrayList.class, c.names);
        assertSame(c.names, c.sameNames, "a list referred to twice stays one list");
        assertNull(c.names.get(1));
        Leaf shared = c.leaves.get(0);
        assertSame(shared, c.leaves.get(3), "shared elements stay one object");
        assertSame(shared, c.loose, "elements share with fields");
        assertSame(shared, shared.children.get(0), "a cycle through a list of the element's own class");
        assertNull(shared.children.get(1));
        assertEquals(2, c.leaves.get(1).v);
        assertNull(c.leaves.get(2));
        assertEquals(h.numbers, c.numbers);
        assertEquals(h.colors, c.colors);
        assertSame(Color.GREEN, c.colors.get(0));
        assertEquals(h.objects, c.objects);
        assertEquals(3, c.wildcard.get(0).v);
    }

    @Test
    void typedListsRoundTripWithNullsSharingAndCycles() throws Exception {
        Holder h = sample();
        SerialWriter w = S.newPeerWriter();
        SerialReader r = S.newReader();
        for (int i = 0; i < 3; i++) { // the first message describes the types, the later ones imply them
            assertSampleCopy(h, (Holder) roundTrip(w, r, h));
        }
        SerialWriter inline = S.newWriter();
        SerialReader inlineReader = S.newReader();
        assertSampleCopy(h, (Holder) roundTrip(inline, inlineReader, h));
        assertSampleCopy(h, (Holder) roundTrip(inline, inlineReader, h));
        assertSampleCopy(h, (Holder) S.fromBytes(S.toBytes(h)));
    }

    @Test
    void stringElementsAreValues() throws Exception {
        Holder c = (Holder) S.fromBytes(S.toBytes(sample()));
        // String elements of a List<String> are values, like String fields: equal, not necessarily the same object
        assertEquals(c.names.get(0), c.names.get(3));
    }

    @Test
    void listsOfOtherClassesKeepTheirClassAndTheTaggedEncoding() throws Exception {
        Holder h = new Holder();
        h.names = new LinkedList<>(Arrays.asList("a", null, "b"));
        h.leaves = List.of(new Leaf(5));
        h.numbers = new HashSet<>(Set.of(1, 2));
        h.objects = Collections.unmodifiableList(new ArrayList<>(List.of("o")));
        Holder c = (Holder) S.fromBytes(S.toBytes(h));
        assertInstanceOf(LinkedList.class, c.names);
        assertEquals(h.names, c.names);
        assertEquals(5, c.leaves.get(0).v);
        assertThrows(UnsupportedOperationException.class, () -> c.leaves.add(null), "List.of decodes unmodifiable");
        assertEquals(Set.of(1, 2), c.numbers);
        assertInstanceOf(HashSet.class, c.numbers);
        assertEquals(List.of("o"), c.objects);
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void anElementOfAnotherClassFallsBackToTheTaggedEncoding() throws Exception {
        Holder h = new Holder();
        List raw = new ArrayList<>(List.of("a", 42)); // heap pollution: an Integer in a List<String>
        h.names = raw;
        Holder c = (Holder) S.fromBytes(S.toBytes(h));
        assertEquals(raw, c.names);

        SerialWriter w = S.newWriter();
        w.beginMessage();
        w.writeList(raw, String.class);
        assertNotEquals(WireFormat.TAG_LIST, w.buffer().get(0));
        w.beginMessage();
        w.writeList(new ArrayList<>(List.of("a")), String.class);
        w.writeList(new LinkedList<>(List.of("a")), String.class);
        w.writeList(null, String.class);
        ByteBuffer b = w.buffer();
        assertEquals(WireFormat.TAG_LIST, b.get(0));
        assertEquals(1, b.get(1), "size");
        assertEquals(3, b.get(2), "a Latin-1 string value of one byte, no tag");
        assertEquals('a', b.get(3));
        assertEquals(WireFormat.TAG_NEW, b.get(4), "a LinkedList is an ordinary object");
    }

    @Test
    void recordComponentsUseTheSameRule() throws Exception {
        Leaf l = new Leaf(4);
        Pair p = new Pair(new ArrayList<>(Arrays.asList("x", null)), new ArrayList<>(Arrays.asList(l, l)));
        SerialWriter w = S.newPeerWriter();
        SerialReader r = S.newReader();
        for (int i = 0; i < 2; i++) {
            Pair back = (Pair) roundTrip(w, r, p);
            assertEquals(p.left(), back.left());
            assertSame(back.right().get(0), back.right().get(1));
        }
    }

    // ---- hostile input --------------------------------------------------------------------------------------

    private static SerialException readFails(byte[] bytes, Class<?> element) {
        SerialReader r = S.newReader();
        r.beginMessage(ByteBuffer.wrap(bytes));
        return assertThrows(SerialException.class,
                () -> {
                    if (element == null) {
                        r.readObject(List.class);
                    } else {
                        r.readList(List.class, element);
                    }
                });
    }

    private static void assertMessage(SerialException e, String part) {
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void aListTagWithoutElementTypeFails() {
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, 0}, null), "no element type");
        SerialReader r = S.newReader();
        r.beginMessage(ByteBuffer.wrap(new byte[] {WireFormat.TAG_LIST, 0}));
        assertMessage(assertThrows(SerialException.class, r::readObject), "no element type");
    }

    @Test
    void lengthsAreCheckedBeforeAllocation() {
        // 2^31 - 1 elements, then 1,000 elements with 2 bytes left
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                0x07}, String.class), "maxArrayLength");
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, (byte) 0xE8, 0x07, 1, 1}, String.class),
                "bytes left");
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                (byte) 0xFF}, String.class), "malformed varint");
    }

    @Test
    void truncatedOrMalformedElementsFail() {
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, 1, 21, 'a'}, String.class), "truncated");
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, 1, 6, (byte) 0xC3, 0x28}, String.class),
                "malformed UTF-8");
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, 1, 9}, Leaf.class), "bad object tag");
        // an implied element before any accepted descriptor: the filter never saw the class
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, 1, WireFormat.TAG_IMPLIED, 0, 0, 0, 0, 0},
                Leaf.class), "before any accepted descriptor");
        // an element of another class than the declared element type
        assertMessage(readFails(new byte[] {WireFormat.TAG_LIST, 1, WireFormat.TAG_NEW, 1, 3, 'a'}, Leaf.class),
                "expected");
    }

    @Test
    void nestingIsLimited() throws Exception {
        Serialization shallow = Serialization.builder().classLoader(ImpliedListTest.class.getClassLoader())
                .maxDepth(8).build();
        Leaf root = new Leaf(0);
        Leaf l = root;
        for (int i = 0; i < 20; i++) {
            Leaf next = new Leaf(i + 1);
            l.children = new ArrayList<>(List.of(next));
            l = next;
        }
        Leaf deep = root;
        assertThrows(SerialException.class, () -> shallow.toBytes(deep));
        byte[] bytes = S.toBytes(deep);
        assertThrows(SerialException.class, () -> shallow.fromBytes(bytes));
    }

    @Test
    void onlyStringAndFinalElementTypesAreAccepted() {
        SerialReader r = S.newReader();
        r.beginMessage(ByteBuffer.wrap(new byte[] {WireFormat.TAG_NULL}));
        assertThrows(IllegalArgumentException.class, () -> r.readList(List.class, Object.class));
    }

    @Test
    void theRuleMatchesTheDeclaredType() throws Exception {
        assertEquals(String.class, WireFormat.listElement(List.class, Holder.class.getDeclaredField("names")
                .getGenericType()));
        assertEquals(Integer.class, WireFormat.listElement(Collection.class, Holder.class.getDeclaredField("numbers")
                .getGenericType()));
        assertEquals(Color.class, WireFormat.listElement(ArrayList.class, Holder.class.getDeclaredField("colors")
                .getGenericType()));
        assertNull(WireFormat.listElement(List.class, Holder.class.getDeclaredField("objects").getGenericType()));
        assertNull(WireFormat.listElement(List.class, Holder.class.getDeclaredField("wildcard").getGenericType()));
        assertNull(WireFormat.listElement(List.class, List.class), "raw");
    }

    // ---- properties -----------------------------------------------------------------------------------------

    @Property(tries = 200, seed = "12")
    void stringListsRoundTrip(@ForAll List<String> strings, @ForAll boolean linked) throws Exception {
        Holder h = new Holder();
        h.names = linked ? new LinkedList<>(strings) : new ArrayList<>(strings);
        h.names.add(null);
        SerialWriter w = S.newPeerWriter();
        SerialReader r = S.newReader();
        for (int round = 0; round < 2; round++) {
            Holder c = (Holder) roundTrip(w, r, h);
            assertEquals(h.names, c.names);
            assertEquals(h.names.getClass(), c.names.getClass());
        }
    }
}
