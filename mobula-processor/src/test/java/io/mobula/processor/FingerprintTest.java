package io.mobula.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.mobula.processor.Compiler.get;
import static io.mobula.processor.Compiler.newInstance;
import static io.mobula.processor.Compiler.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.mobula.serial.FallbackProbe;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import io.mobula.serial.Serializer;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The generated serializer and the runtime fallback must agree on the layout (contract.md): same
 * fingerprint, same field order, so a peer with generated code talks to a peer without it.
 */
class FingerprintTest {
    private static final JavaFileObject[] SOURCES = {
        JavaFileObjects.forSourceLines("q.Base",
                "package q;",
                "public class Base implements java.io.Serializable {",
                "    private final long id;",
                "    protected String zeta;",
                "    int alpha;",
                "    transient int skipped;",
                "    static int ignored;",
                "    public Base() { id = 0; }",
                "}"),
        JavaFileObjects.forSourceLines("p.Item",
                "package p;",
                "import java.util.List;",
                "public class Item extends q.Base {",
                "    private String zeta;",
                "    double[] values;",
                "    List<String> names;",
                "    Item next;",
                "    byte b;",
                "    public record Pair(String right, int left, Object[] more) implements java.io.Serializable {}",
                "}")
    };

    private static Serializer<?> generated(ClassLoader loader, String name) throws Exception {
        return (Serializer<?>) loader.loadClass(name).getConstructor().newInstance();
    }

    @Test
    void generatedFingerprintsEqualTheFallbacks() throws Exception {
        Compilation c = Compiler.withProcessor(SOURCES);
        assertThat(c).succeeded();
        ClassLoader loader = Compiler.load(c);
        for (String type : List.of("q.Base", "p.Item", "p.Item$Pair")) {
            Serializer<?> s = generated(loader, type.replace('$', '_') + "_MobulaSerializer");
            assertEquals(FallbackProbe.fallbackFingerprint(loader.loadClass(type)), s.fingerprint(), type);
        }
        Serializer<?> item = generated(loader, "p.Item_MobulaSerializer");
        assertEquals(io.mobula.serial.Fingerprint.of("q.Base", "alpha:I", "id:J", "zeta:Ljava/lang/String;",
                "p.Item", "b:B", "names:Ljava/util/List;", "next:Lp/Item;", "values:[D",
                "zeta:Ljava/lang/String;"), item.fingerprint(), "parts as contract.md lists them");
        assertNotEquals(generated(loader, "q.Base_MobulaSerializer").fingerprint(), item.fingerprint());
    }

    /** Bytes written by generated code are read by the fallback of a peer compiled without the processor. */
    @Test
    void generatedAndFallbackPeersInteroperate() throws Exception {
        ClassLoader withGenerated = Compiler.load(Compiler.withProcessor(SOURCES));
        Compilation plain = Compiler.withoutProcessor(SOURCES);
        assertThat(plain).succeeded();
        ClassLoader withoutGenerated = Compiler.load(plain);

        Object item = newInstance(withGenerated, "p.Item");
        set(item, "q.Base", "id", 7L);
        set(item, "q.Base", "zeta", "base zeta");
        set(item, "q.Base", "alpha", 1);
        set(item, "p.Item", "zeta", "item zeta");
        set(item, "values", new double[] {1, 2});
        set(item, "names", List.of("x", "y"));
        set(item, "next", item);
        set(item, "b", (byte) 4);

        byte[] bytes = Serialization.builder().classLoader(withGenerated).build().toBytes(item);
        Object read = Serialization.builder().classLoader(withoutGenerated).build().fromBytes(bytes);
        Object back = Serialization.builder().classLoader(withGenerated).build()
                .fromBytes(Serialization.builder().classLoader(withoutGenerated).build().toBytes(read));

        for (Object o : List.of(read, back)) {
            assertEquals(7L, get(o, "q.Base", "id"));
            assertEquals("base zeta", get(o, "q.Base", "zeta"));
            assertEquals(1, get(o, "q.Base", "alpha"));
            assertEquals("item zeta", get(o, "p.Item", "zeta"));
            assertEquals(List.of("x", "y"), get(o, "names"));
            assertEquals((byte) 4, get(o, "b"));
            assertSame(o, get(o, "next"));
        }
        assertEquals(withoutGenerated, read.getClass().getClassLoader());
        assertEquals(withGenerated, back.getClass().getClassLoader());
        assertTrue(Serialization.fallbackClasses().containsKey(read.getClass()), "the plain peer used the fallback");
        assertTrue(!Serialization.fallbackClasses().containsKey(item.getClass()), "the other used generated code");
    }

    /** A peer whose class changed a field's type is refused by name, not decoded into garbage. */
    @Test
    void changedLayoutIsRefused() throws Exception {
        ClassLoader v1 = Compiler.load(Compiler.withProcessor(JavaFileObjects.forSourceLines("p.Counter",
                "package p;",
                "public class Counter implements java.io.Serializable { int count; }")));
        ClassLoader v2 = Compiler.load(Compiler.withProcessor(JavaFileObjects.forSourceLines("p.Counter",
                "package p;",
                "public class Counter implements java.io.Serializable { long count; }")));
        byte[] bytes = Serialization.builder().classLoader(v1).build().toBytes(newInstance(v1, "p.Counter"));
        SerialException e = assertThrows(SerialException.class,
                () -> Serialization.builder().classLoader(v2).build().fromBytes(bytes));
        assertTrue(e.getMessage().contains("p.Counter"), e.getMessage());
    }
}
