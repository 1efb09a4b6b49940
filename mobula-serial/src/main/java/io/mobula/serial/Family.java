package io.mobula.serial;

import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A built-in serializer shared by several JDK classes under one predefined id: the body starts with a kind
 * byte that selects the class (its index in the order the kinds were added, fixed by the wire version), then
 * that kind's body. Before decoding a kind, the reader checks the class it is about to create against the
 * {@link ClassFilter}, as it would have checked the class name of a type descriptor.
 */
final class Family implements Serializer<Object> {
    private record Kind(Class<?> cls, Builtin.Writer<Object> writer, Builtin.Reader<Object> reader) {}

    private final Class<Object> type;
    private final String name;
    private final List<Kind> kinds = new ArrayList<>();
    private final Map<Class<?>, Integer> byClass = new IdentityHashMap<>();
    private final long fingerprint;

    @SuppressWarnings("unchecked")
    Family(Class<?> type, String name) {
        this.type = (Class<Object>) type;
        this.name = name;
        this.fingerprint = Fingerprint.of("mobula.builtin", name);
    }

    /**
     * Adds the next kind.
     *
     * @param c the class this kind decodes to (checked against the filter); encodes it and every alias; null if
     *     this JDK lacks it (the kind keeps its number)
     * @return this
     */
    @SuppressWarnings("unchecked")
    <T> Family kind(Class<?> c, Builtin.Writer<T> writer, Builtin.Reader<?> reader) {
        if (kinds.size() == 256) {
            throw new IllegalStateException("too many kinds in " + name);
        }
        if (c != null) {
            byClass.putIfAbsent(c, kinds.size());
        }
        kinds.add(new Kind(c, (Builtin.Writer<Object>) writer, (Builtin.Reader<Object>) reader));
        return this;
    }

    /** Encodes {@code c} as the kind added last (e.g. the RandomAccess variant of a list wrapper). */
    Family alias(Class<?> c) {
        if (c != null) {
            byClass.putIfAbsent(c, kinds.size() - 1);
        }
        return this;
    }

    /** Registers this family under {@code id} for all its classes. */
    void register(int id) {
        Jdk.put(id, type, this);
        for (Class<?> c : byClass.keySet()) {
            Jdk.alias(c, id);
        }
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
    public void write(SerialWriter out, Object value) throws IOException {
        Integer k = byClass.get(value.getClass());
        if (k == null) {
            throw new SerialException(value.getClass().getName() + " is not handled by the built-in " + name);
        }
        out.writeByte((byte) (int) k);
        kinds.get(k).writer.write(out, value);
    }

    @Override
    public Object read(SerialReader in) throws IOException {
        int k = in.readByte() & 0xFF;
        if (k >= kinds.size()) {
            throw new SerialException("bad kind " + k + " for the built-in " + name);
        }
        Kind kind = kinds.get(k);
        Jdk.checkAllowed(in, kind.cls);
        return kind.reader.read(in);
    }
}
