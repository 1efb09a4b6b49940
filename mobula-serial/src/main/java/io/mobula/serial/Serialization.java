package io.mobula.serial;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Standalone entry point and factory for writers and readers. Thread-safe; immutable once built.
 *
 * <p>The byte[] / ByteBuffer forms are self-contained messages: a 4-byte header (magic {@code "MB"},
 * version, byte-order flag) followed by one object with its own type descriptors. For streams between
 * two peers (RMI: one pair per connection) use {@link #newWriter()} / {@link #newReader()}, whose type
 * tables persist across messages. See docs/WIRE.md.
 */
public final class Serialization {
    /**
     * Default limit on object nesting while reading and writing. Chosen so that the limit, not the thread
     * stack (1 MiB by default, also for virtual threads), stops deep graphs of fallback-serialized objects.
     */
    public static final int DEFAULT_MAX_DEPTH = 512;
    /** Default limit on the length of any array or collection read. */
    public static final int DEFAULT_MAX_ARRAY_LENGTH = 1 << 26;
    /**
     * Default of {@link Builder#maxHashWork}: 2^22 visits, some milliseconds of hashing, far more than sets of
     * ordinary keys ever need (keys that are no collections cost nothing).
     */
    public static final long DEFAULT_MAX_HASH_WORK = 1L << 22;

    private static final Serialization DEFAULTS = builder().build();

    private final Config config;
    private final ThreadLocal<SerialWriter> writers;
    private final ThreadLocal<SerialReader> readers;

    private Serialization(Config config) {
        this.config = config;
        this.writers = ThreadLocal.withInitial(() -> new SerialWriter(config));
        this.readers = ThreadLocal.withInitial(() -> new SerialReader(config));
    }

    /** @return a shared instance with default settings (default class filter, native byte order) */
    public static Serialization defaults() {
        return DEFAULTS;
    }

    /** @return a builder with default settings */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Classes that took the reflective fallback path (no generated serializer) and how many objects of
     * each were written or read that way since start-up.
     *
     * @return an immutable snapshot
     */
    public static Map<Class<?>, Long> fallbackClasses() {
        return FallbackStats.snapshot();
    }

    /** @return a new writer with an empty type table; not thread-safe */
    public SerialWriter newWriter() {
        return new SerialWriter(config);
    }

    /**
     * A writer for a connection to one peer whose type descriptors travel in a trailer at the end of each message
     * instead of inline (see {@link SerialWriter#endMessage()} and docs/WIRE.md): the receiver registers every type
     * a message defines before it decodes the body, so a message it cannot decode (a refused class, a bad value)
     * fails alone and the two type tables stay in step. Finish every message with {@link SerialWriter#endMessage()}
     * and tell the reader whether it returned true ({@link SerialReader#beginMessage(ByteBuffer, boolean)}).
     *
     * @return a new writer with an empty type table; not thread-safe
     */
    public SerialWriter newPeerWriter() {
        return new SerialWriter(config, true);
    }

    /** @return a new reader with an empty type table; not thread-safe */
    public SerialReader newReader() {
        return new SerialReader(config);
    }

    /**
     * Why the readers of this instance would refuse to make objects of class {@code c}, or null if they may: the
     * class filter (by name), then, with {@link Builder#trustedClassesOnly}, the trusted classes (an array's element
     * class decides). For other decoders of the process that must follow the same rule, such as the java
     * serialization of the JRMP bridge. The class is not initialized.
     *
     * @param c a class loaded without initialization
     * @return null, or the reason in a sentence naming the class and how to allow it
     */
    public String refusal(Class<?> c) {
        String name = c.getName();
        if (config.trustedOnly() ? config.filter().denies(name) : !config.filter().allows(name)) {
            return "class " + name + " refused by the class filter";
        }
        return ReaderTypes.refusal(c, config);
    }

    /** @return the byte order writers of this instance write in */
    public ByteOrder byteOrder() {
        return config.order();
    }

    /**
     * @return the loader classes named on the wire are resolved with (the one {@link Builder#classLoader} gave, else
     *     the thread context loader when this instance was built, else this library's); layers above resolve the
     *     names of interfaces peers send them with it too, whatever thread they run on
     */
    public ClassLoader classLoader() {
        return config.loader();
    }

    /**
     * Encodes {@code obj} as a self-contained message.
     *
     * @param obj any serializable object graph, may be null
     * @return header + object
     * @throws SerialException if some object in the graph cannot be serialized
     */
    public byte[] toBytes(Object obj) throws SerialException {
        SerialWriter w = encode(obj);
        try {
            ByteBuffer b = w.buffer();
            byte[] out = new byte[b.remaining()];
            b.get(out);
            return out;
        } finally {
            recycle(w);
        }
    }

    /**
     * Encodes {@code obj} as a self-contained message into {@code dst} at its position.
     *
     * @param obj the object, may be null
     * @param dst destination; its position advances by the message size
     * @throws SerialException if the object cannot be serialized or does not fit
     */
    public void write(Object obj, ByteBuffer dst) throws SerialException {
        SerialWriter w = encode(obj);
        try {
            dst.put(w.buffer());
        } catch (BufferOverflowException e) {
            throw new SerialException("message of " + w.size() + " bytes does not fit into the "
                    + dst.remaining() + " bytes left in the buffer");
        } finally {
            recycle(w);
        }
    }

    /** Threads keep their writer, but not a buffer grown by one huge message. */
    private static final int KEEP_BUFFER = 1 << 22;

    private void recycle(SerialWriter w) {
        w.resetTypes();
        if (w.capacity() > KEEP_BUFFER) {
            writers.remove();
        }
    }

    private SerialWriter encode(Object obj) throws SerialException {
        SerialWriter w = writers.get();
        w.resetTypes();
        try {
            int h = w.reserve(WireFormat.HEADER_SIZE);
            w.putByteAt(h, WireFormat.MAGIC_0);
            w.putByteAt(h + 1, WireFormat.MAGIC_1);
            w.putByteAt(h + 2, WireFormat.VERSION);
            w.putByteAt(h + 3, config.order() == ByteOrder.BIG_ENDIAN ? WireFormat.ORDER_BIG
                    : WireFormat.ORDER_LITTLE);
            w.writeObject(obj);
            return w;
        } catch (IOException | RuntimeException | StackOverflowError | OutOfMemoryError e) {
            recycle(w);
            if (e instanceof SerialException s) {
                throw s;
            }
            String what = e instanceof StackOverflowError ? "object graph too deep for the thread stack"
                    : "encoding failed";
            throw new SerialException(what + ": " + e, e);
        }
    }

    /**
     * Decodes one message made by {@link #write} or {@link #toBytes} from {@code src} at its position;
     * on success the position is after the message.
     *
     * @param src the bytes; its byte order is ignored (the header announces it)
     * @return the object graph
     * @throws SerialException on any malformed, truncated, hostile or refused input
     */
    public Object read(ByteBuffer src) throws SerialException {
        if (src.remaining() < WireFormat.HEADER_SIZE) {
            throw SerialException.corrupt("truncated input: " + src.remaining() + " bytes, no message header");
        }
        int p = src.position();
        if (src.get(p) != WireFormat.MAGIC_0 || src.get(p + 1) != WireFormat.MAGIC_1) {
            throw SerialException.corrupt("not a Mobula message (bad magic)");
        }
        byte version = src.get(p + 2);
        if (version < WireFormat.OLDEST_READABLE_VERSION || version > WireFormat.VERSION) {
            throw SerialException.corrupt("unsupported wire version " + version + ", expected "
                    + WireFormat.OLDEST_READABLE_VERSION + " to " + WireFormat.VERSION);
        }
        byte flag = src.get(p + 3);
        if (flag != WireFormat.ORDER_BIG && flag != WireFormat.ORDER_LITTLE) {
            throw SerialException.corrupt("bad byte-order flag " + flag);
        }
        ByteBuffer view = src.slice(p + WireFormat.HEADER_SIZE, src.remaining() - WireFormat.HEADER_SIZE)
                .order(flag == WireFormat.ORDER_BIG ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        SerialReader r = readers.get();
        r.resetTypes();
        r.beginMessage(view);
        try {
            Object o = r.readObject();
            src.position(p + WireFormat.HEADER_SIZE + view.position());
            return o;
        } catch (SerialException e) {
            throw e;
        } catch (IOException | RuntimeException | Error e) {
            throw SerialReader.wrap(e);
        } finally {
            r.release();
        }
    }

    /**
     * Decodes a message made by {@link #toBytes}; bytes after the object are an error.
     *
     * @param bytes the message
     * @return the object graph
     * @throws SerialException on any malformed, truncated, hostile or refused input
     */
    public Object fromBytes(byte[] bytes) throws SerialException {
        Objects.requireNonNull(bytes, "bytes");
        ByteBuffer b = ByteBuffer.wrap(bytes);
        Object o = read(b);
        if (b.hasRemaining()) {
            throw SerialException.corrupt(b.remaining() + " unexpected bytes after the object");
        }
        return o;
    }

    /**
     * A serializer for a class whose instances are written as something else when {@code replacer} returns another
     * object, and by value, with the class's ordinary serializer, when it returns the object itself. For a
     * {@link SerializerResolver} (RMI: an exported object travels as its stub, an unexported Serializable one by
     * value, as in java.rmi).
     *
     * @throws SerialException when the class has no ordinary serializer (it is not serializable)
     */
    public static <T> Serializer<T> replacingUnlessSelf(Class<T> type, ObjectReplacer<T> replacer)
            throws SerialException {
        return new ConditionalReplacingSerializer<>(Objects.requireNonNull(type), Objects.requireNonNull(replacer),
                Registry.DEFAULT.lookup(type));
    }

    /** Settings for a {@link Serialization}. */
    /**
     * A serializer for a class whose instances are always written as something else, for a
     * {@link SerializerResolver} (RMI: an exported object is written as its stub).
     *
     * @param type     the class replaced
     * @param replacer computes the replacement
     * @param <T>      the class replaced
     * @return the serializer
     */
    public static <T> Serializer<T> replacing(Class<T> type, ObjectReplacer<T> replacer) {
        return new ReplacingSerializer<>(Objects.requireNonNull(type), Objects.requireNonNull(replacer));
    }

    public static final class Builder {
        private ClassFilter filter = ClassFilter.defaults();
        private int maxDepth = DEFAULT_MAX_DEPTH;
        private int maxArrayLength = DEFAULT_MAX_ARRAY_LENGTH;
        private long maxHashWork = DEFAULT_MAX_HASH_WORK;
        private ByteOrder order = ByteOrder.nativeOrder();
        private ClassLoader loader;
        private final Map<Class<?>, Serializer<?>> explicit = new HashMap<>();
        private SerializerResolver resolver;
        private boolean generatedSerializers = true;
        private boolean trustedOnly;

        private Builder() {}

        /**
         * @param f filter applied to every class named on the wire
         * @return this
         */
        public Builder classFilter(ClassFilter f) {
            this.filter = Objects.requireNonNull(f);
            return this;
        }

        /**
         * @param n maximum object nesting depth, at least 1
         * @return this
         */
        public Builder maxDepth(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxDepth " + n);
            }
            this.maxDepth = n;
            return this;
        }

        /**
         * @param n maximum length of any array, string or collection read, at least 0
         * @return this
         */
        public Builder maxArrayLength(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("maxArrayLength " + n);
            }
            this.maxArrayLength = n;
            return this;
        }

        /**
         * @param n how many nested collection elements hashing the set elements and map keys of one message may
         *          visit, at least 0 (collections nested as keys are hashed by walking them, once per path that
         *          reaches them; a message whose shared nested collections would cost more is refused)
         * @return this
         */
        public Builder maxHashWork(long n) {
            if (n < 0) {
                throw new IllegalArgumentException("maxHashWork " + n);
            }
            this.maxHashWork = n;
            return this;
        }

        /**
         * @param o the byte order writers write in (readers follow the sender)
         * @return this
         */
        public Builder byteOrder(ByteOrder o) {
            this.order = Objects.requireNonNull(o);
            return this;
        }

        /**
         * @param cl loader for classes named on the wire; default: the thread context loader at build time,
         *     else this library's loader
         * @return this
         */
        public Builder classLoader(ClassLoader cl) {
            this.loader = cl;
            return this;
        }

        /**
         * Uses {@code s} for exactly the class {@code s.type()}, before any built-in or generated one.
         *
         * @param s the serializer
         * @return this
         */
        public Builder register(Serializer<?> s) {
            explicit.put(s.type(), s);
            return this;
        }

        /**
         * Consults {@code r} once per class, after the registered serializers and before everything else.
         *
         * @param r the resolver
         * @return this
         */
        public Builder resolver(SerializerResolver r) {
            this.resolver = Objects.requireNonNull(r);
            return this;
        }

        /**
         * Whether to use the serializers the annotation processor generated (default). {@code false} sends
         * every class that has no built-in or registered serializer through the reflective fallback, as if
         * it were compiled without the processor: for benchmarks and tests of that path. Peers need not
         * agree: both paths write the same bytes and fingerprints.
         *
         * @param use whether to use generated serializers
         * @return this
         */
        public Builder generatedSerializers(boolean use) {
            this.generatedSerializers = use;
            return this;
        }

        /**
         * Secure by construction (docs/SECURITY.md): a reader instantiates only classes the application meant to
         * send: those listed by mobula-processor (it compiled them: {@code META-INF/mobula/serializable-classes}) or
         * with a generated serializer, built-in JDK value and collection types, enums, exceptions, classes with a
         * registered or resolved serializer, and classes the filter allows by an explicit pattern. Every other class
         * is refused before any of its code runs (it is loaded without initialization, to be checked), with a message
         * saying how to allow it. Off by default here; the RMI runtime turns it on.
         */
        public Builder trustedClassesOnly(boolean on) {
            this.trustedOnly = on;
            return this;
        }

        /** @return the configured instance */
        public Serialization build() {
            ClassLoader cl = loader;
            if (cl == null) {
                cl = Thread.currentThread().getContextClassLoader();
            }
            if (cl == null) {
                cl = Serialization.class.getClassLoader();
            }
            Registry reg = explicit.isEmpty() && resolver == null && generatedSerializers ? Registry.DEFAULT
                    : new Registry(Map.copyOf(explicit), resolver, generatedSerializers);
            return new Serialization(new Config(filter, maxDepth, maxArrayLength, order, cl, reg, trustedOnly, maxHashWork));
        }
    }
}
