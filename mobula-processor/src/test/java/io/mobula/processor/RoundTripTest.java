package io.mobula.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.mobula.processor.Compiler.get;
import static io.mobula.processor.Compiler.newInstance;
import static io.mobula.processor.Compiler.set;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import io.mobula.serial.Serializer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Compiles small user classes with the processor, loads the result and sends objects through the runtime:
 * the generated serializers must be the ones used (not the fallback) and must restore every field.
 */
class RoundTripTest {

    /** Compiles, checks the generated code is warning-free, and returns a loader over the classes. */
    private static ClassLoader compile(javax.tools.JavaFileObject... sources) {
        Compilation c = Compiler.withProcessor(sources);
        assertThat(c).succeeded();
        Compiler.assertGeneratedCodeClean(c);
        return Compiler.load(c);
    }

    private static Object roundTrip(ClassLoader loader, Object value) throws SerialException {
        Serialization s = Serialization.builder().classLoader(loader).build();
        return s.fromBytes(s.toBytes(value));
    }

    private static void assertGenerated(Class<?>... classes) {
        Map<Class<?>, Long> fallback = Serialization.fallbackClasses();
        for (Class<?> c : classes) {
            assertFalse(fallback.containsKey(c), c + " went through the reflective fallback");
        }
    }

    @Test
    void primitivesStringsAndArrays() throws Exception {
        ClassLoader loader = compile(JavaFileObjects.forSourceLines("p.Prims",
                "package p;",
                "public class Prims implements java.io.Serializable {",
                "    boolean z; byte b; short s; char c; int i; long j; float f; double d;",
                "    String text; String none;",
                "    private boolean[] zs; byte[] bs; short[] ss; char[] cs; int[] is; long[] js; float[] fs;",
                "    double[] ds; int[] nullArray; String[] strings;",
                "}"));
        Object p = newInstance(loader, "p.Prims");
        set(p, "z", true);
        set(p, "b", (byte) -7);
        set(p, "s", (short) 30000);
        set(p, "c", 'é');
        set(p, "i", Integer.MIN_VALUE);
        set(p, "j", Long.MAX_VALUE);
        set(p, "f", 1.5f);
        set(p, "d", Math.PI);
        set(p, "text", "grüße, \u2603");
        set(p, "zs", new boolean[] {true, false});
        set(p, "bs", new byte[] {1, 2, 3});
        set(p, "ss", new short[] {-1, 1});
        set(p, "cs", new char[] {'x', 'y'});
        set(p, "is", new int[] {1, 2, 3, 4});
        set(p, "js", new long[] {Long.MIN_VALUE});
        set(p, "fs", new float[] {0.25f});
        set(p, "ds", new double[] {1e300, -0.0});
        set(p, "strings", new String[] {"a", null, "c"});

        Object q = roundTrip(loader, p);

        assertNotSame(p, q);
        for (String f : List.of("z", "b", "s", "c", "i", "j", "f", "d", "text", "none", "nullArray")) {
            assertEquals(get(p, f), get(q, f), f);
        }
        assertArrayEquals((boolean[]) get(p, "zs"), (boolean[]) get(q, "zs"));
        assertArrayEquals((byte[]) get(p, "bs"), (byte[]) get(q, "bs"));
        assertArrayEquals((short[]) get(p, "ss"), (short[]) get(q, "ss"));
        assertArrayEquals((char[]) get(p, "cs"), (char[]) get(q, "cs"));
        assertArrayEquals((int[]) get(p, "is"), (int[]) get(q, "is"));
        assertArrayEquals((long[]) get(p, "js"), (long[]) get(q, "js"));
        assertArrayEquals((float[]) get(p, "fs"), (float[]) get(q, "fs"));
        assertArrayEquals((double[]) get(p, "ds"), (double[]) get(q, "ds"));
        assertArrayEquals((Object[]) get(p, "strings"), (Object[]) get(q, "strings"));
        assertGenerated(p.getClass());
    }

