package io.mobula.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.mobula.rmi.Dispatcher;
import io.mobula.rmi.TestAccess;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof that a method cannot block covers the body the processor saw: the flags the runtime uses for an
 * exported class (ImplementationFlagsLoader, at export time) keep a superclass's proof only for the methods the
 * class does not override, whether the subclass was compiled with the processor, without it, or is anonymous.
 */
class ImplementationFlagsTest {
    private static final int NB = Dispatcher.NON_BLOCKING;

    /** Method ids: by name. */
    private static final JavaFileObject COUNTER = JavaFileObjects.forSourceLines("p.Counter",
            "package p;",
            "public interface Counter extends java.rmi.Remote {",
            "    int next() throws java.rmi.RemoteException;",
            "    int peek() throws java.rmi.RemoteException;",
            "    int sum(int[] values) throws java.rmi.RemoteException;",
            "}");
    private static final JavaFileObject COUNTING = JavaFileObjects.forSourceLines("p.Counting",
            "package p;",
            "public abstract class Counting implements Counter {",
            "    protected int n;",
            "    public int peek() { return n; }",
            "}");
    private static final JavaFileObject COUNTER_IMPL = JavaFileObjects.forSourceLines("p.CounterImpl",
            "package p;",
            "public class CounterImpl extends Counting {",
            "    public int next() { return ++n; }",
            "    @io.mobula.rmi.NonBlocking",
            "    public int sum(int[] values) { int s = 0; for (int v : values) { s += v; } return s; }",
            "    public static Counter anonymous() {",
            "        return new CounterImpl() { @Override public int next() { return n += 2; } };",
            "    }",
            "}");
    private static final JavaFileObject INHERITS = JavaFileObjects.forSourceLines("p.Inherits",
            "package p;",
            "public class Inherits extends CounterImpl {",
            "    public int other() { return 1; }",
            "}");
    /** Compiled with the processor, but none of its overrides is proven: it gets no flags class of its own. */
    private static final JavaFileObject SLEEPY = JavaFileObjects.forSourceLines("p.Sleepy",
            "package p;",
            "public class Sleepy extends CounterImpl {",
            "    @Override public int next() {",
            "        try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }",
            "        return ++n;",
            "    }",
            "    @Override public synchronized int peek() { return n; }",
            "    @Override public int sum(int[] values) { return java.util.Arrays.stream(values).sum(); }",
            "}");
    /** Compiled later, without the processor. */
    private static final JavaFileObject LATER = JavaFileObjects.forSourceLines("q.Later",
            "package q;",
            "public class Later extends p.CounterImpl {",
            "    @Override public int peek() { return -1; }",
            "}");

    @TempDir
    static Path classes;
    private static Compilation first;
    private static ClassLoader loader;

    @BeforeAll
    static void compile() throws IOException {
        first = Compiler.withProcessor(COUNTER, COUNTING, COUNTER_IMPL, INHERITS, SLEEPY);
        assertThat(first).succeeded();
        for (Map.Entry<String, byte[]> e : Compiler.classFiles(first).entrySet()) {
            Path f = classes.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.write(f, e.getValue());
        }
        List<File> path = new ArrayList<>(List.of(classes.toFile()));
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            path.add(new File(entry));
        }
        Compilation later = com.google.testing.compile.Compiler.javac().withOptions("-proc:none", "--release", "21")
                .withClasspath(path).compile(LATER);
        assertThat(later).succeeded();
        loader = Compiler.load(first, later);
    }

    private static int[] flags(String className) throws Exception {
        return TestAccess.implementationFlags(loader.loadClass(className));
    }

    @Test
    void theGeneratedFlagsNameTheMethodsTheyProved() throws IOException {
        String flags = first.generatedSourceFile("p.CounterImpl_MobulaFlags").orElseThrow().getCharContent(false)
                .toString();
        assertThat(flags).contains("// sum(int[]): proven non-blocking (stated by @NonBlocking)");
        assertThat(flags).contains("IMPLEMENTATIONS = {\"next()\", \"peek()\", \"sum([I)\"}");
        assertThat(Compiler.generatedSources(first)).doesNotContain("p/Sleepy_MobulaFlags.java");
    }

    @Test
    void theClassTheProofWasMadeForGetsEveryProvenMethod() throws Exception {
        assertArrayEquals(new int[] {NB, NB, NB}, flags("p.CounterImpl"));
    }

    @Test
    void aSubclassThatOverridesNothingKeepsTheProof() throws Exception {
        assertArrayEquals(new int[] {NB, NB, NB}, flags("p.Inherits"));
    }

    @Test
    void overridesCompiledWithTheProcessorButNotProvenLoseIt() throws Exception {
        assertNull(flags("p.Sleepy"));
    }

    @Test
    void overridesCompiledWithoutTheProcessorLoseIt() throws Exception {
        // peek() is declared in Counting, above CounterImpl, and overridden below it
        assertArrayEquals(new int[] {NB, 0, NB}, flags("q.Later"));
    }

    @Test
    void anAnonymousSubclassLosesTheMethodsItOverrides() throws Exception {
        Class<?> anonymous = loader.loadClass("p.CounterImpl").getMethod("anonymous").invoke(null).getClass();
        assertArrayEquals(new int[] {0, NB, NB}, TestAccess.implementationFlags(anonymous));
    }
}
