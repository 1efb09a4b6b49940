package io.mobula.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Diagnostics on the user's element: what javac and Java serialization accept is never an error, only a warning
 * (with the run-time failure it leads to); hook classes get a note.
 */
class DiagnosticsTest {

    @Test
    void innerClassIsAWarningAndLeftToTheFallback() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Outer",
                "package p;",
                "public class Outer {",
                "    class Inner implements java.io.Serializable {",
                "        int x;",
                "    }",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("inner class p.Outer.Inner captures an instance of its enclosing class")
                .inFile(src).onLine(3);
        assertThat(c).hadWarningContaining("Declare it 'static'").inFile(src).onLine(3);
        assertEquals(List.of(), Compiler.generatedSources(c));
    }

    @Test
    void fieldOfNeverSerializableTypeIsAWarning() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Job",
                "package p;",
                "public class Job implements java.io.Serializable {",
                "    int id;",
                "    Thread worker;",
                "    Handle handle;",
                "    transient Thread ok;",
                "    static Thread alsoOk;",
                "    java.util.Optional<String> builtin;",
                "    static final class Handle { }",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("field 'worker' of serializable class p.Job has type java.lang.Thread,"
                + " which can never be serialized").inFile(src).onLine(4);
        assertThat(c).hadWarningContaining("sending an object fails unless the field is null; mark the field"
                + " 'transient'").inFile(src).onLine(4);
        assertThat(c).hadWarningContaining("field 'handle' of serializable class p.Job has type p.Job.Handle")
                .inFile(src).onLine(5);
        assertEquals(List.of("p/Job_MobulaSerializer.java"), Compiler.generatedSources(c));
        Compiler.assertGeneratedCodeClean(c);
    }

    @Test
    void recordComponentOfNeverSerializableType() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Task",
                "package p;",
                "public record Task(String name,",
                "        Thread runner) implements java.io.Serializable {}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("component 'runner' of serializable class p.Task has type"
                + " java.lang.Thread").inFile(src).onLine(3);
    }

    @Test
    void firstNonSerializableSuperclassWithoutNoArgConstructorIsAWarning() {
        JavaFileObject base = JavaFileObjects.forSourceLines("p.Base",
                "package p;",
                "public class Base {",
                "    private final int size;",
                "    public Base(int size) { this.size = size; }",
                "}");
        JavaFileObject sub = JavaFileObjects.forSourceLines("p.Sub",
                "package p;",
                "public class Sub extends Base implements java.io.Serializable {",
                "    Sub() { super(1); }",
                "}");
        Compilation c = Compiler.withProcessor(base, sub);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("serializable class p.Sub can never be deserialized: its first"
                + " non-serializable superclass p.Base has no no-arg constructor").inFile(sub).onLine(2);
        assertThat(c).hadWarningContaining("instances can be sent but reading one fails"
                + " (java.io.InvalidClassException: no valid constructor)").inFile(sub).onLine(2);
        assertEquals(List.of("p/Sub_MobulaSerializer.java"), Compiler.generatedSources(c));
        Compiler.assertGeneratedCodeClean(c);
    }

    @Test
    void flattenedNamesThatCollideAreAWarning() {
        JavaFileObject nested = JavaFileObjects.forSourceLines("p.A",
                "package p;",
                "public class A {",
                "    static class B implements java.io.Serializable { int x; }",
                "}");
        JavaFileObject flat = JavaFileObjects.forSourceLines("p.A_B",
                "package p;",
                "public class A_B implements java.io.Serializable { int y; }");
        Compilation c = Compiler.withProcessor(nested, flat);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("the serializer name p.A_B_MobulaSerializer of");
        assertThat(c).hadWarningContaining("the slower runtime fallback serializes it");
        assertEquals(List.of("p/A_B_MobulaSerializer.java"), Compiler.generatedSources(c));
    }

    @Test
    void existingUserClassWithTheGeneratedNameIsAWarning() {
        JavaFileObject user = JavaFileObjects.forSourceLines("p.Money",
                "package p;",
                "public class Money implements java.io.Serializable { long cents; }");
        JavaFileObject clash = JavaFileObjects.forSourceLines("p.Money_MobulaSerializer",
                "package p;",
                "public class Money_MobulaSerializer { }");
        Compilation c = Compiler.withProcessor(user, clash);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("class p.Money_MobulaSerializer already exists and is not a"
                + " Serializer<Money>, so the slower runtime fallback serializes it; rename that class")
                .inFile(user).onLine(2);
    }

    @Test
    void handWrittenSerializerIsRespected() {
        JavaFileObject user = JavaFileObjects.forSourceLines("p.Money",
                "package p;",
                "public class Money implements java.io.Serializable { long cents; }");
        JavaFileObject own = JavaFileObjects.forSourceLines("p.Money_MobulaSerializer",
                "package p;",
                "import io.mobula.serial.*;",
                "public final class Money_MobulaSerializer implements Serializer<Money> {",
                "    public Class<Money> type() { return Money.class; }",
                "    public long fingerprint() { return 1; }",
                "    public void write(SerialWriter out, Money m) throws java.io.IOException {",
                "        out.writeLong(m.cents);",
                "    }",
                "    public Money read(SerialReader in) throws java.io.IOException {",
                "        Money m = new Money(); in.register(m); m.cents = in.readLong(); return m;",
                "    }",
                "}");
        Compilation c = Compiler.withProcessor(user, own);
        assertThat(c).succeeded();
        assertThat(c).hadNoteContaining("using the hand-written serializer p.Money_MobulaSerializer")
                .inFile(user).onLine(2);
        assertEquals(List.of(), Compiler.generatedSources(c));
    }

    @Test
    void classesWithSerializationHooksUseTheRuntimePath() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Hooks",
                "package p;",
                "import java.io.*;",
                "public class Hooks {",
                "    static class Custom implements Serializable {",
                "        int x;",
                "        private void writeObject(ObjectOutputStream out) throws IOException {}",
                "    }",
                "    static class Replaced implements Serializable {",
                "        Object writeReplace() { return this; }",
                "    }",
                "    static class Ext implements Externalizable {",
                "        public Ext() {}",
                "        public void writeExternal(ObjectOutput o) {}",
                "        public void readExternal(ObjectInput i) {}",
                "    }",
                "    static class Child extends Custom { int y; }",
                "    static class Plain implements Serializable { int z; }",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadNoteContaining("p.Hooks.Custom declares writeObject(ObjectOutputStream)")
                .inFile(src).onLine(4);
        assertThat(c).hadNoteContaining("p.Hooks.Replaced declares writeReplace()").inFile(src).onLine(8);
        assertThat(c).hadNoteContaining("p.Hooks.Ext implements java.io.Externalizable").inFile(src).onLine(11);
        assertThat(c).hadNoteContaining("p.Hooks.Child has a superclass p.Hooks.Custom that declares writeObject")
                .inFile(src).onLine(16);
        assertEquals(List.of("p/Hooks_Plain_MobulaSerializer.java"), Compiler.generatedSources(c));
    }

    @Test
    void aRemoteObjectWithInheritedHooksIsSaidToTravelAsItsStub() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Served",
                "package p;",
                "import java.rmi.*;",
                "public class Served {",
                "    public interface Svc extends Remote { int f() throws RemoteException; }",
                "    static class Impl extends io.mobula.rmi.server.UnicastRemoteObject implements Svc {",
                "        Impl() throws RemoteException {}",
                "        public int f() { return 1; }",
                "    }",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadNoteContaining("p.Served.Impl is a remote object: once exported it travels as its stub")
                .inFile(src).onLine(5);
        assertThat(c).hadNoteContaining("the runtime fallback serializes that one and honours the hook")
                .inFile(src).onLine(5);
    }

    @Test
    void exceptionsAreLeftToTheRuntimesExceptionSerializerWithoutANote() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Faults",
                "package p;",
                "public class Faults {",
                "    static class Shortfall extends Exception {",
                "        final long missing;",
                "        Shortfall(long missing) { this.missing = missing; }",
                "    }",
                "    static class Io extends java.io.IOException { int code; }",
                "    static class Plain implements java.io.Serializable { int z; }",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertEquals(List.of("p/Faults_Plain_MobulaSerializer.java"), Compiler.generatedSources(c));
        assertEquals(List.of(), c.notes().stream().map(d -> d.getMessage(null))
                .filter(m -> m.contains("Faults")).toList());
    }

    @Test
    void suspiciousCodeIsAWarning() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Doubtful",
                "package p;",
                "public class Doubtful implements java.io.Serializable {",
                "    java.io.InputStream stream;",
                "    Thread[] threads;",
                "    void writeObject(java.io.ObjectOutputStream out) {}",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("field 'stream' of serializable class p.Doubtful has type"
                + " java.io.InputStream, which does not implement java.io.Serializable").inFile(src).onLine(3);
        assertThat(c).hadWarningContaining("field 'threads' of serializable class p.Doubtful is an array of"
                + " java.lang.Thread").inFile(src).onLine(4);
        assertThat(c).hadWarningContaining("writeObject(java.io.ObjectOutputStream) is not a serialization hook")
                .inFile(src).onLine(5);
        assertEquals(List.of("p/Doubtful_MobulaSerializer.java"), Compiler.generatedSources(c));
    }

    @Test
    void skippedSilently() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Skipped",
                "package p;",
                "public abstract class Skipped implements java.io.Serializable {",
                "    interface Api extends java.io.Serializable {}",
                "    void method() {",
                "        class Local implements java.io.Serializable {}",
                "        Object anonymous = new java.io.Serializable() {};",
                "    }",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeededWithoutWarnings();
        assertEquals(List.of(), Compiler.generatedSources(c));
        assertEquals(0, c.notes().size(), Compiler.describe(c));
    }

    @Test
    void privateRecordsAreLeftToTheRuntimeWithANoteAndEnumsSilently() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Holder",
                "package p;",
                "public class Holder implements java.io.Serializable {",
                "    private record Secret(int x) implements java.io.Serializable { }",
                "    private enum Mode { A, B }",
                "    private static class Hidden implements java.io.Serializable { int y; }",
                "    Object secret = new Secret(1);",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadNoteContaining("p.Holder.Secret is private").inFile(src).onLine(3);
        assertEquals(List.of(), c.notes().stream().filter(n -> n.getMessage(null).contains("Mode")).toList(),
                "enums are never generated, so being private is nothing to note");
        assertEquals(List.of("p/Holder_Hidden_MobulaSerializer.java", "p/Holder_MobulaSerializer.java"),
                Compiler.generatedSources(c));
    }

    @Test
    void missingFieldTypeIsLeftToJavac() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Broken",
                "package p;",
                "public class Broken implements java.io.Serializable {",
                "    Missing field;",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("cannot find symbol").inFile(src).onLine(3);
        assertThat(c).hadErrorCount(1);
    }

    /** A field whose type another processor generates in a later round waits for it. */
    @Test
    void typesGeneratedByAnotherProcessorAreAwaited() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Uses",
                "package p;",
                "public class Uses implements java.io.Serializable {",
                "    Later later;",
                "}");
        Compilation c = com.google.testing.compile.Compiler.javac()
                .withProcessors(new MobulaProcessor(), new GeneratesLater())
                .compile(src);
        assertThat(c).succeeded();
        assertEquals(List.of("p/Later.java", "p/Later_MobulaSerializer.java", "p/Uses_MobulaSerializer.java"),
                Compiler.generatedSources(c));
    }

    /** Writes {@code p.Later} in its first round, like any code-generating processor would. */
    @javax.annotation.processing.SupportedAnnotationTypes("*")
    static final class GeneratesLater extends javax.annotation.processing.AbstractProcessor {
        private boolean done;

        @Override
        public javax.lang.model.SourceVersion getSupportedSourceVersion() {
            return javax.lang.model.SourceVersion.latestSupported();
        }

        @Override
        public boolean process(java.util.Set<? extends javax.lang.model.element.TypeElement> annotations,
                javax.annotation.processing.RoundEnvironment round) {
            if (!done) {
                done = true;
                try (var out = processingEnv.getFiler().createSourceFile("p.Later").openWriter()) {
                    out.write("package p; public class Later implements java.io.Serializable { int n; }");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            return false;
        }
    }
}
