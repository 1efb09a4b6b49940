package io.mobula.serial;

import java.io.IOException;

/** Enums travel as their ordinal; decoding returns the local constant, so identity holds. */
final class EnumSerializer<E extends Enum<?>> implements Serializer<E> {
    private final Class<E> type;
    private final E[] constants;
    private final long fingerprint;

    EnumSerializer(Class<E> type) {
        this.type = type;
        this.constants = type.getEnumConstants();
        String[] parts = new String[constants.length + 1];
        parts[0] = type.getName();
        for (int i = 0; i < constants.length; i++) {
            parts[i + 1] = constants[i].name();
        }
        this.fingerprint = Fingerprint.of(parts);
    }

    @Override
    public Class<E> type() {
        return type;
    }

    @Override
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public void write(SerialWriter out, E value) throws IOException {
        out.writeVarInt(value.ordinal());
    }

    @Override
    public E read(SerialReader in) throws IOException {
        int ordinal = in.readVarInt();
        if (ordinal < 0 || ordinal >= constants.length) {
            throw new SerialException("bad ordinal " + ordinal + " for enum " + type.getName());
        }
        return constants[ordinal];
    }
}
