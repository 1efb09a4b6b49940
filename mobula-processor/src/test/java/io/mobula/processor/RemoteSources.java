package io.mobula.processor;

import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;

/** Small remote interfaces and implementations the RMI generator tests compile. */
final class RemoteSources {
    private RemoteSources() {}

    static final JavaFileObject BASE = JavaFileObjects.forSourceLines("p.Base",
            "package p;",
            "public interface Base extends java.rmi.Remote {",
            "    long base(long v) throws java.rmi.RemoteException;",
            "}");

    static final JavaFileObject POINT = JavaFileObjects.forSourceLines("p.Point",
            "package p;",
            "public class Point implements java.io.Serializable {",
            "    public int x, y;",
            "    public Point(int x, int y) { this.x = x; this.y = y; }",
            "}");

    /** Every kind of parameter and result, overloads, an inherited method, one-way and non-blocking. */
    static final JavaFileObject KINDS = JavaFileObjects.forSourceLines("p.Kinds",
            "package p;",
            "import java.rmi.RemoteException;",
            "import java.util.List;",
            "import java.util.concurrent.CompletableFuture;",
            "public interface Kinds extends Base {",
            "    boolean z(boolean v) throws RemoteException;",
            "    byte b(byte v) throws RemoteException;",
            "    char c(char v) throws RemoteException;",
            "    short s(short v) throws RemoteException;",
            "    int i(int v) throws RemoteException;",
            "    long j(long v) throws RemoteException;",
            "    float f(float v) throws RemoteException;",
            "    double d(double v) throws RemoteException;",
            "    String str(String v) throws RemoteException;",
            "    int[] ints(int[] v) throws RemoteException;",
            "    String[] strs(String... v) throws RemoteException;",
            "    List<String> list(List<String> v) throws RemoteException;",
            "    Point point(Point v) throws RemoteException;",
            "    Base remote(Base v) throws RemoteException;",
            "    CompletableFuture<String> async(String v) throws RemoteException;",
            "    <T extends Comparable<T>> T max(T a, T b) throws RemoteException;",
            "    void mixed(int a, String b, long c, double[] d, Object e) throws RemoteException;",
            "    @io.mobula.rmi.OneWay void fire(int v) throws RemoteException;",
            "    @io.mobula.rmi.NonBlocking int quick(int v) throws RemoteException;",
            "    int over() throws RemoteException;",
            "    int over(int a) throws RemoteException;",
            "    int over(int a, int b) throws RemoteException;",
            "}");

    /** Records the arguments of the last call in {@code last} and returns something derived from them. */
    static final JavaFileObject KINDS_IMPL = JavaFileObjects.forSourceLines("p.KindsImpl",
            "package p;",
            "import java.util.List;",
            "import java.util.concurrent.CompletableFuture;",
            "public class KindsImpl implements Kinds {",
            "    public Object[] last;",
            "    private Object[] got(Object... args) { last = args; return args; }",
            "    public long base(long v) { got(v); return v * 2; }",
            "    public boolean z(boolean v) { got(v); return !v; }",
            "    public byte b(byte v) { got(v); return (byte) (v + 1); }",
            "    public char c(char v) { got(v); return (char) (v + 1); }",
            "    public short s(short v) { got(v); return (short) (v + 1); }",
            "    public int i(int v) { got(v); return v + 1; }",
            "    public long j(long v) { got(v); return v + 1; }",
            "    public float f(float v) { got(v); return v * 2; }",
            "    public double d(double v) { got(v); return v * 2; }",
            "    public String str(String v) { got(v); return v + \"!\"; }",
            "    public int[] ints(int[] v) { got((Object) v); return new int[] {v.length}; }",
            "    public String[] strs(String... v) { got((Object) v); return new String[] {String.join(\"+\", v)}; }",
            "    public List<String> list(List<String> v) { got(v); return List.of(String.valueOf(v.size())); }",
            "    public Point point(Point v) { got(v); return new Point(v.y, v.x); }",
            "    public Base remote(Base v) { got(v); return v; }",
            "    public CompletableFuture<String> async(String v) {",
            "        got(v);",
            "        return CompletableFuture.completedFuture(v + \"?\");",
            "    }",
            "    public <T extends Comparable<T>> T max(T a, T b) { got(a, b); return a.compareTo(b) >= 0 ? a : b; }",
            "    public void mixed(int a, String b, long c, double[] d, Object e) { got(a, b, c, d, e); }",
            "    public void fire(int v) { got(v); }",
            "    public int quick(int v) { got(v); return -v; }",
            "    public int over() { got(); return 0; }",
            "    public int over(int a) { got(a); return 1; }",
            "    public int over(int a, int b) { got(a, b); return 2; }",
            "}");

