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
 * The read/write analysis of thesis 4.2.2 on small clouds: what makes a method a write, transitively and through
 * overrides, and what leaves it a read.
 */
class ReadWriteClassificationTest {
    private static final JavaFileObject BOX = JavaFileObjects.forSourceLines("p.Box",
            "package p;",
            "public interface Box extends io.mobula.repmi.Root {",
            "    int get();",
            "}");

    /** Compiles the root interface Box with a cloud whose root class is p.Cell (the body given). */
    private static Compilation cell(String... body) {
        List<String> lines = new ArrayList<>(List.of(
                "package p;",
                "public class Cell extends io.mobula.repmi.CloudObject implements Box {"));
        lines.addAll(List.of(body));
        lines.add("}");
        return CloudCompiler.compile(BOX, JavaFileObjects.forSourceLines("p.Cell", lines), JavaFileObjects
                .forSourceLines("p.Item",
                        "package p;",
                        "public class Item extends io.mobula.repmi.CloudObject implements io.mobula.repmi.Node {",
                        "    int v;",
                        "    Item next;",
                        "    public Item(int v, Item next) { this.v = v; this.next = next; }",
                        "    public int v() { return v; }",
                        "    public void set(int x) { v = x; }",
                        "}"),
                JavaFileObjects.forSourceLines("p.Scratch",
                        "package p;",
                        "public class Scratch extends io.mobula.repmi.CloudObject implements io.mobula.repmi.Node {",
                        "    int[] cells;",
                        "    Scratch(int n) { cells = new int[n]; for (int i = 0; i < n; i++) { cells[i] = i; } }",
                        "}"),
                JavaFileObjects.forSourceLines("p.Linker",
                        "package p;",
                        "public class Linker extends io.mobula.repmi.CloudObject implements io.mobula.repmi.Node {",
                        "    int v;",
                        "    Linker(Item other) { this.v = other.v; other.next = null; }",
                        "}"));
    }

    private static List<String> writes(Compilation c) {
        assertThat(c).succeededWithoutWarnings();
        CloudCompiler.assertGeneratedCodeClean(c);
        return CloudCompiler.writes(c, "p/Cell_MobulaCloudClass.java");
    }

    @Test
    void fieldAssignmentsOfAnyKindAreWrites() {
        Compilation c = cell(
                "    int n; Item item;",
                "    public int get() { return n; }",
                "    public void assign(int x) { n = x; }",
                "    public void compound() { n += 2; }",
                "    public void increment() { n++; }",
                "    public void decrement() { --n; }",
                "    public void other() { item.v = 3; }",
                "    public void localsOnly(int x) { int y = x; y++; x = y; }");
        assertThat(writes(c)).containsExactly("assign(I)V", "compound()V", "increment()V", "decrement()V",
                "other()V").inOrder();
        assertThat(CloudCompiler.generatedSource(c, "p/Cell_MobulaCloudClass.java"))
                .contains("assign(I)V assigns n; compound()V assigns n;");
        assertThat(CloudCompiler.generatedSource(c, "p/Cell_MobulaCloudClass.java")).contains("other()V assigns v");
    }

    @Test
    void anArrayStoreIsAWriteUnlessIntoALocalNewArray() {
        Compilation c = cell(
                "    int[] data = new int[4];",
                "    public int get() { return data[0]; }",
                "    public void field(int i) { data[i] = 1; }",
                "    public void parameter(int[] a) { a[0] = 1; }",
                "    public void aliased() { int[] a = data; a[0] = 1; }",
                "    public void reassigned() { int[] a = new int[2]; a = data; a[0] = 1; }",
                "    public int fresh() { int[] a = new int[2]; a[1] = 5; int[] b = {1, 2}; b[0]++; return a[1] + b[0]; }",
                "    public void copied(int[] src) { System.arraycopy(src, 0, data, 0, 1); }",
                "    public int[] copiedFresh() { int[] a = new int[4]; System.arraycopy(data, 0, a, 0, 4);"
                        + " java.util.Arrays.fill(a, 1); return a; }",
                "    public void filled() { java.util.Arrays.fill(data, 0); }");
        assertThat(writes(c)).containsExactly("field(I)V", "parameter([I)V", "aliased()V", "reassigned()V",
                "copied([I)V", "filled()V").inOrder();
        assertThat(CloudCompiler.generatedSource(c, "p/Cell_MobulaCloudClass.java"))
                .contains("field(I)V stores into an element of data");
    }

