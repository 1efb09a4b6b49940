package io.mobula.repmi.gen;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The cloud rules of thesis 4.2.1 as compile errors, each on the offending element or expression with what to
 * change; and what they allow.
 */
class CloudRulesTest {
    private static final JavaFileObject BOX = JavaFileObjects.forSourceLines("p.Box",
            "package p;",
            "public interface Box extends io.mobula.repmi.Root {",
            "    int get();",
            "}");

    /** p.Cell, the root class of Box, with {@code body} from line 3 on. */
    private static JavaFileObject cell(String... body) {
        List<String> lines = new ArrayList<>(List.of(
                "package p;",
                "public class Cell extends io.mobula.repmi.CloudObject implements Box {"));
        lines.addAll(List.of(body));
        lines.add("}");
        return JavaFileObjects.forSourceLines("p.Cell", lines);
    }

    @Test
    void rootAndNodeClassesMustExtendCloudObjectAndCloudClassesMustBeOne() {
        JavaFileObject plain = JavaFileObjects.forSourceLines("p.Plain",
                "package p;",
                "public class Plain implements io.mobula.repmi.Node {",
                "}");
        JavaFileObject orphan = JavaFileObjects.forSourceLines("p.Orphan",
                "package p;",
                "public class Orphan extends io.mobula.repmi.CloudObject {",
                "}");
        JavaFileObject plainRoot = JavaFileObjects.forSourceLines("p.PlainRoot",
                "package p;",
                "public class PlainRoot implements Box {",
                "    public int get() { return 0; }",
                "}");
        Compilation c = CloudCompiler.compile(BOX, plain, orphan, plainRoot);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("class p.Plain implements io.mobula.repmi.Node but does not extend"
                + " io.mobula.repmi.CloudObject").inFile(plain).onLine(2);
        assertThat(c).hadErrorContaining("make it extend CloudObject").inFile(plainRoot).onLine(2);
        assertThat(c).hadErrorContaining("class p.Orphan extends io.mobula.repmi.CloudObject but implements"
                + " neither").inFile(orphan).onLine(2);
        assertThat(c).hadErrorCount(3);
    }

    @Test
    void aTypeCannotBeBothRootAndNodeNorRemote() {
        JavaFileObject both = JavaFileObjects.forSourceLines("p.Both",
                "package p;",
                "public interface Both extends Box, io.mobula.repmi.Node {",
                "}");
        JavaFileObject remote = JavaFileObjects.forSourceLines("p.Far",
                "package p;",
                "public class Far extends io.mobula.repmi.CloudObject implements io.mobula.repmi.Node,"
                        + " java.rmi.Remote {",
                "}");
        JavaFileObject remoteRoot = JavaFileObjects.forSourceLines("p.RemoteBox",
                "package p;",
                "public interface RemoteBox extends Box, java.rmi.Remote {",
                "}");
        Compilation c = CloudCompiler.compile(BOX, both, remote, remoteRoot);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("interface p.Both is both a root and a node").inFile(both).onLine(2);
        assertThat(c).hadErrorContaining("class p.Far belongs to a cloud and must not extend java.rmi.Remote")
                .inFile(remote).onLine(2);
        assertThat(c).hadErrorContaining("interface p.RemoteBox belongs to a cloud and must not extend"
                + " java.rmi.Remote").inFile(remoteRoot).onLine(2);
        assertThat(c).hadErrorCount(3);
    }

    @Test
    void fieldsParametersAndLocalsHoldOnlyWhatACloudMayHold() {
        JavaFileObject src = cell(
                "    int n; String s; Cell self; io.mobula.repmi.Node node; int[][] grid; Cell[] cells;",
                "    java.util.List<String> list;",
                "    Box other;",
                "    public int get() { return n; }",
                "    void take(Object o) { }",
                "    int local() {",
                "        StringBuilder sb = null;",
                "        java.rmi.Remote r = null;",
                "        for (String t : new String[] {s}) { n += t.length(); }",
                "        try { n++; } catch (RuntimeException e) { n--; }",
                "        return sb == null && r == null ? 0 : 1;",
                "    }");
        Compilation c = CloudCompiler.compile(BOX, src);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("field 'list' of cloud class p.Cell has type java.util.List<java.lang.String>:"
                + " a cloud holds only primitives").inFile(src).onLine(4);
        assertThat(c).hadErrorContaining("field 'other' of cloud class p.Cell has type p.Box: no remote or"
                + " replication references inside clouds").inFile(src).onLine(5);
        assertThat(c).hadErrorContaining("the nested invocation problem").inFile(src).onLine(5);
        assertThat(c).hadErrorContaining("parameter 'o' of method take of cloud class p.Cell has type"
                + " java.lang.Object").inFile(src).onLine(7);
        assertThat(c).hadErrorContaining("local variable 'sb' of a cloud has type java.lang.StringBuilder")
                .inFile(src).onLine(9);
        assertThat(c).hadErrorContaining("local variable 'r' of a cloud has type java.rmi.Remote: no remote or"
                + " replication references").inFile(src).onLine(10);
        assertThat(c).hadErrorCount(5);
    }

