package io.mobula.serial;

import java.io.IOException;

/**
 * A serializer for a class whose instances are written as something else when the replacer says so, and by value
 * (with the class's ordinary serializer: built-in, generated or fallback) when it returns the object itself. RMI:
 * an exported remote object travels as its stub, a Serializable one that was never exported by value.
 */
final class ConditionalReplacingSerializer<T> implements Serializer<T>, Replacing {
    private final Class<T> type;
    private final ObjectReplacer<T> replacer;
    private final Serializer<T> byValue;

    @SuppressWarnings("unchecked")
    ConditionalReplacingSerializer(Class<T> type, ObjectReplacer<T> replacer, Serializer<?> byValue) {
        this.type = type;
        this.replacer = replacer;
        this.byValue = (Serializer<T>) byValue;
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public long fingerprint() {
        return byValue.fingerprint();
    }

    @Override
    public boolean replaces() {
        return true;
    }

    @Override
    public Object writeReplace(Object obj) throws IOException {
        Object rep = replacer.replace(type.cast(obj));
        // the ordinary serializer may replace too (a writeReplace method of the class)
        return rep == obj && byValue instanceof Replacing r && r.replaces() ? r.writeReplace(obj) : rep;
    }

    @Override
    public void write(SerialWriter out, T value) throws IOException {
        byValue.write(out, value);
    }

    @Override
    public T read(SerialReader in) throws IOException {
        return byValue.read(in);
    }
}