    @Test
    void nestedObjectsCyclesAndSharedReferences() throws Exception {
        ClassLoader loader = compile(JavaFileObjects.forSourceLines("p.Node",
                "package p;",
                "public class Node implements java.io.Serializable {",
                "    int value;",
                "    Node next;",
                "    private Node other;",
                "    final Leaf leaf;",
                "    Node() { this.leaf = new Leaf(); }",
                "    static class Leaf implements java.io.Serializable { String name = \"leaf\"; }",
                "}"));
        Object a = newInstance(loader, "p.Node");
        Object b = newInstance(loader, "p.Node");
        set(a, "value", 1);
        set(b, "value", 2);
        set(a, "next", b);
        set(b, "next", a); // cycle a -> b -> a
        set(a, "other", a); // self reference through a private field
        set(b, "other", a);
        Object leaf = newInstance(loader, "p.Node$Leaf");
        set(leaf, "name", "shared");
        set(a, "leaf", leaf);
        set(b, "leaf", leaf); // one object reachable twice

        Object a2 = roundTrip(loader, a);
        Object b2 = get(a2, "next");

        assertEquals(1, get(a2, "value"));
        assertEquals(2, get(b2, "value"));
        assertSame(a2, get(b2, "next"));
        assertSame(a2, get(a2, "other"));
        assertSame(a2, get(b2, "other"));
        assertSame(get(a2, "leaf"), get(b2, "leaf"));
        assertEquals("shared", get(get(a2, "leaf"), "name"));
        assertGenerated(a.getClass(), leaf.getClass());
    }

    @Test
    void inheritanceWithPrivateAndFinalFieldsInAnotherPackage() throws Exception {
        ClassLoader loader = compile(
                JavaFileObjects.forSourceLines("q.Root",
                        "package q;",
                        "public class Root {", // not serializable: its no-arg constructor runs on read
                        "    public int rootState = 5;",
                        "    public Root() {}",
                        "}"),
                JavaFileObjects.forSourceLines("q.Base",
                        "package q;",
                        "public class Base extends Root implements java.io.Serializable {",
                        "    public static int constructed;",
                        "    private final long id;",
                        "    private String label;",
                        "    protected int level;",
                        "    public Base() { id = 0; constructed++; }",
                        "}"),
                JavaFileObjects.forSourceLines("p.Derived",
                        "package p;",
                        "public class Derived extends q.Base {",
                        "    private String label;", // shadows q.Base.label
                        "    final int[] data;",
                        "    Derived() { data = null; }",
                        "}"));
        Object d = newInstance(loader, "p.Derived");
        set(d, "q.Root", "rootState", 99);
        set(d, "q.Base", "id", 42L);
        set(d, "q.Base", "label", "base");
        set(d, "q.Base", "level", 3);
        set(d, "p.Derived", "label", "derived");
        set(d, "p.Derived", "data", new int[] {7, 8});
        Class<?> base = loader.loadClass("q.Base");
        int constructedBefore = base.getField("constructed").getInt(null);

        Object e = roundTrip(loader, d);

        assertEquals(42L, get(e, "q.Base", "id"));
        assertEquals("base", get(e, "q.Base", "label"));
        assertEquals(3, get(e, "q.Base", "level"));
        assertEquals("derived", get(e, "p.Derived", "label"));
        assertArrayEquals(new int[] {7, 8}, (int[]) get(e, "p.Derived", "data"));
        assertEquals(5, get(e, "q.Root", "rootState"), "the non-serializable superclass's constructor runs");
        assertEquals(constructedBefore, base.getField("constructed").getInt(null),
                "serializable constructors must not run");
        assertGenerated(d.getClass());
    }

    @Test
    void recordsUseTheCanonicalConstructor() throws Exception {
        ClassLoader loader = compile(JavaFileObjects.forSourceLines("p.Point",
                "package p;",
                "import java.util.List;",
                "public record Point(int x, String in, List<String> tags, Point value)",
                "        implements java.io.Serializable {",
                "    public Point {",
                "        if (x < 0) throw new IllegalArgumentException(\"negative\");",
                "        tags = tags == null ? null : List.copyOf(tags);",
                "    }",
                "}"));
        Class<?> point = loader.loadClass("p.Point");
        var ctor = point.getDeclaredConstructors()[0];
        Object inner = ctor.newInstance(1, "inner", List.of(), null);
        Object outer = ctor.newInstance(2, "outer", List.of("a", "b"), inner);

        Object copy = roundTrip(loader, outer);

        assertEquals(outer, copy);
        assertNotSame(outer, copy);
        assertGenerated(point);
    }

