package io.mobula.rmi;

import io.mobula.serial.Serialization;

/**
 * The serialization configuration of the RMI runtime. Passing stubs and exported objects by reference needs a
 * serializer hook for whole class families (every stub class, every exported class) that mobula-serial does not
 * offer yet; until it does, stubs are not yet serializable as call arguments.
 */
final class RmiSerialization {
    private RmiSerialization() {
    }

    static Serialization create(RmiRuntime runtime) {
        return Serialization.defaults();
    }
}
