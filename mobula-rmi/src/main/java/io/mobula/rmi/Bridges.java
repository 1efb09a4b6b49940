package io.mobula.rmi;

import java.io.IOException;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds the {@link ProtocolBridge}s on the class path, only when one is needed: a process that neither serves
 * plain java.rmi clients nor looks up a foreign registry never loads one.
 */
final class Bridges {
    private static volatile List<ProtocolBridge> found;

    private Bridges() {
    }

    /** The bridges on the class path (Mobula's own class loader, then the thread's context loader). */
    static List<ProtocolBridge> all() {
        List<ProtocolBridge> b = found;
        if (b == null) {
            synchronized (Bridges.class) {
                b = found;
                if (b == null) {
                    b = ServiceLoader.load(ProtocolBridge.class, Bridges.class.getClassLoader()).stream()
                            .map(ServiceLoader.Provider::get).toList();
                    ClassLoader context = Thread.currentThread().getContextClassLoader();
                    if (b.isEmpty() && context != null) {
                        b = ServiceLoader.load(ProtocolBridge.class, context).stream()
                                .map(ServiceLoader.Provider::get).toList();
                    }
                    found = b;
                }
            }
        }
        return b;
    }

    /**
     * Starts the bridges {@code config} asks for.
     *
     * @return null, or why a bridge that was asked for could not start
     */
    static IllegalStateException serve(RmiConfig config) {
        if (config.jrmpPort() == RmiConfig.JRMP_OFF) {
            return null;
        }
        List<ProtocolBridge> bridges = all();
        if (bridges.isEmpty()) {
            return new IllegalStateException("mobula.jrmp.port is " + config.jrmpPort() + ", but no bridge to"
                    + " standard java.rmi is on the class path: add mobula-interop (docs/INTEROP.md)");
        }
        for (ProtocolBridge bridge : bridges) {
            try {
                bridge.serve(config);
            } catch (IOException | RuntimeException e) {
                return new IllegalStateException("cannot serve java.rmi clients on port " + config.jrmpPort() + ": "
                        + e.getMessage(), e);
            }
        }
        return null;
    }
}
