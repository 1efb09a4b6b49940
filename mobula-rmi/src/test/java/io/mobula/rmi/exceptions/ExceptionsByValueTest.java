package io.mobula.rmi.exceptions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.exceptions.AppExceptions.Decorating;
import io.mobula.rmi.exceptions.AppExceptions.Hooked;
import io.mobula.rmi.exceptions.AppExceptions.InsufficientFunds;
import io.mobula.rmi.exceptions.AppExceptions.MoreTransient;
import io.mobula.rmi.exceptions.AppExceptions.Refused;
import io.mobula.rmi.exceptions.AppExceptions.Resolving;
import io.mobula.rmi.exceptions.AppExceptions.WithTransient;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.UndeclaredThrowableException;
import java.net.BindException;
import java.net.HttpRetryException;
import java.net.SocketTimeoutException;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.UnmarshalException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IllegalFormatCodePointException;
import java.util.List;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UnknownFormatConversionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Exceptions thrown by a remote method reach the caller by value, whole, as with java.rmi: every field of every class
 * level, cause, suppressed exceptions and the remote stack trace. The calls take the local short-cut, which copies
 * the exception through the RMI serialization like a connection does. JDK exceptions are compared with a copy made
 * by Java serialization (the reference java.rmi uses).
 */
class ExceptionsByValueTest {
    private static final Map<String, Supplier<Throwable>> KINDS = new java.util.concurrent.ConcurrentHashMap<>();
    /** Public getters of JDK exceptions not named get...: compared too. */
    private static final java.util.Set<String> GETTERS = java.util.Set.of("responseCode", "typeName");
    private static ThrowerImpl impl;
    private static Thrower thrower;

    /** Throws what the kind names, and keeps the original for the comparison. */
    static final class ThrowerImpl implements Thrower {
        volatile Throwable last;

        @Override
        public void raise(String kind) throws Exception {
            Throwable t = KINDS.get(kind).get();
            last = t;
            if (t instanceof Exception e) {
                throw e;
            }
            throw (Error) t;
        }
    }

    @BeforeAll
    static void export() throws Exception {
        impl = new ThrowerImpl();
        thrower = (Thrower) Rmi.export(impl);
    }

    @AfterAll
    static void unexport() {
        Rmi.unexport(impl, true);
    }

    private static Throwable call(String kind, Supplier<Throwable> make) {
        KINDS.put(kind, make);
        Exception e = assertThrows(Exception.class, () -> thrower.raise(kind));
        assertNotSame(impl.last, e, "the exception was copied");
        return e;
    }

    @Test
    void anApplicationExceptionWithOnlyALongConstructorArrivesWithItsField() {
        Throwable e = call("funds", () -> new InsufficientFunds(1250));
        InsufficientFunds f = assertInstanceOf(InsufficientFunds.class, e);
        assertEquals(1250, f.missing);
        assertEquals("missing 1250", f.getMessage());
        assertSameState(javaCopy(impl.last), f);
    }

    @Test
    void theRemoteStackTraceIsKeptAndTheCallersFramesFollowIt() {
        Throwable e = call("funds-trace", () -> new InsufficientFunds(1));
        StackTraceElement[] sent = impl.last.getStackTrace();
        StackTraceElement[] got = e.getStackTrace();
        assertTrue(got.length > sent.length, Arrays.toString(got));
        assertArrayEquals(sent, Arrays.copyOf(got, sent.length));
        assertEquals("<<mobula remote call>>", got[sent.length].getClassName());
        assertTrue(Arrays.stream(got).skip(sent.length).anyMatch(
                f -> f.getMethodName().equals("theRemoteStackTraceIsKeptAndTheCallersFramesFollowIt")));
        assertTrue(Arrays.stream(got).limit(sent.length).anyMatch(
                f -> f.getClassName().equals(ThrowerImpl.class.getName()) && f.getMethodName().equals("raise")));
    }

    @Test
    void aPrivateNestedExceptionArrivesWithItsPrivateFields() throws Exception {
        Throwable e = call("secret", () -> AppExceptions.secret(42, List.of("a", "b")));
        assertTrue(AppExceptions.isSecret(e), e.toString());
        assertEquals(42, field(e, "code"));
        assertEquals(List.of("a", "b"), field(e, "tags"));
        assertNull(e.getMessage());
        assertSameState(javaCopy(impl.last), e);
    }

    @Test
    void causeChainAndSuppressedExceptionsArrive() {
        Throwable e = call("chain", () -> {
            IllegalStateException top = new IllegalStateException("top", new InsufficientFunds(5));
            top.addSuppressed(AppExceptions.secret(1, List.of()));
            top.addSuppressed(new IOException("closing", new Hooked(3)));
            return top;
        });
        assertInstanceOf(IllegalStateException.class, e);
        assertEquals("top", e.getMessage());
        InsufficientFunds cause = assertInstanceOf(InsufficientFunds.class, e.getCause());
        assertEquals(5, cause.missing);
        assertArrayEquals(impl.last.getCause().getStackTrace(), cause.getStackTrace());
        Throwable[] suppressed = e.getSuppressed();
        assertEquals(2, suppressed.length);
        assertTrue(AppExceptions.isSecret(suppressed[0]));
        assertEquals("closing", suppressed[1].getMessage());
        assertEquals(3, assertInstanceOf(Hooked.class, suppressed[1].getCause()).base());
        assertSameState(javaCopy(impl.last), e);
    }

