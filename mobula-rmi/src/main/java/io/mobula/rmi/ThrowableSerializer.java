package io.mobula.rmi;

import io.mobula.serial.Fingerprint;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serializer;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Exceptions travel by their public face: message, cause, stack trace and suppressed exceptions, and are rebuilt
 * through a public constructor of their class ({@code (String, Throwable)}, {@code (String)} or {@code ()}). The
 * JDK's exception classes keep their state in private fields of a module Mobula may not open, so field-level
 * serialization cannot reach them; this keeps java.rmi's rule that the remote exception, with its remote stack
 * trace, is rethrown at the caller.
 *
 * <pre>
 *   message (string) | cause (object) | frame count (varint) | frames: class, method, file (strings), line (i32),
 *   loader, module, module version (strings) | suppressed count (varint) | suppressed (objects)
 * </pre>
 *
 * Fields that an exception subclass adds are not carried.
 */
final class ThrowableSerializer<T extends Throwable> implements Serializer<T> {
    private static final int MAX_FRAMES = 4096;
    private static final int MAX_SUPPRESSED = 256;

    private final Class<T> type;
    private final long fingerprint;
    private final MethodHandle messageAndCause; // (String, Throwable) -> T, or null
    private final MethodHandle message;         // (String) -> T, or null
    private final MethodHandle none;            // () -> T, or null

    ThrowableSerializer(Class<T> type) {
        this.type = type;
        this.fingerprint = Fingerprint.of(Throwable.class.getName(), type.getName());
        this.messageAndCause = constructor(type, String.class, Throwable.class);
        this.message = constructor(type, String.class);
        this.none = constructor(type);
    }

    private static MethodHandle constructor(Class<?> c, Class<?>... params) {
        try {
            return MethodHandles.publicLookup().findConstructor(c, MethodType.methodType(void.class, params))
                    .asType(MethodType.methodType(Throwable.class, params));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public void write(SerialWriter out, T t) throws IOException {
        out.writeString(t.getMessage());
        Throwable cause = t.getCause();
        out.writeObject(cause == t ? null : cause);
        StackTraceElement[] frames = t.getStackTrace();
        int n = Math.min(frames.length, MAX_FRAMES);
        out.writeVarInt(n);
        for (int i = 0; i < n; i++) {
            StackTraceElement f = frames[i];
            out.writeString(f.getClassName());
            out.writeString(f.getMethodName());
            out.writeString(f.getFileName());
            out.writeInt(f.getLineNumber());
            out.writeString(f.getClassLoaderName());
            out.writeString(f.getModuleName());
            out.writeString(f.getModuleVersion());
        }
        Throwable[] suppressed = t.getSuppressed();
        int s = Math.min(suppressed.length, MAX_SUPPRESSED);
        out.writeVarInt(s);
        for (int i = 0; i < s; i++) {
            out.writeObject(suppressed[i]);
        }
    }

    @Override
    public T read(SerialReader in) throws IOException {
        String msg = in.readString();
        Throwable cause = in.readObject(Throwable.class);
        T t = construct(msg, cause);
        in.register(t);
        int n = in.readVarInt();
        if (n < 0 || n > MAX_FRAMES) {
            throw new SerialException("exception with " + n + " stack frames");
        }
        StackTraceElement[] frames = new StackTraceElement[n];
        for (int i = 0; i < n; i++) {
            String cls = in.readString();
            String method = in.readString();
            String file = in.readString();
            int line = in.readInt();
            String loader = in.readString();
            String module = in.readString();
            String version = in.readString();
            if (cls == null || method == null) {
                throw new SerialException("stack frame without class or method name");
            }
            frames[i] = new StackTraceElement(loader, module, version, cls, method, file, line);
        }
        t.setStackTrace(frames);
        int s = in.readVarInt();
        if (s < 0 || s > MAX_SUPPRESSED) {
            throw new SerialException("exception with " + s + " suppressed exceptions");
        }
        for (int i = 0; i < s; i++) {
            Throwable x = in.readObject(Throwable.class);
            if (x != null && x != t) {
                t.addSuppressed(x);
            }
        }
        return t;
    }

    private T construct(String msg, Throwable cause) throws SerialException {
        try {
            Throwable t;
            if (messageAndCause != null) {
                t = (Throwable) messageAndCause.invokeExact(msg, cause);
            } else if (message != null) {
                t = (Throwable) message.invokeExact(msg);
                initCause(t, cause);
            } else if (none != null) {
                t = (Throwable) none.invokeExact();
                initCause(t, cause);
            } else {
                throw new SerialException("cannot rebuild " + type.getName() + ": it has no public (String, Throwable),"
                        + " (String) or () constructor");
            }
            return type.cast(t);
        } catch (SerialException e) {
            throw e;
        } catch (Throwable e) {
            throw new SerialException("cannot rebuild " + type.getName() + ": " + e);
        }
    }

    private static void initCause(Throwable t, Throwable cause) {
        if (cause != null && t.getCause() == null) {
            try {
                t.initCause(cause);
            } catch (IllegalStateException | IllegalArgumentException ignored) {
                // the constructor fixed the cause already
            }
        }
    }
}
