package io.mobula.gmi.gen;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The processor's classification of group member methods (thesis 3.3.1's MAY_BLOCK analysis applied to every group
 * interface): which methods a member class runs without blocking, written to {@code p.Impl_MobulaGroupFlags} with
 * the group interface's method ids, and which it leaves to run where they may block.
 */
class GroupFlagsProcessorTest {
    private static final JavaFileObject COUNTER = JavaFileObjects.forSourceLines("p.Counter",
            "package p;",
            "public interface Counter extends io.mobula.gmi.GroupInterface {",
            "    void set(int v);",
            "    int get();",
            "    void await(int v) throws InterruptedException;",
            "    double sum(double[] v);",
            "    void log(String s);",
            "}");

    private static JavaFileObject member(String name, String... body) {
        String[] lines = new String[body.length + 3];
        lines[0] = "package p;";
        lines[1] = "public class " + name + " extends io.mobula.gmi.GroupMember implements Counter {";
        System.arraycopy(body, 0, lines, 2, body.length);
        lines[lines.length - 1] = "}";
        return JavaFileObjects.forSourceLines("p." + name, lines);
    }

    private static final String[] COUNTER_BODY = {
            "    private volatile int value;",
            "    private volatile Thread setBy;",
            "    private final java.util.concurrent.atomic.AtomicLong sets = new java.util.concurrent.atomic.AtomicLong();",
            "    @Override public void set(int v) { value = v; sets.incrementAndGet(); setBy = Thread.currentThread(); }",
            "    @Override public int get() { return value; }",
            "    @Override public synchronized void await(int v) throws InterruptedException {",
            "        while (value != v) { wait(); }",
            "    }",
            "    @Override public double sum(double[] v) {",
            "        double s = 0;",
            "        for (double d : v) { s += d; }",
            "        return s;",
            "    }",
            "    @Override public void log(String s) { System.out.println(s); }"};

    @Test
    void provenMethodsAreMarkedAndTheOthersAreNot() {
        Compilation c = GroupCompiler.compile(COUNTER, member("CounterImpl", COUNTER_BODY));
        assertThat(c).succeededWithoutWarnings();
        String flags = GroupCompiler.generatedSource(c, "p/CounterImpl_MobulaGroupFlags.java");
        assertThat(flags).contains("public final class CounterImpl_MobulaGroupFlags implements"
                + " io.mobula.rmi.ImplementationFlags {");
        assertThat(flags).contains("return p.Counter.class;");
        // ids in the group interface's order: set, get, await, sum, log
        assertThat(flags).contains("private static final int[] FLAGS = {io.mobula.rmi.Dispatcher.NON_BLOCKING,"
                + " io.mobula.rmi.Dispatcher.NON_BLOCKING, 0, 0, 0};");
        assertThat(flags).contains("private static final String[] IMPLEMENTATIONS = {\"set(I)\", \"get()\", null,"
                + " null, null};");
        assertThat(flags).contains("// set(int): proven non-blocking (no locks; calls only AtomicLong.incrementAndGet,"
                + " Thread.currentThread)");
        assertThat(flags).contains("Looked up by name by the GMI runtime when a member of the class joins a group.");
    }

    @Test
    void aClassWithNothingProvenGetsNoFlags() {
        Compilation c = GroupCompiler.compile(COUNTER, member("Blocking",
                "    private final Object lock = new Object();",
                "    private int value;",
                "    @Override public void set(int v) { synchronized (lock) { value = v; } }",
                "    @Override public synchronized int get() { return value; }",
                "    @Override public void await(int v) throws InterruptedException { Thread.sleep(v); }",
                "    @Override public double sum(double[] v) { return java.util.Arrays.stream(v).sum(); }",
                "    @Override public void log(String s) { System.err.println(s); }"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(GroupCompiler.generatedSources(c)).doesNotContain("p/Blocking_MobulaGroupFlags.java");
    }

    @Test
    void nonBlockingStatedOnTheGroupInterfaceMethodOrTheImplementationCounts() {
        JavaFileObject iface = JavaFileObjects.forSourceLines("p.Counter",
                "package p;",
                "public interface Counter extends io.mobula.gmi.GroupInterface {",
                "    void set(int v);",
                "    int get();",
                "    void await(int v) throws InterruptedException;",
                "    @io.mobula.rmi.NonBlocking double sum(double[] v);",
                "    void log(String s);",
                "}");
        Compilation c = GroupCompiler.compile(iface, member("Stated",
                "    private int value;",
                "    @Override public synchronized void set(int v) { value = v; }",
                "    @Override public int get() { return value; }",
                "    @Override public void await(int v) throws InterruptedException { Thread.sleep(v); }",
                "    @Override public double sum(double[] v) { return java.util.Arrays.stream(v).sum(); }",
                "    @io.mobula.rmi.NonBlocking @Override public void log(String s) { System.err.println(s); }"));
        assertThat(c).succeededWithoutWarnings(); // no "@NonBlocking has no effect" on a group interface
        String flags = GroupCompiler.generatedSource(c, "p/Stated_MobulaGroupFlags.java");
        assertThat(flags).contains("private static final int[] FLAGS = {0, io.mobula.rmi.Dispatcher.NON_BLOCKING, 0,"
                + " io.mobula.rmi.Dispatcher.NON_BLOCKING, io.mobula.rmi.Dispatcher.NON_BLOCKING};");
        assertThat(flags).contains("// log(java.lang.String): proven non-blocking (stated by @NonBlocking)");
    }

    @Test
    void inheritedMethodsAreJudgedByTheBodyTheSubclassRuns() {
        Compilation c = GroupCompiler.compile(COUNTER, member("CounterImpl", COUNTER_BODY),
                JavaFileObjects.forSourceLines("p.Sub",
                        "package p;",
                        "public class Sub extends CounterImpl {",
                        "    private final Object lock = new Object();",
                        "    @Override public void set(int v) { synchronized (lock) { super.set(v); } }",
                        "}"));
        assertThat(c).succeededWithoutWarnings();
        String flags = GroupCompiler.generatedSource(c, "p/Sub_MobulaGroupFlags.java");
        // set is Sub's own (a lock): not proven; get is CounterImpl's, proven, named as CounterImpl declares it
        assertThat(flags).contains("private static final int[] FLAGS = {0, io.mobula.rmi.Dispatcher.NON_BLOCKING,"
                + " 0, 0, 0};");
    }

    @Test
    void stubsAndAbstractClassesGetNoFlags() {
        Compilation c = GroupCompiler.compile(COUNTER, JavaFileObjects.forSourceLines("p.Partial",
                "package p;",
                "public abstract class Partial extends io.mobula.gmi.GroupMember implements Counter {",
                "    private int value;",
                "    @Override public int get() { return value; }",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(GroupCompiler.generatedSources(c).stream().filter(s -> s.contains("Flags")).toList()).isEmpty();
    }
}