    @Test
    void genericClassAndPolymorphicFields() throws Exception {
        ClassLoader loader = compile(
                JavaFileObjects.forSourceLines("p.Shape",
                        "package p;",
                        "public interface Shape extends java.io.Serializable { double area(); }"),
                JavaFileObjects.forSourceLines("p.Shapes",
                        "package p;",
                        "public class Shapes implements java.io.Serializable {",
                        "    static final class Circle implements Shape {",
                        "        double r;",
                        "        public double area() { return Math.PI * r * r; }",
                        "    }",
                        "    static class Square implements Shape {",
                        "        double side;",
                        "        public double area() { return side * side; }",
                        "    }",
                        "    static class Box<T extends java.io.Serializable> implements java.io.Serializable {",
                        "        T item;",
                        "        private java.util.List<T> more;",
                        "    }",
                        "    Shape first;",
                        "    Shape second;",
                        "    Object anything;",
                        "    java.io.Serializable ser;",
                        "    Box<Shape> box;",
                        "    Color color;",
                        "    enum Color { RED, GREEN }",
                        "}"));
        Object shapes = newInstance(loader, "p.Shapes");
        Object circle = newInstance(loader, "p.Shapes$Circle");
        set(circle, "r", 2.0);
        Object square = newInstance(loader, "p.Shapes$Square");
        set(square, "side", 3.0);
        Object box = newInstance(loader, "p.Shapes$Box");
        set(box, "item", square);
        set(box, "more", new java.util.ArrayList<>(List.of(circle, square)));
        set(shapes, "first", circle);
        set(shapes, "second", square);
        set(shapes, "anything", 17);
        set(shapes, "ser", "a string in a Serializable field");
        set(shapes, "box", box);
        Object green = loader.loadClass("p.Shapes$Color").getEnumConstants()[1];
        set(shapes, "color", green);

        Object copy = roundTrip(loader, shapes);

        Object first = get(copy, "first");
        Object second = get(copy, "second");
        assertEquals(circle.getClass(), first.getClass());
        assertEquals(2.0, get(first, "r"));
        assertEquals(square.getClass(), second.getClass());
        assertEquals(17, get(copy, "anything"));
        assertEquals("a string in a Serializable field", get(copy, "ser"));
        Object box2 = get(copy, "box");
        assertSame(second, get(box2, "item"), "shared reference kept across a generic field");
        List<?> more = (List<?>) get(box2, "more");
        assertSame(first, more.get(0));
        assertSame(second, more.get(1));
        assertSame(green, get(copy, "color"));
        assertGenerated(shapes.getClass(), circle.getClass(), square.getClass(), box.getClass());
    }

    /** Readers resolve a class's serializer before comparing fingerprints: that must not initialize it. */
    @Test
    void generatedSerializerInitializesItsClassOnlyOnTheFirstRead() throws Exception {
        ClassLoader loader = compile(JavaFileObjects.forSourceLines("p.Noisy",
                "package p;",
                "public class Noisy implements java.io.Serializable {",
                "    static { System.setProperty(\"mobula.test.noisy\", \"initialized\"); }",
                "    int n = 3;",
                "}"));
        System.clearProperty("mobula.test.noisy");
        Class<?> noisy = Class.forName("p.Noisy", false, loader);
        Serializer<?> generated = (Serializer<?>) Class.forName("p.Noisy_MobulaSerializer", true, loader)
                .getConstructor().newInstance();
        assertSame(noisy, generated.type());
        generated.fingerprint();
        assertEquals(null, System.getProperty("mobula.test.noisy"), "serializer set-up initialized p.Noisy");
        assertEquals(3, get(roundTrip(loader, newInstance(loader, "p.Noisy")), "n"));
        assertEquals("initialized", System.getProperty("mobula.test.noisy"));
        assertGenerated(noisy);
    }