    /** Declared exceptions of every shape the stub's multi-catch must handle. */
    static final JavaFileObject THROWER = JavaFileObjects.forSourceLines("p.Thrower",
            "package p;",
            "public interface Thrower extends java.rmi.Remote {",
            "    void io() throws java.io.IOException;",
            "    void any() throws Exception;",
            "    void custom(int x) throws Oops, java.rmi.RemoteException;",
            "    void sub() throws java.rmi.ConnectException, java.rmi.RemoteException;",
            "    void all() throws Throwable;",
            "    void runtime() throws java.rmi.RemoteException, IllegalStateException;",
            "    void sneaky() throws java.rmi.RemoteException;",
            "}");

    static final JavaFileObject OOPS = JavaFileObjects.forSourceLines("p.Oops",
            "package p;",
            "public class Oops extends Exception {",
            "    public Oops(String message) { super(message); }",
            "}");

    static final JavaFileObject THROWER_IMPL = JavaFileObjects.forSourceLines("p.ThrowerImpl",
            "package p;",
            "public class ThrowerImpl implements Thrower {",
            "    public void io() throws java.io.IOException { throw new java.io.IOException(\"io\"); }",
            "    public void any() throws Exception { throw new Exception(\"any\"); }",
            "    public void custom(int x) throws Oops { throw new Oops(String.valueOf(x)); }",
            "    public void sub() { }",
            "    public void all() throws Throwable { throw new Throwable(\"all\"); }",
            "    public void runtime() { throw new IllegalStateException(\"runtime\"); }",
            "    public void sneaky() { ThrowerImpl.<RuntimeException>sneak(new Oops(\"sneaky\")); }",
            "    @SuppressWarnings(\"unchecked\")",
            "    private static <E extends Throwable> void sneak(Throwable t) throws E { throw (E) t; }",
            "}");

    /** The remote methods of p.Kinds in method id order: by name, then descriptor. */
    static final String[] KINDS_SIGNATURES = {
        "async(Ljava/lang/String;)Ljava/util/concurrent/CompletableFuture;",
        "b(B)B",
        "base(J)J",
        "c(C)C",
        "d(D)D",
        "f(F)F",
        "fire(I)V",
        "i(I)I",
        "ints([I)[I",
        "j(J)J",
        "list(Ljava/util/List;)Ljava/util/List;",
        "max(Ljava/lang/Comparable;Ljava/lang/Comparable;)Ljava/lang/Comparable;",
        "mixed(ILjava/lang/String;J[DLjava/lang/Object;)V",
        "over()I",
        "over(I)I",
        "over(II)I",
        "point(Lp/Point;)Lp/Point;",
        "quick(I)I",
        "remote(Lp/Base;)Lp/Base;",
        "s(S)S",
        "str(Ljava/lang/String;)Ljava/lang/String;",
        "strs([Ljava/lang/String;)[Ljava/lang/String;",
        "z(Z)Z",
    };

    static int id(String signature) {
        return java.util.Arrays.asList(KINDS_SIGNATURES).indexOf(signature);
    }
}
