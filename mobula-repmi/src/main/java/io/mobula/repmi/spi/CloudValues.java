package io.mobula.repmi.spi;

import io.mobula.repmi.Cloud;
import io.mobula.repmi.CloudException;
import io.mobula.rmi.Rmi;
import io.mobula.serial.SerialException;
import java.io.Serial;
import java.io.Serializable;

/** Copies for call-by-value reads, and the form a replication reference travels in. */
public final class CloudValues {
    private CloudValues() {
    }

    /**
     * A copy of {@code value}: null, strings, boxed primitives and enums as they are (immutable), primitive arrays
     * cloned, anything else through Mobula serialization (the same rules as a write's arguments).
     *
     * @throws CloudException when the value cannot be serialized
     */
    @SuppressWarnings("unchecked")
    public static <T> T copy(T value) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean
                || value instanceof Character || value instanceof Enum<?>) {
            return value;
        }
        switch (value) {
            case int[] a -> {
                return (T) a.clone();
            }
            case double[] a -> {
                return (T) a.clone();
            }
            case long[] a -> {
                return (T) a.clone();
            }
            case byte[] a -> {
                return (T) a.clone();
            }
            case float[] a -> {
                return (T) a.clone();
            }
            case short[] a -> {
                return (T) a.clone();
            }
            case char[] a -> {
                return (T) a.clone();
            }
            case boolean[] a -> {
                return (T) a.clone();
            }
            default -> {
                try {
                    return (T) Rmi.serialization().fromBytes(Rmi.serialization().toBytes(value));
                } catch (SerialException e) {
                    throw new CloudException("cannot copy a " + value.getClass().getName() + " into or out of a"
                            + " cloud: " + e.getMessage(), e);
                }
            }
        }
    }

    /** What a replication reference to cloud {@code name} travels as. */
    static Object reference(String name) {
        return new Reference(name);
    }

    /** A replication reference on the wire: the cloud's name, resolved to the local replica on arrival. */
    record Reference(String name) implements Serializable {
        @Serial
        private Object readResolve() {
            return Cloud.lookup(name);
        }
    }
}
