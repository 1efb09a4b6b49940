package io.mobula.rmi;

import io.mobula.serial.Serialization;
import io.mobula.serial.Serializer;
import java.rmi.Remote;

/**
 * The serialization configuration of the RMI runtime: java.rmi's by-reference rule for remote objects. A stub is
 * written as its {@link RemoteRef}; an exported object (or one that implements a remote interface) is replaced by its
 * stub, exported on the way if it was not yet, so callbacks need no explicit export. Exceptions travel by value as
 * whole objects through mobula-serial's exception serializer, with their remote stack traces; the caller appends its
 * own frames ({@link RemoteTraces}).
 */
final class RmiSerialization {
    private RmiSerialization() {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Serialization create(RmiRuntime runtime) {
        return Serialization.builder()
                .resolver(c -> {
                    if (RemoteStub.class.isAssignableFrom(c)) {
                        return c == RemoteStub.class ? null : new StubSerializer(c, runtime);
                    }
                    if (Throwable.class.isAssignableFrom(c)) {
                        return null; // by value, through mobula-serial's exception serializer
                    }
                    if (Remote.class.isAssignableFrom(c) && !c.isInterface()) {
                        Serializer<?> s = Serialization.replacing((Class<Object>) c,
                                obj -> runtime.stubFor((Remote) obj));
                        return s;
                    }
                    return null;
                })
                .build();
    }
}
