package io.mobula.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.mobula.processor.Compiler.get;
import static io.mobula.processor.RemoteSources.id;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.mobula.rmi.CallResult;
import io.mobula.rmi.Dispatcher;
import io.mobula.rmi.Invocation;
import io.mobula.rmi.TestAccess;
import io.mobula.serial.Fingerprint;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Drives the generated dispatcher of p.Kinds directly, without a network: arguments are written as the stub
 * writes them, decoded by the dispatcher, run against an implementation; the implementation must receive
 * exactly those arguments and the result must land in the CallResult with the right kind.
 */
class RemoteDispatchTest {
    private static ClassLoader loader;
    private Dispatcher dispatcher;
    private Object impl;

    /** Writes arguments exactly as the generated stub does. */
    @FunctionalInterface
    interface Args {
        void write(SerialWriter out) throws IOException;
    }

    @BeforeAll
    static void compile() {
        Compilation c = Compiler.withProcessor(RemoteSources.BASE, RemoteSources.POINT, RemoteSources.KINDS,
                RemoteSources.KINDS_IMPL, JavaFileObjects.forSourceLines("p.LocalBase",
                        "package p;",
                        "public class LocalBase implements Base, java.io.Serializable {",
                        "    public long base(long v) { return v; }",
                        "}"));
        assertThat(c).succeeded();
        Compiler.assertGeneratedCodeClean(c);
        loader = Compiler.load(c);
    }

    @BeforeEach
    void create() throws ReflectiveOperationException {
        dispatcher = (Dispatcher) loader.loadClass("p.Kinds_MobulaDispatcher").getConstructor().newInstance();
        impl = Compiler.newInstance(loader, "p.KindsImpl");
    }

    private CallResult call(String signature, Args args) throws Throwable {
        Serialization s = Serialization.builder().classLoader(loader).build();
        SerialWriter out = s.newWriter();
        out.beginMessage();
        args.write(out);
        SerialReader in = s.newReader();
        in.beginMessage(out.buffer().duplicate().order(out.byteOrder()));
        Invocation invocation = dispatcher.decode(impl, id(signature), in);
        assertEquals(0, in.remaining(), signature + " left arguments unread");
        CallResult result = new CallResult();
        invocation.invoke(result);
        return result;
    }

    private Object[] last() {
        return (Object[]) get(impl, "last");
    }

    private static void assertResult(CallResult r, String kind, long prim) {
        assertEquals(kind, TestAccess.kind(r));
        assertEquals(prim, TestAccess.prim(r));
    }

    @Test
    void describesTheInterface() throws Throwable {
        assertEquals(loader.loadClass("p.Kinds"), dispatcher.remoteInterface());
        assertEquals(RemoteSources.KINDS_SIGNATURES.length, dispatcher.methodCount());
        String[] parts = new String[RemoteSources.KINDS_SIGNATURES.length + 1];
        parts[0] = "p.Kinds";
        System.arraycopy(RemoteSources.KINDS_SIGNATURES, 0, parts, 1, RemoteSources.KINDS_SIGNATURES.length);
        // the hash covers the method order, so this also checks the ids
        assertEquals(Fingerprint.of(parts), dispatcher.interfaceHash());
        assertEquals(dispatcher.interfaceHash(),
                loader.loadClass("p.Kinds_MobulaDispatcher").getField("INTERFACE_HASH").getLong(null));
        for (int i = 0; i < dispatcher.methodCount(); i++) {
            String sig = RemoteSources.KINDS_SIGNATURES[i];
            int expected = sig.equals("fire(I)V") ? Dispatcher.ONE_WAY
                    : sig.equals("quick(I)I") ? Dispatcher.NON_BLOCKING : 0;
            assertEquals(expected, dispatcher.methodFlags(i), sig);
        }
    }

    @Test
    void primitives() throws Throwable {
        assertResult(call("z(Z)Z", out -> out.writeBoolean(true)), "BOOLEAN", 0);
        assertArrayEquals(new Object[] {true}, last());
        assertResult(call("b(B)B", out -> out.writeByte((byte) -8)), "BYTE", -7);
        assertArrayEquals(new Object[] {(byte) -8}, last());
        assertResult(call("c(C)C", out -> out.writeChar('a')), "CHAR", 'b');
        assertArrayEquals(new Object[] {'a'}, last());
        assertResult(call("s(S)S", out -> out.writeShort((short) 300)), "SHORT", 301);
        assertArrayEquals(new Object[] {(short) 300}, last());
        assertResult(call("i(I)I", out -> out.writeInt(41)), "INT", 42);
        assertArrayEquals(new Object[] {41}, last());
        assertResult(call("j(J)J", out -> out.writeLong(1L << 40)), "LONG", (1L << 40) + 1);
        assertArrayEquals(new Object[] {1L << 40}, last());
        assertResult(call("f(F)F", out -> out.writeFloat(1.25f)), "FLOAT", Float.floatToRawIntBits(2.5f));
        assertArrayEquals(new Object[] {1.25f}, last());
        assertResult(call("d(D)D", out -> out.writeDouble(-0.5)), "DOUBLE", Double.doubleToRawLongBits(-1.0));
        assertArrayEquals(new Object[] {-0.5}, last());
    }