    @Test
    void enumsAreLeftToTheRuntimesBuiltInSerializer() throws Exception {
        Compilation c = Compiler.withProcessor(JavaFileObjects.forSourceLines("p.Level",
                "package p;",
                "public enum Level {",
                "    LOW, MID { @Override public String toString() { return \"mid\"; } }, HIGH;",
                "    static class Holder implements java.io.Serializable { Level level; }",
                "}"));
        assertThat(c).succeeded();
        assertEquals(List.of("p/Level_Holder_MobulaSerializer.java"), Compiler.generatedSources(c));
        ClassLoader loader = Compiler.load(c);
        Class<?> level = loader.loadClass("p.Level");
        Serialization s = Serialization.builder().classLoader(loader).build();
        for (Object constant : level.getEnumConstants()) { // MID has a body: its class is a subclass
            assertSame(constant, s.fromBytes(s.toBytes(constant)));
        }
        Object holder = newInstance(loader, "p.Level$Holder");
        set(holder, "level", level.getEnumConstants()[1]);
        assertSame(level.getEnumConstants()[1], get(roundTrip(loader, holder), "level"));
        assertFalse(Serialization.fallbackClasses().containsKey(level), "enums never take the fallback");
    }

    @Test
    void unnamedPackageAndNestedNames() throws Exception {
        Compilation c = Compiler.withProcessor(JavaFileObjects.forSourceLines("Outer",
                "public class Outer {",
                "    static class Inner implements java.io.Serializable {",
                "        static class Deeper implements java.io.Serializable { int n; }",
                "        Deeper deeper;",
                "    }",
                "}"));
        assertThat(c).succeeded();
        Compiler.assertGeneratedCodeClean(c);
        assertEquals(List.of("Outer_Inner_Deeper_MobulaSerializer.java", "Outer_Inner_MobulaSerializer.java"),
                Compiler.generatedSources(c));
        ClassLoader loader = Compiler.load(c);
        Object inner = newInstance(loader, "Outer$Inner");
        Object deeper = newInstance(loader, "Outer$Inner$Deeper");
        set(deeper, "n", 9);
        set(inner, "deeper", deeper);
        Object copy = roundTrip(loader, inner);
        assertEquals(9, get(get(copy, "deeper"), "n"));
        assertGenerated(inner.getClass(), deeper.getClass());
    }

    /** Private nested classes cannot be named by generated code; they are resolved once and reached by handles. */
    @Test
    void privateNestedClassesAndFieldsOfTheirType() throws Exception {
        ClassLoader loader = compile(JavaFileObjects.forSourceLines("p.Chain",
                "package p;",
                "public class Chain implements java.io.Serializable {",
                "    private Link head;",
                "    final Link[] all;",
                "    Chain() { all = new Link[2]; }",
                "    private static class Link implements java.io.Serializable {",
                "        private final int value;",
                "        Link next;",
                "        private Link() { value = -1; }",
                "    }",
                "}"));
        Object chain = newInstance(loader, "p.Chain");
        Object first = newInstance(loader, "p.Chain$Link");
        Object second = newInstance(loader, "p.Chain$Link");
        set(first, "value", 1);
        set(second, "value", 2);
        set(first, "next", second);
        set(second, "next", first);
        set(chain, "head", first);
        Object[] all = (Object[]) get(chain, "all");
        all[0] = first;
        all[1] = second;

        Object copy = roundTrip(loader, chain);

        Object head = get(copy, "head");
        assertEquals(1, get(head, "value"));
        assertEquals(2, get(get(head, "next"), "value"));
        assertSame(head, get(get(head, "next"), "next"));
        Object[] copied = (Object[]) get(copy, "all");
        assertEquals(all.getClass(), copied.getClass());
        assertSame(head, copied[0]);
        assertSame(get(head, "next"), copied[1]);
        assertGenerated(chain.getClass(), first.getClass());
    }

