package io.mobula.serial;

/** Cached refusal for a class that cannot be serialized; the registry throws {@link #error()}. */
record Unsupported(Class<Object> type, String reason) implements Serializer<Object> {
    SerialException error() {
        if (!java.io.Serializable.class.isAssignableFrom(type)) { // with what ObjectOutputStream throws for it
            return new SerialException(reason, new java.io.NotSerializableException(type.getName()));
        }
        return new SerialException(reason);
    }

    @Override
    public long fingerprint() {
        return 0;
    }

    @Override
    public void write(SerialWriter out, Object value) throws SerialException {
        throw error();
    }

    @Override
    public Object read(SerialReader in) throws SerialException {
        throw error();
    }
}
