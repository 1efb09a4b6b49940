package io.mobula.serial;

import java.io.IOException;

/** A serializer that never writes its class: the writer substitutes the replacement first. */
final class ReplacingSerializer<T> implements Serializer<T>, Replacing {
    private final Class<T> type;
    private final ObjectReplacer<T> replacer;

    ReplacingSerializer(Class<T> type, ObjectReplacer<T> replacer) {
        this.type = type;
        this.replacer = replacer;
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public long fingerprint() {
        return Fingerprint.of(type.getName(), "<replaced>");
    }

    @Override
    public boolean replaces() {
        return true;
    }

    @Override
    public Object writeReplace(Object obj) throws IOException {
        Object rep = replacer.replace(type.cast(obj));
        if (rep == obj) {
            throw new SerialException("the replacement of a " + type.getName() + " is the object itself");
        }
        return rep;
    }

    @Override
    public void write(SerialWriter out, T value) throws IOException {
        throw new SerialException(type.getName() + " is always replaced before writing");
    }

    @Override
    public T read(SerialReader in) throws IOException {
        throw new SerialException(type.getName() + " is never sent (it is replaced when written)");
    }
}
