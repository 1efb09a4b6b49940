package io.mobula.gmi.gen;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The processor on group interfaces, compiled in memory: what it generates, and the compile errors and warnings for
 * interfaces it cannot serve, each on the offending element with what to change.
 */
class GroupProcessorTest {
    private static final JavaFileObject BIN = JavaFileObjects.forSourceLines("p.Bin",
            "package p;",
            "import io.mobula.gmi.GroupInterface;",
            "public interface Bin extends GroupInterface {",
            "    void put(double[] v);",
            "    double[] get();",
            "    int add(int a, int b) throws java.io.IOException;",
            "}");

    @Test
    void theReferenceInterfaceGetsAStubASkeletonWithVectorsSerializersAndConstants() {
        Compilation c = GroupCompiler.compile(BIN);
        assertThat(c).succeededWithoutWarnings();
        GroupCompiler.assertGeneratedCodeClean(c);
        assertThat(GroupCompiler.generatedSources(c)).containsExactly(
                "p/Bin_GroupMethods.java",
                "p/Bin_MobulaGroupSkeleton.java",
                "p/Bin_MobulaGroupSkeleton_P0_put_MobulaSerializer.java",
                "p/Bin_MobulaGroupSkeleton_P1_get_MobulaSerializer.java",
                "p/Bin_MobulaGroupSkeleton_P2_add_MobulaSerializer.java",
                "p/Bin_MobulaGroupStub.java");
        String stub = GroupCompiler.generatedSource(c, "p/Bin_MobulaGroupStub.java");
        assertThat(stub).contains("@javax.annotation.processing.Generated(");
        assertThat(stub).contains("public final class Bin_MobulaGroupStub extends io.mobula.gmi.spi.GroupStub"
                + " implements p.Bin {");
        assertThat(stub).contains("public int add(int a0, int a1) throws java.io.IOException {");
        assertThat(stub).contains("return callInt(2, p);");
        assertThat(stub).contains("} catch (java.lang.RuntimeException | java.lang.Error | java.io.IOException e) {");
        assertThat(stub).contains("throw new io.mobula.gmi.GroupException(\"void put(double[]) threw an undeclared \"");
        String skeleton = GroupCompiler.generatedSource(c, "p/Bin_MobulaGroupSkeleton.java");
        assertThat(skeleton).contains("public final class Bin_MobulaGroupSkeleton implements"
                + " io.mobula.gmi.spi.GroupSkeleton {");
        assertThat(skeleton).contains("public static final long INTERFACE_HASH = io.mobula.serial.Fingerprint.of(\n"
                + "            \"p.Bin\",\n            \"put([D)V\",\n            \"get()[D\",\n"
                + "            \"add(II)I\");");
        assertThat(skeleton).contains("new io.mobula.gmi.spi.GroupMethodInfo(1, \"get\", \"double[] get()\","
                + " io.mobula.gmi.spi.ResultType.OBJECT),");
        assertThat(skeleton).contains("public static final class P0_put extends io.mobula.gmi.ParameterVector {");
        assertThat(skeleton).contains("int a0Len = -1;");
        assertThat(skeleton).contains("public void writeSubArray(int p, int off, int len, double[] value) {");
        assertThat(skeleton).contains("out.writeDoubleArray(a0, a0Off, a0Len);");
        assertThat(skeleton).contains("t.put(p.a0());");
        assertThat(skeleton).contains("public int readInt(int p) {");
        assertThat(skeleton).contains("return t.add(p.a0, p.a1);");
        String vectorSerializer = GroupCompiler.generatedSource(c,
                "p/Bin_MobulaGroupSkeleton_P0_put_MobulaSerializer.java");
        assertThat(vectorSerializer).contains("private static final long FINGERPRINT = io.mobula.serial.Fingerprint.of("
                + "\"p.Bin_MobulaGroupSkeleton$P0_put\", \"put([D)V\");");
        assertThat(vectorSerializer).contains("return FINGERPRINT;");
        assertThat(GroupCompiler.generatedSource(c, "p/Bin_GroupMethods.java")).contains("public static final"
                + " io.mobula.gmi.GroupMethodId ADD = new io.mobula.gmi.GroupMethodId(p.Bin.class, 2,"
                + " \"int add(int,int)\");");
    }