    @Test
    void cloudNotifyIsAWriteAndAMethodThatOnlyWaitsIsABlockingRead() {
        // thesis 4.2.2: assignments, notifies and calls of writes make a write; a wait alone does not (Figure 4.16)
        Compilation c = cell(
                "    int n;",
                "    public synchronized int get() { return n; }",
                "    public synchronized void signal() { cloudNotifyAll(); }",
                "    public synchronized void await() throws InterruptedException { while (n == 0) cloudWait(); }",
                "    public synchronized int within(long ms) throws InterruptedException {",
                "        while (n == 0) { cloudWait(ms); } return n; }",
                "    public synchronized void take() throws InterruptedException { while (n == 0) cloudWait(); n--; }",
                "    public synchronized void one() { this.cloudNotify(); }",
                "    public int viaHelper() throws InterruptedException { return await2(); }",
                "    private synchronized int await2() throws InterruptedException { cloudWait(5); return n; }");
        assertThat(writes(c)).containsExactly("signal()V", "take()V", "one()V").inOrder();
        assertThat(CloudCompiler.generatedSource(c, "p/Cell_MobulaCloudClass.java"))
                .contains("signal()V calls cloudNotifyAll");
    }

    @Test
    void aMethodMarkedReadThatIsAWriteIsAnErrorNamingWhy() {
        JavaFileObject box = JavaFileObjects.forSourceLines("p.Box",
                "package p;",
                "public interface Box extends io.mobula.repmi.Root {",
                "    int get();",
                "    @io.mobula.repmi.Read int peek();",
                "    int await(int k) throws InterruptedException;",
                "}");
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Cell",
                "package p;",
                "public class Cell extends io.mobula.repmi.CloudObject implements Box {",
                "    int n; int reads;",
                "    @io.mobula.repmi.Read public synchronized int get() { reads++; return n; }",
                "    public synchronized int peek() { cloudNotifyAll(); return n; }",
                "    @io.mobula.repmi.Read public synchronized int await(int k) throws InterruptedException {",
                "        while (n < k) { cloudWait(); }",
                "        return n;",
                "    }",
                "}");
        Compilation c = CloudCompiler.compile(box, src);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("Mobula: Cell.get is marked @Read but is a write: it assigns reads. A read,"
                + " blocking or not, changes nothing and notifies nothing (it may wait with cloudWait): move that into"
                + " a write method, or remove @Read to let it be broadcast as a write (thesis 4.2.2)")
                .inFile(src).onLine(4);
        assertThat(c).hadErrorContaining("Mobula: Cell.peek implements Box.peek, marked @Read, but is a write: it"
                + " calls cloudNotifyAll.").inFile(src).onLine(5);
        assertThat(c).hadErrorCount(2); // the blocking read await, marked @Read, is a read
    }

    @Test
    void aBlockingReadMarkedReadCompilesAsARead() {
        Compilation c = cell(
                "    int n;",
                "    @io.mobula.repmi.Read public synchronized int get() {",
                "        try { while (n == 0) { cloudWait(100); } } catch (InterruptedException e) { return -1; }",
                "        return n;",
                "    }",
                "    public synchronized void put(int v) { n = v; cloudNotifyAll(); }");
        assertThat(writes(c)).containsExactly("put(I)V");
    }

    @Test
    void aWriteOrConstructorThatWaitsWithATimeoutIsAnErrorSayingWhatToDo() {
        JavaFileObject src = JavaFileObjects.forSourceLines("p.Cell",
                "package p;",
                "public class Cell extends io.mobula.repmi.CloudObject implements Box {",
                "    int n;",
                "    public Cell() { try { cloudWait(5); } catch (InterruptedException e) { } }",
                "    public synchronized int get() { return n; }",
                "    public synchronized void take(long ms) throws InterruptedException {",
                "        while (n == 0) { cloudWait(ms); }",
                "        n--;",
                "    }",
                "    public synchronized void wake() throws InterruptedException { cloudWait(ms()); cloudNotifyAll(); }",
                "    long ms() { return 5; }",
                "}");
        Compilation c = CloudCompiler.compile(BOX, src);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("Mobula: Cell.take is a write (it assigns n) and calls"
                + " cloudWait(timeoutMillis): a timeout would end the wait at a different point on each replica. A"
                + " write waits with cloudWait(); to wait with a timeout, make the method a blocking read: move what"
                + " it changes and its notifies into a write method (thesis 4.2.2)").inFile(src).onLine(6);
        assertThat(c).hadErrorContaining("Mobula: Cell.wake is a write (it calls cloudNotifyAll) and calls"
                + " cloudWait(timeoutMillis)").inFile(src).onLine(10);
        assertThat(c).hadErrorContaining("Mobula: the constructor of Cell is a constructor (it runs in the write"
                + " that creates the cloud) and calls cloudWait(timeoutMillis)").inFile(src).onLine(4);
        assertThat(c).hadErrorCount(3);
    }

    @Test
    void aCallOfAWriteIsAWriteTransitively() {
        Compilation c = cell(
                "    int n; Item item = new Item(0, null);",
                "    public int get() { return helper(); }",
                "    int helper() { return n + item.v(); }",
                "    public void outer() { middle(); }",
                "    void middle() { inner(1); }",
                "    private void inner(int x) { n = x; }",
                "    public void viaNode() { item.set(4); }",
                "    public int viaNodeRead() { return item.next.v(); }");
        assertThat(writes(c)).containsExactly("outer()V", "middle()V", "viaNode()V").inOrder();
        String table = CloudCompiler.generatedSource(c, "p/Cell_MobulaCloudClass.java");
        assertThat(table).contains("outer()V calls middle()V; middle()V calls inner(I)V; viaNode()V calls set(I)V.");
    }

    /** A call through a node interface, or of an overridable method, is a write if any implementation is. */
    @Test
    void anOverrideInASubclassMakesTheCallAWrite() {
        Compilation c = CloudCompiler.compile(BOX,
                JavaFileObjects.forSourceLines("p.Shape",
                        "package p;",
                        "public interface Shape extends io.mobula.repmi.Node {",
                        "    int area();",
                        "}"),
                JavaFileObjects.forSourceLines("p.Square",
                        "package p;",
                        "public class Square extends io.mobula.repmi.CloudObject implements Shape {",
                        "    int side;",
                        "    public int area() { return side * side; }",
                        "    public int perimeter() { return 4 * side; }",
                        "}"),
                JavaFileObjects.forSourceLines("p.CountingSquare",
                        "package p;",
                        "public class CountingSquare extends Square {",
                        "    int calls;",
                        "    @Override public int perimeter() { calls++; return super.perimeter(); }",
                        "}"),
                JavaFileObjects.forSourceLines("p.Circle",
                        "package p;",
                        "public class Circle extends io.mobula.repmi.CloudObject implements Shape {",
                        "    int r; int asked;",
                        "    public int area() { asked++; return 3 * r * r; }",
                        "}"),
                JavaFileObjects.forSourceLines("p.Cell",
                        "package p;",
                        "public class Cell extends io.mobula.repmi.CloudObject implements Box {",
                        "    Shape shape; Square square;",
                        "    public int get() { return shape.area(); }",
                        "    public int squareArea() { return square.area(); }",
                        "    public int perimeter() { return square.perimeter(); }",
                        "}"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(CloudCompiler.writes(c, "p/Cell_MobulaCloudClass.java")).containsExactly("get()I",
                "perimeter()I").inOrder();
        assertThat(CloudCompiler.writes(c, "p/Square_MobulaCloudClass.java")).isEmpty();
        assertThat(CloudCompiler.writes(c, "p/CountingSquare_MobulaCloudClass.java")).containsExactly(
                "perimeter()I");
        assertThat(CloudCompiler.generatedSource(c, "p/Cell_MobulaCloudClass.java"))
                .contains("get()I calls area()I; perimeter()I calls perimeter()I.");
        assertThat(CloudCompiler.writes(c, "p/Circle_MobulaCloudClass.java")).containsExactly("area()I");
    }

    @Test
    void aPureReadStaysARead() {
        Compilation c = cell(
                "    int n; String name = \"x\"; Item item; int[] data = {1, 2};",
                "    public synchronized int get() {",
                "        int sum = 0;",
                "        for (int d : data) { sum += d; }",
                "        for (Item i = item; i != null; i = i.next) { sum += i.v; }",
                "        return Math.max(sum, n) + name.length() + Integer.parseInt(\"1\") + data.clone().length;",
                "    }",
                "    public String describe() { return name + n + java.util.Arrays.toString(data); }");
        assertThat(writes(c)).isEmpty();
        assertThat(CloudCompiler.generatedSource(c, "p/Cell_MobulaCloudClass.java")).contains("/** No write methods. */");
    }

    /** A constructor's assignments to the new object do not make the method creating it a write. */
    @Test
    void creatingAnObjectInAReadStaysARead() {
        Compilation c = cell(
                "    int n; Item item;",
                "    public int get() { Item tmp = new Item(n, item); return tmp.v(); }",
                "    public void store() { item = new Item(n, item); }",
                "    public int scratch() { Scratch s = new Scratch(3); return s.cells.length; }",
                "    public int linking() { Linker l = new Linker(item); return l.v; }");
        assertThat(CloudCompiler.writes(c, "p/Cell_MobulaCloudClass.java")).containsExactly("store()V",
                "linking()I").inOrder();
    }
}
