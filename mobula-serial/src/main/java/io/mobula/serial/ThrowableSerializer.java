package io.mobula.serial;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Exceptions travel by value, as whole objects, as in Java serialization: the state of {@code java.lang.Throwable}
 * (detail message, cause, stack trace, suppressed exceptions) through Throwable's public API, because its private
 * fields are in a module Mobula may not open; then every class level below Throwable like the levels of an ordinary
 * object (fields sorted by name, or the level's writeObject/readObject hooks; transient fields stay at their
 * defaults; writeReplace and readResolve are honoured).
 *
 * <p>Instances are made the way Java serialization makes them, without running the constructors of the exception's
 * own classes: the JDK's serialization constructor allocates the exact class and runs only
 * {@code Throwable(String)}, which sets the detail message and leaves the cause unset; then the cause, stack trace
 * and suppressed exceptions are set through the public API, then the class levels are read. So non-public classes
 * and classes without a {@code (String)} constructor travel too.
 *
 * <p>JDK exception classes ({@code java.*} and {@code jdk.*} modules) keep their state in private fields Mobula can
 * neither read nor set. A JDK level whose state is only public non-final fields (java.io.InvalidClassException's
 * {@code classname}, java.rmi.RemoteException's {@code detail}, java.io.InterruptedIOException's
 * {@code bytesTransferred}) travels exactly; JDK classes with private state that {@link JdkThrowables} knows (file
 * system exceptions, URISyntaxException, PatternSyntaxException, InvocationTargetException, SQLException, the
 * java.util format exceptions, ...) are rebuilt through their public constructor from their public getters; for
 * any other JDK class the private fields are lost (logged once per class) and the rest travels.
 *
 * <pre>
 *   message    string   detail message (Throwable's own getMessage(), not an override's decoration)
 *   cause      object   a Throwable or null
 *   frames     varint n (at most 4096), then n x: class, method, file (strings), line (i32),
 *                       class loader, module, module version (strings)
 *   suppressed varint n (at most 256), then n objects (Throwables)
 *   levels     each class level below Throwable, top down: fields sorted by name, or what its writeObject
 *              hook wrote; a JDK level: its public non-final fields sorted by name
 *     or
 *   arguments  for a JDK class rebuilt through a constructor: the getter values, one object each
 * </pre>
 *
 * The fingerprint covers the class names and fields of every level (or the recipe), so a peer with a different
 * version of an exception class fails with a clear error naming it.
 */
final class ThrowableSerializer implements Serializer<Object>, Replacing {
    private static final System.Logger LOG = System.getLogger("io.mobula.serial");
    static final int MAX_FRAMES = 4096;
    static final int MAX_SUPPRESSED = 256;