    @Test
    void stringsArraysAndObjects() throws Throwable {
        CallResult r = call("str(Ljava/lang/String;)Ljava/lang/String;", out -> out.writeString("hi"));
        assertEquals("STRING", TestAccess.kind(r));
        assertEquals("hi!", TestAccess.obj(r));
        assertArrayEquals(new Object[] {"hi"}, last());

        r = call("ints([I)[I", out -> out.writeObject(new int[] {1, 2, 3}));
        assertEquals("OBJECT", TestAccess.kind(r));
        assertArrayEquals(new int[] {3}, (int[]) TestAccess.obj(r));
        assertArrayEquals(new int[] {1, 2, 3}, (int[]) last()[0]);

        r = call("strs([Ljava/lang/String;)[Ljava/lang/String;", out -> out.writeObject(new String[] {"a", "b"}));
        assertArrayEquals(new String[] {"a+b"}, (String[]) TestAccess.obj(r));

        r = call("list(Ljava/util/List;)Ljava/util/List;", out -> out.writeObject(new ArrayList<>(List.of("x", "y"))));
        assertEquals(List.of("2"), TestAccess.obj(r));
        assertEquals(List.of("x", "y"), last()[0]);

        Object point = loader.loadClass("p.Point").getConstructor(int.class, int.class).newInstance(1, 2);
        r = call("point(Lp/Point;)Lp/Point;", out -> out.writeObject(point));
        assertEquals(2, get(TestAccess.obj(r), "x"));
        assertEquals(1, get(TestAccess.obj(r), "y"));
        assertEquals(1, get(last()[0], "x"));

        Object remote = Compiler.newInstance(loader, "p.LocalBase");
        r = call("remote(Lp/Base;)Lp/Base;", out -> out.writeObject(remote));
        assertEquals(loader.loadClass("p.LocalBase"), TestAccess.obj(r).getClass());
    }

    @Test
    void mixedParametersArriveInOrder() throws Throwable {
        CallResult r = call("mixed(ILjava/lang/String;J[DLjava/lang/Object;)V", out -> {
            out.writeInt(7);
            out.writeString("seven");
            out.writeLong(-7);
            out.writeObject(new double[] {7.5});
            out.writeObject(List.of(7));
        });
        assertEquals("VOID", TestAccess.kind(r));
        Object[] got = last();
        assertEquals(7, got[0]);
        assertEquals("seven", got[1]);
        assertEquals(-7L, got[2]);
        assertArrayEquals(new double[] {7.5}, (double[]) got[3]);
        assertEquals(List.of(7), got[4]);
    }

    @Test
    void overloadsGenericsAndInheritedMethods() throws Throwable {
        assertResult(call("over()I", out -> { }), "INT", 0);
        assertEquals(0, last().length);
        assertResult(call("over(I)I", out -> out.writeInt(5)), "INT", 1);
        assertArrayEquals(new Object[] {5}, last());
        assertResult(call("over(II)I", out -> {
            out.writeInt(5);
            out.writeInt(6);
        }), "INT", 2);
        assertArrayEquals(new Object[] {5, 6}, last());
        assertResult(call("base(J)J", out -> out.writeLong(21)), "LONG", 42);

        CallResult r = call("max(Ljava/lang/Comparable;Ljava/lang/Comparable;)Ljava/lang/Comparable;", out -> {
            out.writeObject("a");
            out.writeObject("b");
        });
        assertEquals("b", TestAccess.obj(r));
    }

    @Test
    void oneWayAndFutures() throws Throwable {
        CallResult r = call("fire(I)V", out -> out.writeInt(9));
        assertEquals("VOID", TestAccess.kind(r));
        assertArrayEquals(new Object[] {9}, last());

        r = call("async(Ljava/lang/String;)Ljava/util/concurrent/CompletableFuture;", out -> out.writeString("v"));
        assertEquals("OBJECT", TestAccess.kind(r));
        assertEquals("v?", ((CompletableFuture<?>) TestAccess.obj(r)).join());
    }

    @Test
    void refusesUnknownMethodsAndWrongTypes() {
        Serialization s = Serialization.builder().classLoader(loader).build();
        SerialReader in = s.newReader();
        in.beginMessage(java.nio.ByteBuffer.allocate(0));
        SerialException e = assertThrows(SerialException.class, () -> dispatcher.decode(impl, 99, in));
        assertThat(e).hasMessageThat().contains("no method 99 in p.Kinds");

        assertThrows(SerialException.class, () -> call("point(Lp/Point;)Lp/Point;", out -> out.writeObject("text")));
    }
}