    @Test
    void noStaticStateStaticMethodsNativeMethodsOrStaticInitializers() {
        JavaFileObject src = cell(
                "    static final int MAX = 10; static final String NAME = \"cell\";",
                "    static int count;",
                "    static final int[] TABLE = {1};",
                "    static { count = 1; }",
                "    public int get() { return MAX; }",
                "    static int twice(int x) { return 2 * x; }",
                "    native int fast();");
        Compilation c = CloudCompiler.compile(BOX, src);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("static field 'count' in cloud class p.Cell").inFile(src).onLine(4);
        assertThat(c).hadErrorContaining("static field 'TABLE' in cloud class p.Cell").inFile(src).onLine(5);
        assertThat(c).hadErrorContaining("static initializer in cloud class p.Cell").inFile(src).onLine(6);
        assertThat(c).hadErrorContaining("static method twice of cloud class p.Cell").inFile(src).onLine(8);
        assertThat(c).hadErrorContaining("native method fast of cloud class p.Cell").inFile(src).onLine(9);
        assertThat(c).hadErrorCount(5);
    }

    @Test
    void staticMembersOfOtherClassesOnlyFromTheAllowList() {
        JavaFileObject config = JavaFileObjects.forSourceLines("p.Config",
                "package p;",
                "public class Config {",
                "    public static int limit = 3;",
                "    public static final int FIXED = 4;",
                "    public static int compute() { return 5; }",
                "}");
        JavaFileObject src = cell(
                "    int n; int[] a = new int[3];",
                "    public int get() {",
                "        n = Math.max(n, Integer.MAX_VALUE) + Config.FIXED + (int) Math.PI + Integer.parseInt(\"1\");",
                "        System.arraycopy(a, 0, a, 1, 1); java.util.Arrays.fill(a, 0); String.valueOf(n);",
                "        long t = System.currentTimeMillis();",
                "        n += Config.limit;",
                "        n += Config.compute();",
                "        return (int) t + (int) (Math.random() * 2);",
                "    }");
        Compilation c = CloudCompiler.compile(BOX, config, src);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("a cloud cannot call the static method java.lang.System.currentTimeMillis")
                .inFile(src).onLine(7);
        assertThat(c).hadErrorContaining("a cloud cannot use the static field p.Config.limit").inFile(src).onLine(8);
        assertThat(c).hadErrorContaining("a cloud cannot call the static method p.Config.compute").inFile(src)
                .onLine(9);
        assertThat(c).hadErrorContaining("a cloud cannot call the static method java.lang.Math.random").inFile(src)
                .onLine(10);
        assertThat(c).hadErrorCount(4);
    }

    @Test
    void noThreadsNoForeignLocksNoWaitOrNotify() {
        JavaFileObject src = cell(
                "    int n; Cell other;",
                "    public synchronized int get() { synchronized (this) { return n; } }",
                "    void spawn() { new Thread(() -> { }).start(); }",
                "    void lock() { synchronized (other) { n++; } }",
                "    synchronized void waits() throws InterruptedException { while (n == 0) { wait(); } }",
                "    synchronized void wakes() { notifyAll(); other.notify(); }",
                "    void pool() { java.util.concurrent.Executors.newFixedThreadPool(2); }");
        Compilation c = CloudCompiler.compile(BOX, src);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("a cloud cannot use threads (java.lang.Thread)").inFile(src).onLine(5);
        assertThat(c).hadErrorContaining("a cloud may lock only 'this'").inFile(src).onLine(6);
        assertThat(c).hadErrorContaining("a cloud cannot call wait(): replicas would wake their waiting writes in"
                + " different orders; use cloudWait() of CloudObject").inFile(src).onLine(7);
        assertThat(c).hadErrorContaining("a cloud cannot call notifyAll()").inFile(src).onLine(8);
        assertThat(c).hadErrorContaining("use cloudNotify() of CloudObject").inFile(src).onLine(8);
        assertThat(c).hadErrorContaining("a cloud cannot use threads (java.util.concurrent.Executors)").inFile(src)
                .onLine(9);
        assertThat(c).hadErrorCount(6);
    }

    /** A root method's parameters are copies: the root class may take any type its interface declares. */
    @Test
    void aRootMethodMayTakeAnySerializableArgument() {
        Compilation c = CloudCompiler.compile(JavaFileObjects.forSourceLines("p.Names",
                "package p;",
                "public interface Names extends io.mobula.repmi.Root {",
                "    void addAll(java.util.List<String> names);",
                "    int count();",
                "}"), JavaFileObjects.forSourceLines("p.NameSet",
                "package p;",
                "public class NameSet extends io.mobula.repmi.CloudObject implements Names {",
                "    String[] names = new String[0];",
                "    public synchronized void addAll(java.util.List<String> more) {",
                "        String[] next = java.util.Arrays.copyOf(names, names.length + more.size());",
                "        for (int i = 0; i < more.size(); i++) { next[names.length + i] = more.get(i); }",
                "        names = next;",
                "    }",
                "    public synchronized int count() { return names.length; }",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(CloudCompiler.writes(c, "p/NameSet_MobulaCloudClass.java")).containsExactly(
                "addAll(Ljava/util/List;)V");
    }
}