    @Test
    void finalDeclaredTypesAreImpliedAndAgreeWithTheFallback() throws Exception {
        Compilation c = Compiler.withProcessor(JavaFileObjects.forSourceLines("p.Finals",
                "package p;",
                "public final class Finals implements java.io.Serializable {",
                "    public enum Kind { A, B }",
                "    public record Pair(int x, Kind kind) implements java.io.Serializable {}",
                "    public static final class Leaf implements java.io.Serializable { int v; Leaf self; }",
                "    private static final class Secret implements java.io.Serializable { long w; }",
                "    Kind kind; Kind none; Pair pair; Leaf leaf; Leaf sameLeaf; Integer boxed; Object any;",
                "    private Secret secret; Leaf[] leaves;",
                "    public static Finals sample() {",
                "        Finals f = new Finals();",
                "        f.kind = Kind.B; f.pair = new Pair(3, Kind.A); f.leaf = new Leaf(); f.leaf.v = 4;",
                "        f.leaf.self = f.leaf; f.sameLeaf = f.leaf; f.boxed = 5; f.any = new Leaf();",
                "        f.secret = new Secret(); f.secret.w = 6; f.leaves = new Leaf[] {f.leaf, null};",
                "        return f;",
                "    }",
                "}"));
        assertThat(c).succeeded();
        Compiler.assertGeneratedCodeClean(c);
        StringBuilder sources = new StringBuilder();
        for (javax.tools.JavaFileObject file : c.generatedSourceFiles()) {
            sources.append(file.getCharContent(true)).append('\n');
        }
        String generated = sources.toString();
        for (String call : List.of("out.writeFinal(value.kind, p.Finals.Kind.class)",
                "out.writeFinal(value.pair, p.Finals.Pair.class)", "out.writeFinal(value.boxed, ",
                "out.writeObject(value.any)", "out.writeObject(value.leaves)", "out.writeFinal(value.kind(), ")) {
            assertTrue(generated.contains(call), call + " in\n" + generated);
        }
        ClassLoader loader = Compiler.load(c);
        Object f = loader.loadClass("p.Finals").getMethod("sample").invoke(null);
        Serialization generatedSide = Serialization.builder().classLoader(loader).build();
        Serialization fallbackSide = Serialization.builder().classLoader(loader).generatedSerializers(false).build();
        byte[] viaGenerated = generatedSide.toBytes(f);
        assertGenerated(f.getClass()); // before the fallback side touches the class
        byte[] viaFallback = fallbackSide.toBytes(f);
        assertArrayEquals(viaGenerated, viaFallback, "generated code and the fallback write the same bytes");
        for (Object q : List.of(generatedSide.fromBytes(viaFallback), fallbackSide.fromBytes(viaGenerated))) {
            assertNotSame(f, q);
            assertSame(get(q, "kind"), get(f, "kind"));
            assertEquals(get(f, "pair"), get(q, "pair"));
            Object leaf = get(q, "leaf");
            assertSame(leaf, get(q, "sameLeaf"));
            assertSame(leaf, get(leaf, "self"));
            assertSame(leaf, ((Object[]) get(q, "leaves"))[0]);
            assertEquals(5, get(q, "boxed"));
            assertEquals(6L, get(get(q, "secret"), "w"));
        }
    }

