package io.mobula.interop;

import io.mobula.rmi.RmiConfig;
import java.io.ObjectInputFilter;
import java.lang.reflect.Proxy;
import java.util.Set;

/**
 * Mobula's decoding rules for what plain java.rmi clients send through the bridge (docs/SECURITY.md): a class the
 * class filter denies is refused before it is instantiated, and arrays and nesting are bounded as for Mobula's own
 * protocol. The classes java.rmi itself needs to carry stubs are allowed. A refused value fails its own call with
 * an {@code UnmarshalException}; the connection goes on.
 */
final class JrmpInputFilter implements ObjectInputFilter {
    /** What a standard stub is made of, on top of the stub's own proxy class. */
    private static final Set<String> STUB_CLASSES = Set.of(
            "java.lang.reflect.Proxy",
            "java.rmi.server.RemoteObject",
            "java.rmi.server.RemoteObjectInvocationHandler",
            "java.rmi.server.RemoteStub");

    private final RmiConfig.Decoding decoding;

    JrmpInputFilter(RmiConfig.Decoding decoding) {
        this.decoding = decoding;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        if (info.arrayLength() > decoding.maxArrayLength()) {
            return Status.REJECTED;
        }
        if (info.depth() > decoding.maxDepth()) {
            return Status.REJECTED;
        }
        Class<?> c = info.serialClass();
        if (c == null) {
            return Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || Proxy.isProxyClass(c) || STUB_CLASSES.contains(c.getName())) {
            return Status.ALLOWED;
        }
        return decoding.classFilter().allows(c.getName()) ? Status.ALLOWED : Status.REJECTED;
    }
}
