package io.mobula.repmi.gen;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What the processor generates for root interfaces and cloud classes (thesis 4.3): the replication reference, the
 * replica dispatch with its parameter records (and their serializers, once), and the read/write tables.
 */
class CloudGenerationTest {
    private static final String STACK = "src/test/java/io/mobula/repmi/stack/";

    private static JavaFileObject stackSource(String name) throws IOException {
        return JavaFileObjects.forSourceString("io.mobula.repmi.stack." + name,
                Files.readString(Path.of(STACK + name + ".java")));
    }

    private static String reference(String name) throws IOException {
        try (InputStream in = CloudGenerationTest.class.getResourceAsStream("/io/mobula/repmi/reference/" + name
                + ".java.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The thesis's stack (Figure 4.4) gives exactly the reference files; the CloudStub gets no serializer. */
    @Test
    void theStackGivesTheReferenceShape() throws IOException {
        Compilation c = CloudCompiler.compile(stackSource("Stack"), stackSource("StackRoot"),
                stackSource("StackNode"));
        assertThat(c).succeeded();
        // the one warning is javac's own: StackRoot(int) calls the overridable push (lint this-escape)
        assertThat(c).hadWarningCount(1);
        assertThat(c).hadWarningContaining("possible 'this' escape");
        CloudCompiler.assertGeneratedCodeClean(c);
        assertThat(CloudCompiler.generatedSources(c)).containsExactly(
                "io/mobula/repmi/stack/StackNode_MobulaCloudClass.java",
                "io/mobula/repmi/stack/StackNode_MobulaSerializer.java",
                "io/mobula/repmi/stack/StackRoot_MobulaCloudClass.java",
                "io/mobula/repmi/stack/StackRoot_MobulaSerializer.java",
                "io/mobula/repmi/stack/Stack_MobulaCloudSkeleton.java",
                "io/mobula/repmi/stack/Stack_MobulaCloudSkeleton_P0_push_MobulaSerializer.java",
                "io/mobula/repmi/stack/Stack_MobulaCloudSkeleton_P1_pop_MobulaSerializer.java",
                "io/mobula/repmi/stack/Stack_MobulaCloudSkeleton_P2_top_MobulaSerializer.java",
                "io/mobula/repmi/stack/Stack_MobulaCloudSkeleton_P3_size_MobulaSerializer.java",
                "io/mobula/repmi/stack/Stack_MobulaCloudStub.java").inOrder();
        for (String name : new String[] {"Stack_MobulaCloudStub", "Stack_MobulaCloudSkeleton",
                "StackRoot_MobulaCloudClass", "StackNode_MobulaCloudClass"}) {
            assertThat(CloudCompiler.generatedSource(c, "io/mobula/repmi/stack/" + name + ".java"))
                    .isEqualTo(reference(name));
        }
    }

    /** A Node-typed result and a String[] argument are copied on the read path, not on the write path. */
    @Test
    void referenceArgumentsAndResultsOfAReadAreCopied() {
        Compilation c = CloudCompiler.compile(JavaFileObjects.forSourceLines("p.Tree",
                "package p;",
                "public interface Tree extends io.mobula.repmi.Root {",
                "    Leaf find(String[] path, int depth) throws java.io.IOException;",
                "    void add(String... names);",
                "}"), JavaFileObjects.forSourceLines("p.Leaf",
                "package p;",
                "public interface Leaf extends io.mobula.repmi.Node {",
                "    String name();",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        CloudCompiler.assertGeneratedCodeClean(c);
        String stub = CloudCompiler.generatedSource(c, "p/Tree_MobulaCloudStub.java");
        assertThat(stub).contains("public p.Leaf find(java.lang.String[] a0, int a1) throws java.io.IOException {");
        assertThat(stub).contains("return copy(((p.Tree) handle.root()).find(copy(a0), a1));");
        assertThat(stub).contains("return callObject(0, new Tree_MobulaCloudSkeleton.P0_find(a0, a1));");
        assertThat(stub).contains("} catch (java.lang.RuntimeException | java.lang.Error | java.io.IOException e) {");
        assertThat(stub).contains("throw new io.mobula.repmi.CloudException(\"find([Ljava/lang/String;I)Lp/Leaf;"
                + " threw an undeclared \" + t, t);");
        assertThat(stub).contains("public void add(java.lang.String... a0) {");
        assertThat(stub).contains("((p.Tree) handle.root()).add(copy(a0));");
        assertThat(stub).contains("callVoid(1, new Tree_MobulaCloudSkeleton.P1_add(a0));");
        String skeleton = CloudCompiler.generatedSource(c, "p/Tree_MobulaCloudSkeleton.java");
        assertThat(skeleton).contains("public record P0_find(java.lang.String[] a0, int a1) implements"
                + " java.io.Serializable {");
        assertThat(skeleton).contains("return t.find(p.a0(), p.a1());");
        assertThat(CloudCompiler.generatedSources(c)).containsExactly("p/Tree_MobulaCloudSkeleton.java",
                "p/Tree_MobulaCloudSkeleton_P0_find_MobulaSerializer.java",
                "p/Tree_MobulaCloudSkeleton_P1_add_MobulaSerializer.java", "p/Tree_MobulaCloudStub.java");
    }

    /** Own methods first, then inherited ones; a method inherited twice is listed once; so is the hash. */
    @Test
    void inheritedRootInterfacesGiveTheirMethodsAfterTheOwnOnes() {
        Compilation c = CloudCompiler.compile(JavaFileObjects.forSourceLines("p.Counter",
                "package p;",
                "public interface Counter extends io.mobula.repmi.Root {",
                "    long value();",
                "    void add(long d);",
                "}"), JavaFileObjects.forSourceLines("p.Named",
                "package p;",
                "public interface Named extends io.mobula.repmi.Root {",
                "    String name();",
                "    long value();",
                "}"), JavaFileObjects.forSourceLines("p.NamedCounter",
                "package p;",
                "public interface NamedCounter extends Counter, Named {",
                "    void reset();",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        CloudCompiler.assertGeneratedCodeClean(c);
        String skeleton = CloudCompiler.generatedSource(c, "p/NamedCounter_MobulaCloudSkeleton.java");
        assertThat(skeleton).contains("INTERFACE_HASH = io.mobula.serial.Fingerprint.of(\n"
                + "            \"p.NamedCounter\",\n            \"reset()V\",\n            \"value()J\",\n"
                + "            \"add(J)V\",\n            \"name()Ljava/lang/String;\");");
        String stub = CloudCompiler.generatedSource(c, "p/NamedCounter_MobulaCloudStub.java");
        assertThat(stub).contains("implements p.NamedCounter {");
        assertThat(stub).contains("return callLong(1, new NamedCounter_MobulaCloudSkeleton.P1_value());");
        assertThat(stub).contains("return copy(((p.NamedCounter) handle.root()).name());");
        assertThat(CloudCompiler.generatedSources(c)).contains("p/Counter_MobulaCloudStub.java");
        assertThat(CloudCompiler.generatedSources(c)).contains("p/Named_MobulaCloudSkeleton.java");
    }

    /**
     * A non-serializable class as a parameter is a warning (arguments are copied), on the user's method only: the
     * serializer of its parameter record does not warn again.
     */
    @Test
    void aParameterThatCannotBeCopiedIsAWarning() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Log",
                "package p;",
                "public interface Log extends io.mobula.repmi.Root {",
                "    void append(Object any, java.util.List<String> lines);",
                "    void attach(Thread t);",
                "}");
        Compilation c = CloudCompiler.compile(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("parameter 't' of root method attach has type java.lang.Thread, which"
                + " does not implement java.io.Serializable").inFile(src).onLine(4);
        assertThat(c).hadWarningCount(1);
    }
}
