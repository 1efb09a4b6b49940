package io.mobula.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.mobula.processor.Compiler.get;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import io.mobula.rmi.RemoteStub;
import io.mobula.rmi.TestAccess;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.rmi.Remote;
import java.rmi.UnexpectedException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Calls generated stubs end to end through the RMI runtime's in-process channel (no network): the stub writes
 * the arguments, the generated dispatcher decodes them, the result or exception comes back through the stub.
 * Only JDK types travel here: the runtime's serialization cannot see classes of the test's in-memory class
 * loader, and it does not pass stubs as arguments yet (RmiSerialization); RemoteDispatchTest covers those.
 */
class RemoteStubTest {
    private static ClassLoader loader;

    @BeforeAll
    static void compile() {
        Compilation c = Compiler.withProcessor(RemoteSources.BASE, RemoteSources.POINT, RemoteSources.KINDS,
                RemoteSources.KINDS_IMPL, RemoteSources.THROWER, RemoteSources.OOPS, RemoteSources.THROWER_IMPL);
        assertThat(c).succeeded();
        Compiler.assertGeneratedCodeClean(c);
        loader = Compiler.load(c);
    }

    private static Object stub(String implClass, String iface) throws Exception {
        Object impl = Compiler.newInstance(loader, implClass);
        RemoteStub stub = TestAccess.localStub((Remote) impl, loader.loadClass(iface));
        assertEquals(iface + "_MobulaStub", stub.getClass().getName());
        return stub;
    }

    private static Object invoke(Object stub, String name, Class<?>[] types, Object... args) throws Throwable {
        Method m = stub.getClass().getMethod(name, types);
        try {
            return m.invoke(stub, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Object target(Object stub) {
        return get(RemoteStub.refOf((RemoteStub) stub), "io.mobula.rmi.RemoteRef", "localTarget");
    }

    @Test
    void valuesTravelThroughStubAndDispatcher() throws Throwable {
        Object kinds = stub("p.KindsImpl", "p.Kinds");
        assertEquals(42, invoke(kinds, "i", new Class<?>[] {int.class}, 41));
        assertEquals(false, invoke(kinds, "z", new Class<?>[] {boolean.class}, true));
        assertEquals('b', invoke(kinds, "c", new Class<?>[] {char.class}, 'a'));
        assertEquals(2.5f, invoke(kinds, "f", new Class<?>[] {float.class}, 1.25f));
        assertEquals(-1.0, invoke(kinds, "d", new Class<?>[] {double.class}, -0.5));
        assertEquals(42L, invoke(kinds, "base", new Class<?>[] {long.class}, 21L));
        assertEquals("hi!", invoke(kinds, "str", new Class<?>[] {String.class}, "hi"));
        assertArrayEquals(new int[] {2}, (int[]) invoke(kinds, "ints", new Class<?>[] {int[].class}, new int[] {4, 5}));
        assertArrayEquals(new String[] {"a+b"},
                (String[]) invoke(kinds, "strs", new Class<?>[] {String[].class}, (Object) new String[] {"a", "b"}));
        assertEquals(List.of("1"), invoke(kinds, "list", new Class<?>[] {List.class}, List.of("x")));
        assertEquals("b", invoke(kinds, "max", new Class<?>[] {Comparable.class, Comparable.class}, "a", "b"));
        assertEquals(2, invoke(kinds, "over", new Class<?>[] {int.class, int.class}, 1, 2));
        CompletableFuture<?> f = (CompletableFuture<?>) invoke(kinds, "async", new Class<?>[] {String.class}, "v");
        assertEquals("v?", f.join());
    }

    @Test
    void oneWayReachesTheImplementation() throws Throwable {
        Object kinds = stub("p.KindsImpl", "p.Kinds");
        invoke(kinds, "fire", new Class<?>[] {int.class}, 7);
        // a one-way call does not wait for the method, even locally: it runs on a virtual thread
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (get(target(kinds), "last") == null && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertArrayEquals(new Object[] {7}, (Object[]) get(target(kinds), "last"));
    }

    @Test
    void declaredExceptionsAreRethrownAndOthersWrapped() throws Throwable {
        Object thrower = stub("p.ThrowerImpl", "p.Thrower");
        Class<?>[] none = {};
        assertThat(assertThrows(java.io.IOException.class, () -> invoke(thrower, "io", none)))
                .hasMessageThat().isEqualTo("io");
        assertThat(assertThrows(Exception.class, () -> invoke(thrower, "any", none)))
                .hasMessageThat().isEqualTo("any");
        Throwable oops = assertThrows(Exception.class, () -> invoke(thrower, "custom", new Class<?>[] {int.class}, 3));
        assertEquals("p.Oops", oops.getClass().getName());
        assertThat(oops).hasMessageThat().isEqualTo("3");
        assertThrows(IllegalStateException.class, () -> invoke(thrower, "runtime", none));
        // a checked exception the method does not declare (thrown sneakily) is wrapped, as java.rmi does
        UnexpectedException u = assertThrows(UnexpectedException.class, () -> invoke(thrower, "sneaky", none));
        assertEquals("p.Oops", u.getCause().getClass().getName());
        // a method declaring Throwable delivers a bare Throwable as declared
        Throwable t = assertThrows(Throwable.class, () -> invoke(thrower, "all", none));
        assertEquals(Throwable.class, t.getClass());
        assertThat(t).hasMessageThat().isEqualTo("all");
    }
}
