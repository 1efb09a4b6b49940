package io.mobula.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Remote interfaces the processor cannot serve are warnings on the offending element, saying what fails at run
 * time and how to fix it; only misuse of Mobula's own annotations is a compile error.
 */
class RemoteDiagnosticsTest {

    /** java.rmi accepts such an interface until an object is exported as it: a warning, and no stub. */
    @Test
    void remoteMethodMustDeclareRemoteException() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Hello",
                "package p;",
                "public interface Hello extends java.rmi.Remote {",
                "    String hello(String name);",
                "    void io() throws java.io.IOException;",
                "    void any() throws Exception;",
                "    void wrong() throws java.io.UncheckedIOException;",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("remote method hello does not declare java.rmi.RemoteException, so no"
                + " stub is generated for p.Hello and exporting an object as it fails at run time")
                .inFile(src).onLine(3);
        assertThat(c).hadWarningContaining("add 'throws java.rmi.RemoteException'").inFile(src).onLine(3);
        assertThat(c).hadWarningContaining("remote method wrong does not declare java.rmi.RemoteException")
                .inFile(src).onLine(6);
        assertThat(Compiler.generatedSources(c)).doesNotContain("p/Hello_MobulaStub.java");
    }

    @Test
    void inheritedMethodOfANonRemoteInterfaceIsReportedOnTheRemoteOne() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Service",
                "package p;",
                "interface Plain { void run(); }",
                "public interface Service extends Plain, java.rmi.Remote {",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("remote method run does not declare java.rmi.RemoteException")
                .inFile(src).onLine(3);
        assertThat(c).hadWarningContaining("inherited by remote interface p.Service from p.Plain")
                .inFile(src).onLine(3);
    }

    @Test
    void oneWayMustReturnVoid() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Events",
                "package p;",
                "public interface Events extends java.rmi.Remote {",
                "    @io.mobula.rmi.OneWay void fine(int e) throws java.rmi.RemoteException;",
                "    @io.mobula.rmi.OneWay",
                "    int notFine(int e) throws java.rmi.RemoteException;",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).hadErrorContaining("@OneWay remote method notFine must return void").inFile(src).onLine(5);
        assertThat(c).hadErrorContaining("remove @OneWay or make it return void").inFile(src).onLine(5);
        assertThat(c).hadErrorCount(1);
    }

    /** As with java.rmi, such a method can still be called with null: a warning, and the stub is generated. */
    @Test
    void parametersAndResultsThatCanNeverBeSent() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Jobs",
                "package p;",
                "import java.rmi.RemoteException;",
                "public interface Jobs extends java.rmi.Remote {",
                "    void start(String name, Thread worker) throws RemoteException;",
                "    Handle handle() throws RemoteException;",
                "    java.util.concurrent.CompletableFuture<Handle> later() throws RemoteException;",
                "    void fine(Object any, java.util.List<String> list, Jobs remote, Thread[] none) throws RemoteException;",
                "    final class Handle { }",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("parameter 'worker' of remote method start has type java.lang.Thread,"
                + " which can never be sent").inFile(src).onLine(4);
        assertThat(c).hadWarningContaining("a call with a value other than null fails; change the type (or make"
                + " the class Serializable)").inFile(src).onLine(4);
        assertThat(c).hadWarningContaining("the result of remote method handle has type p.Jobs.Handle")
                .inFile(src).onLine(5);
        assertThat(c).hadWarningContaining("the result of remote method later has type p.Jobs.Handle")
                .inFile(src).onLine(6);
        assertThat(Compiler.generatedSources(c)).containsAtLeast("p/Jobs_MobulaStub.java",
                "p/Jobs_MobulaDispatcher.java");
        Compiler.assertGeneratedCodeClean(c);
    }

    /** Valid for javac and java.rmi, but no stub can be generated: warnings, and exporting fails at run time. */
    @Test
    void interfacesWithoutAPossibleStubAreWarningsAndFailOnExport() throws Exception {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Odd",
                "package p;",
                "public class Odd {",
                "    private interface Hidden extends java.rmi.Remote { int get() throws java.rmi.RemoteException; }",
                "    public interface Generic extends java.rmi.Remote {",
                "        <E extends Exception> void run() throws E, java.rmi.RemoteException;",
                "    }",
                "    public interface A_B extends java.rmi.Remote { void x() throws java.rmi.RemoteException; }",
                "    public interface A { interface B extends java.rmi.Remote { void y() throws java.rmi.RemoteException; } }",
                "    public static java.rmi.Remote hidden() { return (Hidden) () -> 1; }",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("remote interface p.Odd.Hidden is private (or nested in a private"
                + " class), so no stub can implement it and exporting an object as Hidden fails at run time")
                .inFile(src).onLine(3);
        assertThat(c).hadWarningContaining("remote method run throws the type variable E").inFile(src).onLine(5);
        assertThat(c).hadWarningContaining("are already taken by another remote interface with the same flattened"
                + " name, so none are generated for it");
        assertThat(Compiler.generatedSources(c)).containsNoneOf("p/Odd_Hidden_MobulaStub.java",
                "p/Odd_Generic_MobulaStub.java");
        ClassLoader loader = Compiler.load(c);
        java.rmi.Remote hidden = (java.rmi.Remote) loader.loadClass("p.Odd").getMethod("hidden").invoke(null);
        java.rmi.StubNotFoundException e = org.junit.jupiter.api.Assertions.assertThrows(
                java.rmi.StubNotFoundException.class,
                () -> io.mobula.rmi.TestAccess.localStub(hidden, loader.loadClass("p.Odd$Hidden")));
        assertTrue(e.getMessage().contains("p.Odd_Hidden_MobulaStub"), e.getMessage());
    }

    @Test
    void nonBlockingOutsideARemoteInterfaceIsAWarning() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Local",
                "package p;",
                "public interface Local {",
                "    @io.mobula.rmi.NonBlocking",
                "    int quick();",
                "}");
        Compilation c = Compiler.withProcessor(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("@NonBlocking has no effect on quick: p.Local is not a remote interface")
                .inFile(src).onLine(4);
    }

    @Test
    void analysingBodiesDoesNotDisturbTheCompilation() {
        // the flags analysis attributes implementation classes early; javac must still report each error once
        JavaFileObject iface = JavaFileObjects.forSourceLines("p.Counter",
                "package p;",
                "public interface Counter extends java.rmi.Remote {",
                "    int next() throws java.rmi.RemoteException;",
                "}");
        JavaFileObject impl = JavaFileObjects.forSourceLines("p.CounterImpl",
                "package p;",
                "public class CounterImpl implements Counter {",
                "    private int n;",
                "    public int next() { return ++n; }",
                "    Counter_MobulaStub generatedLater() { return null; }",
                "    int broken() { return \"text\"; }",
                "}");
        Compilation c = Compiler.withProcessor(iface, impl);
        assertThat(c).hadErrorContaining("incompatible types").inFile(impl).onLine(6);
        assertThat(c).hadErrorCount(1);

        JavaFileObject fixed = JavaFileObjects.forSourceLines("p.CounterImpl",
                "package p;",
                "public class CounterImpl implements Counter {",
                "    private int n;",
                "    public int next() { return ++n; }",
                "    Counter_MobulaStub generatedLater() { return null; }",
                "}");
        Compilation ok = Compiler.withProcessor(iface, fixed, JavaFileObjects.forSourceLines("p.Warned",
                "package p;",
                "public class Warned implements Counter {",
                "    @SuppressWarnings(\"removal\") private final Integer boxed = new Integer(1);",
                "    public int next() { return new Integer(2); }",
                "}"));
        assertThat(ok).succeeded();
        assertThat(ok).hadWarningContaining("Integer(int) in java.lang.Integer has been deprecated and marked for"
                + " removal").inFile(ok.sourceFiles().get(2)).onLine(4);
        assertThat(ok.warnings().stream().filter(w -> w.getMessage(null).contains("Integer(int)")).count())
                .isEqualTo(1);
        assertThat(ok).generatedSourceFile("p.CounterImpl_MobulaFlags").contentsAsUtf8String()
                .contains("// next(): proven non-blocking (no calls, no locks)");
    }
}