    @Test
    void listsOfStringAndFinalElementsImplyTheElementTypeAndAgreeWithTheFallback() throws Exception {
        Compilation c = Compiler.withProcessor(JavaFileObjects.forSourceLines("p.Lists",
                "package p;",
                "import java.util.*;",
                "public final class Lists implements java.io.Serializable {",
                "    public enum Kind { A, B }",
                "    public static final class Leaf implements java.io.Serializable { int v; List<Leaf> kids; }",
                "    private static final class Secret implements java.io.Serializable { long w; }",
                "    public record Rec(List<String> names, Collection<Kind> kinds) implements java.io.Serializable {}",
                "    List<String> names; List<String> sameNames; List<Leaf> leaves; Leaf loose;",
                "    Collection<Integer> numbers; ArrayList<Kind> kinds; private List<Secret> secrets;",
                "    List<Object> objects; List<? extends Leaf> wild; List<String> linked; Collection<String> set;",
                "    Rec rec;",
                "    public static Lists sample() {",
                "        Lists l = new Lists();",
                "        String bill = new String(\"Bill Gates\");",
                "        l.names = new ArrayList<>(Arrays.asList(bill, null, \"Steve Jobs\", bill));",
                "        l.sameNames = l.names;",
                "        Leaf leaf = new Leaf(); leaf.v = 4; leaf.kids = new ArrayList<>(Arrays.asList(leaf, null));",
                "        l.leaves = new ArrayList<>(Arrays.asList(leaf, null, leaf)); l.loose = leaf;",
                "        l.numbers = new ArrayList<>(Arrays.asList(1, null, 3));",
                "        l.kinds = new ArrayList<>(List.of(Kind.B, Kind.A));",
                "        Secret s = new Secret(); s.w = 6; l.secrets = new ArrayList<>(List.of(s));",
                "        l.objects = new ArrayList<>(List.of(\"x\", 1)); l.wild = new ArrayList<>(List.of(new Leaf()));",
                "        l.linked = new LinkedList<>(Arrays.asList(\"a\", null)); l.set = new HashSet<>(Set.of(\"s\"));",
                "        l.rec = new Rec(new ArrayList<>(List.of(\"r\")), new ArrayList<>(List.of(Kind.A)));",
                "        return l;",
                "    }",
                "}"));
        assertThat(c).succeeded();
        Compiler.assertGeneratedCodeClean(c);
        StringBuilder sources = new StringBuilder();
        for (javax.tools.JavaFileObject file : c.generatedSourceFiles()) {
            sources.append(file.getCharContent(true)).append('\n');
        }
        String generated = sources.toString();
        for (String call : List.of("out.writeList(value.names, java.lang.String.class)",
                "in.readList(java.util.List.class, java.lang.String.class)",
                "out.writeList(value.leaves, p.Lists.Leaf.class)", "out.writeList(value.numbers, java.lang.Integer.class)",
                "in.readList(java.util.Collection.class, java.lang.Integer.class)",
                "out.writeList(value.kinds, p.Lists.Kind.class)", "CLASS_Lists_Secret",
                "out.writeObject(value.objects)", "out.writeObject(value.wild)", "out.writeList(value.names(), ")) {
            assertTrue(generated.contains(call), call + " in\n" + generated);
        }
        ClassLoader loader = Compiler.load(c);
        Object f = loader.loadClass("p.Lists").getMethod("sample").invoke(null);
        Serialization generatedSide = Serialization.builder().classLoader(loader).build();
        Serialization fallbackSide = Serialization.builder().classLoader(loader).generatedSerializers(false).build();
        byte[] viaGenerated = generatedSide.toBytes(f);
        assertGenerated(f.getClass()); // before the fallback side touches the class
        byte[] viaFallback = fallbackSide.toBytes(f);
        assertArrayEquals(viaGenerated, viaFallback, "generated code and the fallback write the same bytes");
        for (Object q : List.of(generatedSide.fromBytes(viaFallback), fallbackSide.fromBytes(viaGenerated),
                generatedSide.fromBytes(viaGenerated))) {
            assertNotSame(f, q);
            assertEquals(get(f, "names"), get(q, "names"));
            assertSame(get(q, "names"), get(q, "sameNames"));
            List<?> leaves = (List<?>) get(q, "leaves");
            assertSame(leaves.get(0), leaves.get(2), "shared elements");
            assertSame(leaves.get(0), get(q, "loose"));
            assertSame(leaves.get(0), ((List<?>) get(leaves.get(0), "kids")).get(0), "a cycle through a list");
            assertEquals(get(f, "numbers"), get(q, "numbers"));
            assertEquals(get(f, "kinds"), get(q, "kinds"));
            assertEquals(6L, get(((List<?>) get(q, "secrets")).get(0), "w"));
            assertEquals(get(f, "objects"), get(q, "objects"));
            assertEquals(java.util.LinkedList.class, get(q, "linked").getClass(), "another list class is kept");
            assertEquals(get(f, "linked"), get(q, "linked"));
            assertEquals(java.util.HashSet.class, get(q, "set").getClass(), "a set in a Collection field is kept");
            assertEquals(get(f, "rec"), get(q, "rec"));
        }
    }
}
