package io.mobula.serial;

import java.io.IOException;

/** A built-in serializer assembled from two lambdas; its id is predefined, so no descriptor is sent. */
final class Builtin<T> implements Serializer<T> {
    interface Writer<T> {
        void write(SerialWriter out, T value) throws IOException;
    }

    interface Reader<T> {
        T read(SerialReader in) throws IOException;
    }

    private final Class<T> type;
    private final Writer<T> writer;
    private final Reader<T> reader;
    private final long fingerprint;

    Builtin(Class<T> type, Writer<T> writer, Reader<T> reader) {
        this.type = type;
        this.writer = writer;
        this.reader = reader;
        this.fingerprint = Fingerprint.of("mobula.builtin", type.getName());
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
    public void write(SerialWriter out, T value) throws IOException {
        writer.write(out, value);
    }

    @Override
    public T read(SerialReader in) throws IOException {
        return reader.read(in);
    }
}