    private static final MethodHandle GET_MESSAGE;
    private static final MethodHandle GET_CAUSE;
    private static final Constructor<Throwable> THROWABLE_WITH_MESSAGE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            GET_MESSAGE = l.findVirtual(Throwable.class, "getMessage", MethodType.methodType(String.class));
            GET_CAUSE = l.findVirtual(Throwable.class, "getCause", MethodType.methodType(Throwable.class));
            THROWABLE_WITH_MESSAGE = Throwable.class.getConstructor(String.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** One class level below Throwable. */
    private interface Part {
        void write(SerialWriter out, Object t) throws Throwable;

        void read(SerialReader in, Object t) throws Throwable;
    }

    private final Class<Object> type;
    private final long fingerprint;
    private final MethodHandle message; // (Throwable)String, possibly decorated by messageOverrider
    private final Class<?> messageOverrider; // a JDK class with a known rule, or null
    private final MethodHandle cause; // (Throwable)Throwable
    private final boolean causeNull; // the cause is always null (a JDK class keeps its own)
    private final Part[] parts; // null with a recipe
    private final JdkThrowables.Recipe recipe; // null unless a JDK class rebuilt through a constructor
    private final MethodHandle writeReplace; // (Object)Object or null
    private final MethodHandle readResolve; // (Object)Object or null
    private volatile Constructor<?> allocator; // made on first read: the JDK may initialize the class

    @SuppressWarnings("unchecked")
    private ThrowableSerializer(Class<?> c) throws ReflectiveOperationException, SerialException {
        this.type = (Class<Object>) c;
        List<Class<?>> chain = new ArrayList<>(); // below Throwable, top down
        for (Class<?> k = c; k != Throwable.class; k = k.getSuperclass()) {
            chain.add(0, k);
        }
        Class<?> topOpen = null;
        Class<?> messageJdk = null;
        Class<?> causeJdk = null;
        List<String> lost = new ArrayList<>();
        for (Class<?> k : chain) {
            if (!JdkThrowables.isJdk(k)) {
                topOpen = topOpen == null ? k : topOpen;
                continue;
            }
            messageJdk = JdkThrowables.declares(k, "getMessage") ? k : messageJdk;
            causeJdk = JdkThrowables.declares(k, "getCause") ? k : causeJdk;
        }
        MethodHandles.Lookup open = topOpen == null ? null : privateLookup(topOpen);
        this.message = open == null ? GET_MESSAGE : special(open, topOpen, "getMessage", String.class);
        this.cause = open == null ? GET_CAUSE : special(open, topOpen, "getCause", Throwable.class);
        if (messageJdk != null && !JdkThrowables.knowsMessage(messageJdk)) {
            lost.add("the detail message (" + messageJdk.getName() + ".getMessage() decorates it; the decorated text"
                    + " travels)");
            messageJdk = null;
        }
        this.messageOverrider = messageJdk;
        this.causeNull = causeJdk != null && JdkThrowables.causeInitializedToNull(causeJdk);
        if (causeJdk != null && !causeNull && !JdkThrowables.causeNarrowed(causeJdk)) {
            lost.add("the exact cause (" + causeJdk.getName() + ".getCause() is overridden; its result travels)");
        }
        List<String> fp = new ArrayList<>();
        fp.add(Throwable.class.getName());
        fp.add(causeNull ? "message,cause=null,stackTrace,suppressed" : "message,cause,stackTrace,suppressed");
        JdkThrowables.Recipe r = topOpen == null ? JdkThrowables.recipe(c) : null;
        if (r != null) {
            fp.add(c.getName());
            fp.add(r.part());
            this.parts = null;
        } else {
            List<Part> ps = new ArrayList<>();
            for (Class<?> k : chain) {
                if (JdkThrowables.isJdk(k)) {
                    ps.add(jdkLevel(k, fp, lost));
                } else {
                    FallbackObject.Level l = new FallbackObject.Level(k);
                    l.fingerprintParts(fp);
                    ps.add(new Part() {
                        public void write(SerialWriter out, Object t) throws Throwable {
                            l.write(out, t);
                        }

                        public void read(SerialReader in, Object t) throws Throwable {
                            l.read(in, t);
                        }
                    });
                }
            }
            this.parts = ps.toArray(Part[]::new);
        }
        this.recipe = r;
        this.fingerprint = Fingerprint.of(fp.toArray(String[]::new));
        Class<?> stop = topOpen == null ? null : topOpen.getSuperclass();
        this.writeReplace = open == null ? null : Fallback.hook(c, "writeReplace", privateLookup(c), stop);
        this.readResolve = open == null ? null : Fallback.hook(c, "readResolve", privateLookup(c), stop);
        if (!lost.isEmpty()) {
            LOG.log(Level.WARNING, "exception class {0} does not travel whole: {1} (Mobula cannot read or set private"
                    + " fields of JDK classes)", c.getName(), String.join("; ", lost));
        }
    }

    /**
     * @param c a concrete Throwable class
     * @return its serializer
     * @throws SerialException if it is abstract or a level cannot be accessed
     */
    static ThrowableSerializer create(Class<?> c) throws SerialException {
        if (!Throwable.class.isAssignableFrom(c)) {
            throw new SerialException("class " + c.getName() + " is not a Throwable");
        }
        if (Modifier.isAbstract(c.getModifiers())) {
            throw new SerialException("class " + c.getName() + " is abstract");
        }
        try {
            return new ThrowableSerializer(c);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new SerialException("cannot access exception class " + c.getName() + " for serialization ("
                    + e.getMessage() + "); open its package to Mobula", e);
        } catch (ReflectiveOperationException e) {
            throw new SerialException("cannot build the serializer of exception class " + c.getName() + ": " + e, e);
        }
    }

    private static MethodHandles.Lookup privateLookup(Class<?> k) throws IllegalAccessException {
        return ModuleAccess.privateLookupIn(k);
    }

    /** Throwable's method as {@code super.name()} of the top-most non-JDK level would call it. */
    private static MethodHandle special(MethodHandles.Lookup lookup, Class<?> caller, String name, Class<?> ret)
            throws ReflectiveOperationException {
        return lookup.findSpecial(Throwable.class, name, MethodType.methodType(ret), caller)
                .asType(MethodType.methodType(ret, Throwable.class));
    }

    /** A JDK class level: its public non-final fields travel; private state is lost (unless a recipe applies). */
    private static Part jdkLevel(Class<?> k, List<String> fp, List<String> lost) throws IllegalAccessException {
        fp.add("jdk:" + k.getName());
        List<FieldIO> io = new ArrayList<>();
        List<String> hidden = new ArrayList<>();
        List<Field> fields = JdkThrowables.stateFields(k);
        fields.sort((a, b) -> a.getName().compareTo(b.getName()));
        for (Field f : fields) {
            if (JdkThrowables.isPublicState(f)) {
                FieldIO x = FieldIO.of(f, MethodHandles.publicLookup());
                io.add(x);
                fp.add(x.part());
            } else {
                hidden.add(f.getName());
            }
        }
        if (!hidden.isEmpty()) {
            lost.add("fields " + hidden + " of " + k.getName());
        }
        FieldIO[] a = io.toArray(FieldIO[]::new);
        return new Part() {
            public void write(SerialWriter out, Object t) throws Throwable {
                for (FieldIO f : a) {
                    f.write(out, t);
                }
            }

            public void read(SerialReader in, Object t) throws Throwable {
                for (FieldIO f : a) {
                    f.read(in, t);
                }
            }
        };
    }

    @Override
    public Class<Object> type() {
        return type;
    }

    @Override
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public boolean replaces() {
        return writeReplace != null;
    }

    @Override
    public Object writeReplace(Object obj) throws IOException {
        try {
            return (Object) writeReplace.invokeExact(obj);
        } catch (Throwable e) {
            throw Fallback.rethrow(e);
        }
    }

    @Override
    public void write(SerialWriter out, Object value) throws IOException {
        Throwable t = (Throwable) value;
        try {
            String msg = (String) message.invokeExact(t);
            if (messageOverrider != null) {
                msg = JdkThrowables.rawMessage(messageOverrider, t, msg);
            }
            out.writeString(msg);
            Throwable c = causeNull ? null : (Throwable) cause.invokeExact(t);
            out.writeObject(c == t ? null : c);
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
            if (recipe != null) {
                for (MethodHandle g : recipe.getters()) {
                    if (g != null) {
                        out.writeObject((Object) g.invokeExact(t));
                    }
                }
            } else {
                for (Part p : parts) {
                    p.write(out, t);
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new SerialException("cannot write exception " + type.getName() + ": " + e, e);
        }
    }

    @Override
    public Object read(SerialReader in) throws IOException {
        String msg = in.readString();
        Throwable t = recipe == null ? allocate(msg) : null;
        if (t != null) {
            in.register(t);
        }
        Throwable c = in.readObject(Throwable.class);
        StackTraceElement[] frames = readFrames(in);
        int s = in.readVarInt();
        if (s < 0 || s > MAX_SUPPRESSED) {
            throw new SerialException("exception " + type.getName() + " with " + s + " suppressed exceptions (at most "
                    + MAX_SUPPRESSED + ")");
        }
        Throwable[] suppressed = new Throwable[s];
        for (int i = 0; i < s; i++) {
            suppressed[i] = in.readObject(Throwable.class);
        }
        if (t == null) {
            t = construct(in, msg, c);
        } else if (c != null || causeNull) {
            setCause(t, c);
        }
        t.setStackTrace(frames);
        for (Throwable x : suppressed) {
            if (x != null && x != t) {
                t.addSuppressed(x);
            }
        }
        if (parts != null) {
            try {
                for (Part p : parts) {
                    p.read(in, t);
                }
                return readResolve == null ? t : (Object) readResolve.invokeExact((Object) t);
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new SerialException("cannot read exception " + type.getName() + ": " + e, e);
            }
        }
        return t;
    }

    private StackTraceElement[] readFrames(SerialReader in) throws IOException {
        int n = in.readVarInt();
        if (n < 0 || n > MAX_FRAMES) {
            throw new SerialException("exception " + type.getName() + " with " + n + " stack frames (at most "
                    + MAX_FRAMES + ")");
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
                throw new SerialException("stack frame without class or method name in " + type.getName());
            }
            frames[i] = new StackTraceElement(loader, module, version, cls, method, file, line);
        }
        return frames;
    }

    private void setCause(Throwable t, Throwable c) throws SerialException {
        if (c == t) {
            throw new SerialException("exception " + type.getName() + " is its own cause");
        }
        try {
            t.initCause(c);
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new SerialException("cannot set the cause of " + type.getName() + ": " + e, e);
        }
    }

    /** A new instance of the exact class; only {@code Throwable(String)} runs, as in Java serialization. */
    private Throwable allocate(String msg) throws SerialException {
        Constructor<?> k = allocator;
        try {
            if (k == null) {
                k = sun.reflect.ReflectionFactory.getReflectionFactory()
                        .newConstructorForSerialization(type, THROWABLE_WITH_MESSAGE);
                if (k == null) {
                    throw new SerialException("cannot create instances of exception class " + type.getName());
                }
                allocator = k;
            }
            return (Throwable) k.newInstance(msg);
        } catch (InvocationTargetException e) {
            throw new SerialException("cannot create an instance of " + type.getName() + ": " + e.getCause(),
                    e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new SerialException("cannot create an instance of " + type.getName() + ": " + e, e);
        }
    }

    /** A JDK class with a recipe: its public constructor with the getter values, then the cause if unset. */
    private Throwable construct(SerialReader in, String msg, Throwable c) throws IOException {
        Class<?>[] params = recipe.params();
        Object[] args = new Object[params.length];
        for (int i = 0; i < args.length; i++) {
            String tok = recipe.tokens().get(i);
            if (tok.equals(JdkThrowables.MESSAGE)) {
                args[i] = msg;
            } else if (tok.equals(JdkThrowables.CAUSE)) {
                args[i] = c;
            } else {
                Object v = in.readObject(MethodType.methodType(params[i]).wrap().returnType());
                if (v == null && params[i].isPrimitive()) {
                    throw new SerialException("null for the " + params[i] + " argument " + tok + " of "
                            + type.getName());
                }
                args[i] = v;
            }
        }
        Throwable t;
        try {
            t = (Throwable) recipe.constructor().invokeWithArguments(args);
        } catch (Throwable e) {
            throw new SerialException("cannot rebuild " + type.getName() + " through its public constructor: " + e, e);
        }
        if (c != null && t.getCause() != c) {
            try {
                t.initCause(c);
            } catch (IllegalStateException | IllegalArgumentException e) {
                // the constructor fixed the cause
            }
        }
        return t;
    }
}
