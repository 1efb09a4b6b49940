package io.mobula.interop;

import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Telling standard java.rmi stubs from other remote objects, and the remote interfaces of a class. */
final class JrmpStubs {
    private JrmpStubs() {
    }

    /** Whether {@code o} is a standard java.rmi stub: a dynamic proxy over java.rmi's handler, or an rmic stub. */
    static boolean isJrmpStub(Object o) {
        return o instanceof java.rmi.server.RemoteStub
                || (o != null && Proxy.isProxyClass(o.getClass())
                && Proxy.getInvocationHandler(o) instanceof RemoteObjectInvocationHandler);
    }

    /**
     * Every interface extending {@code Remote} that {@code c} or a superclass implements, less those another one
     * extends, as java.rmi's dynamic stubs list them.
     *
     * @throws IllegalArgumentException when there is none
     */
    static Class<?>[] remoteInterfaces(Class<?> c) {
        Set<Class<?>> all = new LinkedHashSet<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Class<?> i : k.getInterfaces()) {
                if (i != Remote.class && Remote.class.isAssignableFrom(i)) {
                    all.add(i);
                }
            }
        }
        List<Class<?>> specific = new ArrayList<>();
        for (Class<?> i : all) {
            boolean covered = false;
            for (Class<?> j : all) {
                covered |= j != i && i.isAssignableFrom(j);
            }
            if (!covered) {
                specific.add(i);
            }
        }
        if (specific.isEmpty()) {
            throw new IllegalArgumentException(c.getName() + " implements no interface extending java.rmi.Remote");
        }
        return specific.toArray(Class<?>[]::new);
    }
}