    @Test
    void aNestedInterfaceIsFlattenedAsRmiStubsAre() {
        Compilation c = GroupCompiler.compile(JavaFileObjects.forSourceLines("p.Outer",
                "package p;",
                "public class Outer {",
                "    public interface Inner extends io.mobula.gmi.GroupInterface {",
                "        void go();",
                "    }",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(GroupCompiler.generatedSources(c)).containsExactly(
                "p/Outer_Inner_GroupMethods.java",
                "p/Outer_Inner_MobulaGroupSkeleton.java",
                "p/Outer_Inner_MobulaGroupSkeleton_P0_go_MobulaSerializer.java",
                "p/Outer_Inner_MobulaGroupStub.java");
        assertThat(GroupCompiler.generatedSource(c, "p/Outer_Inner_MobulaGroupSkeleton.java"))
                .contains("\"p.Outer$Inner\",");
        assertThat(GroupCompiler.generatedSource(c, "p/Outer_Inner_MobulaGroupStub.java"))
                .contains("implements p.Outer.Inner {");
    }

    /** Simple names as in source, type arguments erased, nested types as Outer.Inner, varargs as arrays. */
    @Test
    void descriptionsUseSimpleErasedNames() {
        Compilation c = GroupCompiler.compile(JavaFileObjects.forSourceLines("p.Maps",
                "package p;",
                "import java.util.*;",
                "public interface Maps extends io.mobula.gmi.GroupInterface {",
                "    void m(Map.Entry<String, Integer> e, List<? extends Number>[] lists, java.util.List<String> l,"
                        + " String... rest);",
                "    Map<String, int[]> n(long[][] grid, Object o);",
                "    List<String>[] lists(Set<?> s);",
                "    void objects(Object[] all, Object... more);",
                "    void generics(List<String>... lists);",
                "}"));
        assertThat(c).succeeded();
        GroupCompiler.assertGeneratedCodeClean(c);
        String constants = GroupCompiler.generatedSource(c, "p/Maps_GroupMethods.java");
        assertThat(constants).contains("M = new io.mobula.gmi.GroupMethodId(p.Maps.class, 0,"
                + " \"void m(Map.Entry,List[],List,String[])\");");
        assertThat(constants).contains("N = new io.mobula.gmi.GroupMethodId(p.Maps.class, 1,"
                + " \"Map n(long[][],Object)\");");
        assertThat(constants).contains("LISTS = new io.mobula.gmi.GroupMethodId(p.Maps.class, 2,"
                + " \"List[] lists(Set)\");");
        assertThat(constants).contains("\"void objects(Object[],Object[])\"");
        assertThat(constants).contains("\"void generics(List[])\"");
        String stub = GroupCompiler.generatedSource(c, "p/Maps_MobulaGroupStub.java");
        assertThat(stub).contains("java.lang.String... a3)");
        String skeleton = GroupCompiler.generatedSource(c, "p/Maps_MobulaGroupSkeleton.java");
        assertThat(skeleton).contains("a1 = (java.util.List<? extends java.lang.Number>[]) java.util.Arrays.copyOfRange("
                + "value, off, off + len, java.util.List[].class);");
        assertThat(skeleton).contains("a0 = in.readObject(long[][].class);");
    }

    @Test
    void anInterfaceWithoutMethodsIsAGroupInterfaceToo() {
        Compilation c = GroupCompiler.compile(JavaFileObjects.forSourceLines("p.Marker",
                "package p;",
                "public interface Marker extends io.mobula.gmi.GroupInterface {",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        GroupCompiler.assertGeneratedCodeClean(c);
        assertThat(GroupCompiler.generatedSources(c)).containsExactly("p/Marker_GroupMethods.java",
                "p/Marker_MobulaGroupSkeleton.java", "p/Marker_MobulaGroupStub.java");
        assertThat(GroupCompiler.generatedSource(c, "p/Marker_MobulaGroupSkeleton.java"))
                .contains("METHODS = java.util.List.of();");
    }

    @Test
    void overloadsAndLookAlikeNamesGetDistinctConstants() {
        Compilation c = GroupCompiler.compile(JavaFileObjects.forSourceLines("p.Store",
                "package p;",
                "public interface Store extends io.mobula.gmi.GroupInterface {",
                "    void put(double[] v);",
                "    void put(int a, int b);",
                "    void put(java.util.Map.Entry<String, String> e);",
                "    void put();",
                "    int getLoad();",
                "    int get_load(int x);",
                "    String readHTTPHeader();",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        String constants = GroupCompiler.generatedSource(c, "p/Store_GroupMethods.java");
        List<String> names = constants.lines().filter(l -> l.contains("public static final"))
                .map(l -> l.trim().split(" ")[4]).toList();
        assertThat(names).containsExactly("PUT_DOUBLE_ARRAY", "PUT_INT_INT", "PUT_MAP_ENTRY", "PUT", "GET_LOAD_4",
                "GET_LOAD_5", "READ_HTTP_HEADER").inOrder();
    }

    @Test
    void inheritedMethodsFollowTheInterfacesOwnOnceEach() {
        Compilation c = GroupCompiler.compile(
                JavaFileObjects.forSourceLines("p.Plain", "package p;", "public interface Plain { void run(); }"),
                JavaFileObjects.forSourceLines("p.Base", "package p;",
                        "public interface Base extends io.mobula.gmi.GroupInterface { int load(); void run(); }"),
                JavaFileObjects.forSourceLines("p.Sub",
                "package p;",
                "public interface Sub extends Base, Plain {",
                "    void own();",
                "    static Sub none() { return null; }",
                "    private void helper() { }",
                "    default String describe() { return \"sub\"; }",
                "    String toString();",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        GroupCompiler.assertGeneratedCodeClean(c);
        String skeleton = GroupCompiler.generatedSource(c, "p/Sub_MobulaGroupSkeleton.java");
        assertThat(skeleton).contains("\"p.Sub\",\n            \"own()V\",\n            \"describe()Ljava/lang/String;\",\n"
                + "            \"load()I\",\n            \"run()V\");");
        assertThat(GroupCompiler.generatedSource(c, "p/Sub_MobulaGroupStub.java"))
                .contains("public java.lang.String describe() {");
    }

    @Test
    void aGroupInterfaceMustNotBeRemote() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Both",
                "package p;",
                "public interface Both",
                "        extends io.mobula.gmi.GroupInterface, java.rmi.Remote {",
                "    void go() throws java.rmi.RemoteException;",
                "}");
        Compilation c = GroupCompiler.compile(src);
        assertThat(c).hadErrorContaining("group interface p.Both must not extend java.rmi.Remote").inFile(src)
                .onLine(2);
        assertThat(c).hadErrorContaining("split it into a group interface and a remote interface");
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void groupMethodsCannotDeclareTypeParameters() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Generic",
                "package p;",
                "public interface Generic extends io.mobula.gmi.GroupInterface {",
                "    void fine(Object o);",
                "    <T extends Number> T pick(T a, T b);",
                "}");
        Compilation c = GroupCompiler.compile(src);
        assertThat(c).hadErrorContaining("group method pick declares the type parameters <T>: group methods cannot"
                + " declare type parameters; use Object or a concrete type").inFile(src).onLine(4);
        assertThat(c).hadErrorCount(1);
    }

    @Test
    void anInheritedGenericMethodIsReportedOnTheGroupInterface() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Picker",
                "package p;",
                "interface Plain { <T> T pick(T a); }",
                "public interface Picker extends io.mobula.gmi.GroupInterface, Plain {",
                "}");
        Compilation c = GroupCompiler.compile(src);
        assertThat(c).hadErrorContaining("group methods cannot declare type parameters").inFile(src).onLine(3);
        assertThat(c).hadErrorContaining("(inherited by group interface p.Picker from p.Plain)").inFile(src)
                .onLine(3);
    }

    @Test
    void aGroupInterfaceCannotDeclareTypeParameters() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Box",
                "package p;",
                "public interface Box<T> extends io.mobula.gmi.GroupInterface {",
                "    void put(T value);",
                "}");
        Compilation c = GroupCompiler.compile(src);
        assertThat(c).hadErrorContaining("group interface p.Box cannot declare type parameters").inFile(src)
                .onLine(2);
        assertThat(c).hadErrorContaining("use Object or a concrete type");
        assertThat(c).hadErrorCount(1);
    }

    /** Methods of a generic super-interface arrive with its type arguments substituted. */
    @Test
    void aConcreteSubInterfaceOfAGenericOneGetsTheSubstitutedTypes() {
        Compilation c = GroupCompiler.compile(JavaFileObjects.forSourceLines("p.Box",
                "package p;",
                "public interface Box<T> { void put(T value); T take(); }"),
                JavaFileObjects.forSourceLines("p.Strings",
                "package p;",
                "public interface Strings extends Box<String>, io.mobula.gmi.GroupInterface {",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        GroupCompiler.assertGeneratedCodeClean(c);
        assertThat(GroupCompiler.generatedSource(c, "p/Strings_GroupMethods.java"))
                .contains("\"void put(String)\"");
        String stub = GroupCompiler.generatedSource(c, "p/Strings_MobulaGroupStub.java");
        assertThat(stub).contains("public void put(java.lang.String a0) {");
        assertThat(stub).contains("public java.lang.String take() {");
    }

    @Test
    void atMost64Parameters() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Wide",
                "package p;",
                "public interface Wide extends io.mobula.gmi.GroupInterface {",
                "    void fine(" + ints(64) + ");",
                "    void tooMany(" + ints(65) + ");",
                "}");
        Compilation c = GroupCompiler.compile(src);
        assertThat(c).hadErrorContaining("group method tooMany has 65 parameters, but a group method has at most 64")
                .inFile(src).onLine(4);
        assertThat(c).hadErrorCount(1);

        Compilation fine = GroupCompiler.compile(JavaFileObjects.forSourceLines("p.Wide",
                "package p;",
                "public interface Wide extends io.mobula.gmi.GroupInterface {",
                "    void fine(" + ints(64) + ");",
                "}"));
        assertThat(fine).succeededWithoutWarnings();
    }

    @Test
    void classesImplementingAGroupInterfaceAreNoGroupInterfaces() {
        Compilation c = GroupCompiler.compile(BIN, JavaFileObjects.forSourceLines("p.BinImpl",
                "package p;",
                "public class BinImpl implements Bin {",
                "    public void put(double[] v) { }",
                "    public double[] get() { return null; }",
                "    public int add(int a, int b) { return a + b; }",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        // no stub or skeleton; only the member's proofs of non-blocking methods (GroupFlagsProcessorTest)
        assertThat(GroupCompiler.generatedSources(c).stream().filter(s -> s.contains("BinImpl")).toList())
                .containsExactly("p/BinImpl_MobulaGroupFlags.java");
    }

    @Test
    void typesThatCannotTravelAreWarningsNamingTheRunTimeFailure() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Jobs",
                "package p;",
                "public interface Jobs extends io.mobula.gmi.GroupInterface {",
                "    final class Handle { }",
                "    class Open { }",
                "    void start(String name, Thread worker);",
                "    Handle handle();",
                "    void open(Open o);",
                "    void many(Handle[] handles);",
                "    void fine(Object any, java.util.List<String> list, Runnable r, int[] a, java.util.Optional<String> o,"
                        + " java.io.Serializable s);",
                "}");
        Compilation c = GroupCompiler.compile(src);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining("parameter 'worker' of group method start has type java.lang.Thread, which"
                + " can never be serialized").inFile(src).onLine(5);
        assertThat(c).hadWarningContaining("fails at run time with a GroupException").inFile(src).onLine(5);
        assertThat(c).hadWarningContaining("the result of group method handle has type p.Jobs.Handle, which can"
                + " never be serialized").inFile(src).onLine(6);
        assertThat(c).hadWarningContaining("parameter 'o' of group method open has type p.Jobs.Open, which does not"
                + " implement java.io.Serializable").inFile(src).onLine(7);
        assertThat(c).hadWarningContaining("parameter 'handles' of group method many is an array of p.Jobs.Handle")
                .inFile(src).onLine(8);
        assertThat(c).hadWarningCount(4);
        assertThat(GroupCompiler.generatedSources(c)).contains("p/Jobs_MobulaGroupStub.java");
        GroupCompiler.assertGeneratedCodeClean(c);
    }

    private static String ints(int n) {
        return IntStream.range(0, n).mapToObj(i -> "int p" + i).collect(Collectors.joining(", "));
    }
}