    @Test
    void writeObjectAndReadObjectHooksRun() {
        Throwable e = call("hooked", () -> new Hooked(9));
        Hooked h = assertInstanceOf(Hooked.class, e);
        assertEquals(9, h.base());
        assertEquals("derived-9", h.derived(), "restored by readObject from what writeObject wrote");
        assertSameState(javaCopy(impl.last), e);
    }

    @Test
    void transientFieldsArriveAtTheirDefaultsAsInJavaSerialization() {
        Throwable e = call("transient", () -> new MoreTransient("kept", 1.5, 2.5));
        MoreTransient m = assertInstanceOf(MoreTransient.class, e);
        assertEquals("kept", m.kept);
        assertArrayEquals(new double[] {1.5, 2.5}, m.samples());
        assertEquals(0, m.cache);
        assertNull(m.lock);
        WithTransient java = (WithTransient) javaCopy(impl.last);
        assertEquals(java.cache, m.cache);
        assertSameState(java, e);
    }

    @Test
    void readResolveIsHonoured() {
        Throwable e = call("resolve", () -> Resolving.of(7));
        assertSame(Resolving.CANONICAL, e);
    }

    @Test
    void anApplicationRemoteExceptionKeepsItsDetailAndItsField() {
        Throwable thrown = call("refused", () -> new Refused("acct-1", new IOException("locked")));
        // java.rmi's rule: a RemoteException the method throws arrives inside a ServerException
        Throwable e = assertInstanceOf(java.rmi.ServerException.class, thrown).getCause();
        Refused r = assertInstanceOf(Refused.class, e);
        assertEquals("acct-1", r.account());
        assertEquals("locked", assertInstanceOf(IOException.class, r.detail).getMessage());
        assertSame(r.detail, r.getCause());
        assertSameState(javaCopy(impl.last), e);
    }

    @Test
    void theDetailMessageTravelsNotTheDecorationOfAnOverriddenGetMessage() {
        Throwable e = call("decorating", () -> new Decorating("busy", 3));
        assertEquals("busy (attempt 3)", e.getMessage());
        assertSameState(javaCopy(impl.last), e);
    }

    @Test
    void jdkExceptionsArriveAsJavaSerializationDeliversThem() {
        Map<String, Supplier<Throwable>> jdk = new TreeMap<>();
        jdk.put("InvalidClassException", () -> new InvalidClassException("com.example.C", "bad layout"));
        jdk.put("NoSuchFileException", () -> new NoSuchFileException("/a", "/b", "gone"));
        jdk.put("FileSystemException", () -> new FileSystemException("/f"));
        jdk.put("FileSystemLoopException", () -> new FileSystemLoopException("/loop"));
        jdk.put("AccessDeniedException", () -> new AccessDeniedException("/secret", null, "no"));
        jdk.put("URISyntaxException", () -> new URISyntaxException("ht tp://x", "bad scheme", 2));
        jdk.put("UnmarshalException", () -> new UnmarshalException("unmarshal", new IOException("inner")));
        jdk.put("ConnectException", () -> new java.rmi.ConnectException("refused",
                new java.net.ConnectException("tcp refused")));
        jdk.put("RemoteException", () -> new RemoteException("plain"));
        jdk.put("UndeclaredThrowableException", () -> new UndeclaredThrowableException(new IOException("io"),
                "undeclared"));
        jdk.put("InterruptedIOException", () -> {
            InterruptedIOException x = new InterruptedIOException("interrupted");
            x.bytesTransferred = 17;
            return x;
        });
        jdk.put("SocketTimeoutException", () -> {
            SocketTimeoutException x = new SocketTimeoutException("slow");
            x.bytesTransferred = 3;
            return x;
        });
        jdk.put("InvocationTargetException", () -> new InvocationTargetException(
                new IllegalStateException("target"), "invoke"));
        jdk.put("PatternSyntaxException", () -> new PatternSyntaxException("Unclosed group", "(a", 2));
        jdk.put("DateTimeParseException", () -> new DateTimeParseException("bad date", "2024-13-01", 5));
        jdk.put("UnknownFormatConversionException", () -> new UnknownFormatConversionException("q"));
        jdk.put("IllegalFormatCodePointException", () -> new IllegalFormatCodePointException(-5));
        jdk.put("SQLException", () -> new SQLException("db down", "08001", 17, new IOException("net")));
        jdk.put("SQLTimeoutException", () -> new SQLTimeoutException("slow", "HYT00", 4));
        jdk.put("ExceptionInInitializerError", () -> new ExceptionInInitializerError(
                new ArithmeticException("/ by zero")));
        jdk.put("ExecutionException", () -> new ExecutionException("exec", new IOException("x")));
        jdk.put("UncheckedIOException", () -> new UncheckedIOException("unchecked", new IOException("x")));
        jdk.put("ClassNotFoundException", () -> new ClassNotFoundException("C", new IOException("jar")));
        jdk.put("UnknownHostException", () -> new UnknownHostException("nohost.invalid"));
        jdk.put("BindException", () -> new BindException("in use"));
        jdk.put("HttpRetryException", () -> new HttpRetryException("retry", 307, "http://example.com/"));
        jdk.put("MissingResourceException", () -> new MissingResourceException("missing", "Bundle", "key"));
        jdk.put("NumberFormatException", () -> {
            try {
                Integer.parseInt("x1");
                throw new AssertionError();
            } catch (NumberFormatException x) {
                return x;
            }
        });
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, Supplier<Throwable>> k : jdk.entrySet()) {
            Throwable e = call("jdk-" + k.getKey(), k.getValue());
            try {
                if (impl.last instanceof Error) { // java.rmi's rule: an Error arrives inside a ServerError
                    e = assertInstanceOf(ServerError.class, e).getCause();
                } else if (impl.last instanceof java.rmi.RemoteException) { // and a RemoteException in a ServerException
                    e = assertInstanceOf(java.rmi.ServerException.class, e).getCause();
                }
                assertEquals(impl.last.getClass(), e.getClass());
                assertSameState(javaCopy(impl.last), e);
            } catch (AssertionError a) {
                failures.add(k.getKey() + ": " + a.getMessage());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void aHelpfulNullPointerMessageIsNotSentAsJavaSerializationDoesNot() {
        Throwable e = call("npe", () -> { // a transient field: java.rmi clients see message null, and so do Mobula's
            try {
                Object o = null;
                o.hashCode();
                throw new AssertionError();
            } catch (NullPointerException x) {
                return x;
            }
        });
        assertInstanceOf(NullPointerException.class, e);
        assertNotNull(impl.last.getMessage());
        assertNull(e.getMessage());
        assertNull(javaCopy(impl.last).getMessage());
    }

    @Test
    void anExplicitNullPointerMessageTravels() {
        Throwable e = call("npe", () -> new NullPointerException("named"));
        assertEquals("named", e.getMessage());
    }

    // ------------------------------------------------------------------ helpers

    static Throwable javaCopy(Throwable t) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(t);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                return (Throwable) in.readObject();
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new AssertionError("Java serialization failed for " + t, e);
        }
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        Field f = o.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }

