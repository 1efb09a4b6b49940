package io.mobula.rmi.registry;

import io.mobula.rmi.Dispatcher;
import io.mobula.rmi.Invocation;
import io.mobula.rmi.RegistryAccess;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import java.io.IOException;
import java.rmi.Remote;

/**
 * Dispatcher of {@link Registry}, written by hand in exactly the shape mobula-processor generates (the runtime
 * module is compiled before the processor). Method ids follow the processor's order: by name, then descriptor.
 */
public final class Registry_MobulaDispatcher implements Dispatcher {
    public static final long INTERFACE_HASH = RegistryAccess.hash("io.mobula.rmi.registry.Registry",
            "bind(Ljava/lang/String;Ljava/rmi/Remote;)V",
            "list()[Ljava/lang/String;",
            "lookup(Ljava/lang/String;)Ljava/rmi/Remote;",
            "rebind(Ljava/lang/String;Ljava/rmi/Remote;)V",
            "unbind(Ljava/lang/String;)V");
    static final int BIND = 0;
    static final int LIST = 1;
    static final int LOOKUP = 2;
    static final int REBIND = 3;
    static final int UNBIND = 4;

    public Registry_MobulaDispatcher() {
    }

    @Override
    public Class<?> remoteInterface() {
        return Registry.class;
    }

    @Override
    public long interfaceHash() {
        return INTERFACE_HASH;
    }

    @Override
    public int methodCount() {
        return 5;
    }

    @Override
    public int methodFlags(int methodId) {
        return 0;
    }

    @Override
    public Invocation decode(Object target, int methodId, SerialReader in) throws IOException {
        Registry t = (Registry) target;
        switch (methodId) {
            case BIND: {
                String a0 = in.readString();
                Remote a1 = in.readObject(Remote.class);
                return r -> t.bind(a0, a1);
            }
            case LIST:
                return r -> r.setObject(t.list());
            case LOOKUP: {
                String a0 = in.readString();
                return r -> r.setObject(t.lookup(a0));
            }
            case REBIND: {
                String a0 = in.readString();
                Remote a1 = in.readObject(Remote.class);
                return r -> t.rebind(a0, a1);
            }
            case UNBIND: {
                String a0 = in.readString();
                return r -> t.unbind(a0);
            }
            default:
                throw new SerialException("no method " + methodId + " in io.mobula.rmi.registry.Registry");
        }
    }
}
