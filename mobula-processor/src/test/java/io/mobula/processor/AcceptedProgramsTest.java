package io.mobula.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.mobula.processor.Compiler.get;
import static io.mobula.processor.Compiler.newInstance;
import static io.mobula.processor.Compiler.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Programs javac and Java serialization accept compile with the processor (with a warning) and behave at run
 * time as with Java serialization: what works there works here, and what fails fails the same way.
 */
class AcceptedProgramsTest {

    private static ClassLoader compileWithWarnings(JavaFileObject... sources) {
        Compilation c = Compiler.withProcessor(sources);
        assertThat(c).succeeded();
        assertTrue(c.warnings().stream().anyMatch(w -> w.getSource() != null
                && !w.getSource().getName().contains("_Mobula")), "expected a warning on the user's code");
        Compiler.assertGeneratedCodeClean(c);
        return Compiler.load(c);
    }

    private static Serialization serialization(ClassLoader loader) {
        return Serialization.builder().classLoader(loader).build();
    }

    /** Java serialization in the compiled classes' loader: writes, then reads back. */
    private static Object javaRoundTrip(ClassLoader loader, Object value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
            @Override
            protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }
        }) {
            return in.readObject();
        }
    }

    @Test
    void withoutAValidConstructorObjectsAreWrittenButNotRead() throws Exception {
        ClassLoader loader = compileWithWarnings(JavaFileObjects.forSourceLines("p.Base",
                "package p;",
                "public class Base {",
                "    final int size;",
                "    public Base(int size) { this.size = size; }",
                "}"), JavaFileObjects.forSourceLines("p.Sub",
                "package p;",
                "public class Sub extends Base implements java.io.Serializable {",
                "    int own = 7;",
                "    public Sub() { super(1); }",
                "}"));
        Object sub = newInstance(loader, "p.Sub");

        InvalidClassException java = assertThrows(InvalidClassException.class, () -> javaRoundTrip(loader, sub));
        assertEquals("p.Sub; no valid constructor", java.getMessage());

        Serialization s = serialization(loader);
        byte[] bytes = s.toBytes(sub); // writing works, as with ObjectOutputStream
        assertTrue(bytes.length > 0);
        SerialException e = assertThrows(SerialException.class, () -> s.fromBytes(bytes));
        assertEquals(java.getMessage(), e.getMessage());
        assertInstanceOf(InvalidClassException.class, e.getCause());
        assertFalse(Serialization.fallbackClasses().containsKey(sub.getClass()), "the generated serializer is used");
    }

    @Test
    void aFieldThatCanNeverBeSerializedMayStillBeNull() throws Exception {
        ClassLoader loader = compileWithWarnings(JavaFileObjects.forSourceLines("p.Job",
                "package p;",
                "public class Job implements java.io.Serializable {",
                "    int id;",
                "    Thread worker;",
                "}"));
        Object job = newInstance(loader, "p.Job");
        set(job, "id", 42);
        Serialization s = serialization(loader);
        Object copy = s.fromBytes(s.toBytes(job));
        assertEquals(42, get(copy, "id"));
        assertNull(get(copy, "worker"));
        assertEquals(42, get(javaRoundTrip(loader, job), "id"));

        set(job, "worker", Thread.currentThread());
        assertThrows(java.io.NotSerializableException.class, () -> javaRoundTrip(loader, job));
        SerialException e = assertThrows(SerialException.class, () -> s.toBytes(job));
        assertTrue(e.getMessage().contains("java.lang.Thread"), e.getMessage());
    }

    @Test
    void anInnerClassTravelsWithItsEnclosingInstance() throws Exception {
        ClassLoader loader = compileWithWarnings(JavaFileObjects.forSourceLines("p.Outer",
                "package p;",
                "public class Outer implements java.io.Serializable {",
                "    int base = 5;",
                "    public class Inner implements java.io.Serializable {",
                "        int x = 3;",
                "        public int sum() { return base + x; }",
                "    }",
                "    public static Object make() { return new Outer().new Inner(); }",
                "}"));
        Object inner = loader.loadClass("p.Outer").getMethod("make").invoke(null);
        Serialization s = serialization(loader);
        Object copy = s.fromBytes(s.toBytes(inner));
        assertNotSame(inner, copy);
        assertEquals(8, copy.getClass().getMethod("sum").invoke(copy));
        Object javaCopy = javaRoundTrip(loader, inner);
        assertEquals(8, javaCopy.getClass().getMethod("sum").invoke(javaCopy));
    }

    @Test
    void classesWhoseSerializerNameIsTakenUseTheFallback() throws Exception {
        ClassLoader loader = compileWithWarnings(JavaFileObjects.forSourceLines("p.A",
                "package p;",
                "public class A {",
                "    static class B implements java.io.Serializable { int x; }",
                "}"), JavaFileObjects.forSourceLines("p.A_B",
                "package p;",
                "public class A_B implements java.io.Serializable { int y; }"), JavaFileObjects.forSourceLines(
                "p.Money", "package p;",
                "public class Money implements java.io.Serializable { long cents; }"), JavaFileObjects.forSourceLines(
                "p.Money_MobulaSerializer", "package p;",
                "public class Money_MobulaSerializer { }"));
        Serialization s = serialization(loader);
        for (String[] c : new String[][] {{"p.A$B", "x"}, {"p.A_B", "y"}, {"p.Money", "cents"}}) {
            Object o = newInstance(loader, c[0]);
            Object value = c[1].equals("cents") ? (Object) 1234L : (Object) 9;
            set(o, c[1], value);
            Object copy = s.fromBytes(s.toBytes(o));
            assertSame(o.getClass(), copy.getClass());
            assertEquals(value, get(copy, c[1]));
        }
        assertTrue(Serialization.fallbackClasses().containsKey(loader.loadClass("p.Money")));
    }
}
