package io.mobula.rmi.exceptions;

import io.mobula.rmi.Dispatcher;
import io.mobula.rmi.Invocation;
import io.mobula.rmi.RegistryAccess;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import java.io.IOException;

/** Dispatcher of {@link Thrower}, written by hand in the shape mobula-processor generates. */
public final class Thrower_MobulaDispatcher implements Dispatcher {
    public static final long INTERFACE_HASH = RegistryAccess.hash("io.mobula.rmi.exceptions.Thrower",
            "raise(Ljava/lang/String;)V");
    static final int RAISE = 0;

    public Thrower_MobulaDispatcher() {
    }

    @Override
    public Class<?> remoteInterface() {
        return Thrower.class;
    }

    @Override
    public long interfaceHash() {
        return INTERFACE_HASH;
    }

    @Override
    public int methodCount() {
        return 1;
    }

    @Override
    public int methodFlags(int methodId) {
        return 0;
    }

    @Override
    public Invocation decode(Object target, int methodId, SerialReader in) throws IOException {
        Thrower t = (Thrower) target;
        if (methodId == RAISE) {
            String a0 = in.readString();
            return r -> t.raise(a0);
        }
        throw new SerialException("no method " + methodId + " in io.mobula.rmi.exceptions.Thrower");
    }
}