    /**
     * Same class, message, toString, public getters and fields, every field of the application's class levels
     * (transient ones included), recursively through causes and suppressed exceptions; the stack trace of the top
     * exception only up to the remote-call marker (the caller's frames follow it).
     */
    static void assertSameState(Throwable expected, Throwable actual) {
        assertEquals(state(expected, true), state(actual, true));
    }

    private static String state(Throwable t, boolean top) {
        if (t == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder();
        sb.append(t.getClass().getName()).append(" | ").append(t).append(" | message=").append(t.getMessage());
        StackTraceElement[] frames = t.getStackTrace();
        int n = 0;
        while (n < frames.length && !frames[n].getClassName().equals("<<mobula remote call>>")) {
            n++;
        }
        sb.append(" | frames=");
        for (StackTraceElement f : Arrays.copyOf(frames, n)) { // every component (toString omits some)
            sb.append(f.getClassLoaderName()).append('/').append(f.getModuleName()).append('@')
                    .append(f.getModuleVersion()).append('/').append(f.getClassName()).append('.')
                    .append(f.getMethodName()).append('(').append(f.getFileName()).append(':')
                    .append(f.getLineNumber()).append(") ");
        }
        for (Class<?> k = t.getClass(); k != Throwable.class; k = k.getSuperclass()) {
            boolean jdk = k.getModule().isNamed();
            for (Field f : k.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || jdk && !Modifier.isPublic(m)) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    sb.append(" | ").append(k.getSimpleName()).append('.').append(f.getName()).append('=')
                            .append(value(f.get(t)));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
            if (jdk) {
                for (Method g : k.getDeclaredMethods()) {
                    String name = g.getName();
                    if (Modifier.isPublic(g.getModifiers()) && !Modifier.isStatic(g.getModifiers())
                            && g.getParameterCount() == 0 && g.getReturnType() != void.class
                            && (name.startsWith("get") || name.startsWith("is") || GETTERS.contains(name))) {
                        try {
                            sb.append(" | ").append(g.getName()).append("()=").append(value(g.invoke(t)));
                        } catch (ReflectiveOperationException e) {
                            throw new AssertionError(e);
                        }
                    }
                }
            }
        }
        sb.append(" | cause=(").append(state(t.getCause(), false)).append(')');
        for (Throwable s : t.getSuppressed()) {
            sb.append(" | suppressed=(").append(state(s, false)).append(')');
        }
        return sb.toString();
    }

    private static String value(Object v) {
        if (v instanceof Throwable x) {
            return "(" + x.getClass().getName() + ": " + x.getMessage() + ")";
        }
        if (v != null && v.getClass().isArray()) {
            return Arrays.deepToString(new Object[] {v});
        }
        return v == null || v.getClass().getName().startsWith("java.") ? Objects.toString(v)
                : v.getClass().getName() + "@";
    }
}
