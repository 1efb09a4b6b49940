package io.mobula.interop;

import io.mobula.rmi.BridgeAccess;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.rmi.Remote;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;

/**
 * A gateway's calls: a plain java.rmi peer calls the gateway, java.rmi decodes the arguments and invokes this
 * handler, which calls the Mobula object (or Mobula stub) with the standard stubs among the arguments made callable
 * ({@link JrmpValues#fromJrmp}) and hands back a result whose remote objects plain peers can call
 * ({@link JrmpValues#toJrmp}). The Mobula object sees the plain peer as its client
 * ({@code RemoteServer.getClientHost()}). Exceptions pass through as they are, with their fields (java.rmi
 * serializes them). When the Mobula object is unexported, {@link Gateways} unexports the gateway as well, so later
 * calls fail in java.rmi with {@code NoSuchObjectException}; calls already running complete, as in java.rmi.
 */
final class InboundHandler implements InvocationHandler {
    private final Object target;
    private volatile Remote stub;

    InboundHandler(Object target) {
        this.target = target;
    }

    void exportedAs(Remote stub) {
        this.stub = stub;
    }

    Object target() {
        return target;
    }

    Remote stub() {
        return stub;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                default -> "gateway to " + target;
            };
        }
        Object[] in = JrmpValues.fromJrmp(args);
        String client = clientHost();
        Object previous = client == null ? null : BridgeAccess.enter(client, "jrmp");
        try {
            return JrmpValues.toJrmp(call(method, in));
        } finally {
            if (client != null) {
                BridgeAccess.leave(previous);
            }
        }
    }

    private Object call(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } catch (IllegalAccessException notPublic) {
            // a non-public remote interface: java.rmi calls those too
            method.setAccessible(true);
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }

    private static String clientHost() {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException inProcess) {
            return null;
        }
    }
}
