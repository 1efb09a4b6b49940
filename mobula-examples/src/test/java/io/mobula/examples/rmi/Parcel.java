package io.mobula.examples.rmi;

import java.io.Serial;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * A {@link Remote} that is {@link Serializable} and never exported, so it travels by value, as in java.rmi, with
 * whatever it carries: the way to hand a registry's {@code bind} a value of the sender's choosing.
 */
public final class Parcel implements Remote, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private final Object load;

    public Parcel(Object load) {
        this.load = load;
    }

    public Object load() {
        return load;
    }
}
