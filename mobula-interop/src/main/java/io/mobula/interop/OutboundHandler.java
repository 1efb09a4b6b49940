package io.mobula.interop;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.Remote;

/**
 * A standard stub (of a plain java.rmi server, or of an object a plain client passed in) as Mobula code holds it:
 * calls go to the stub unchanged, except that Mobula objects among the arguments travel as standard stubs of their
 * gateways ({@link JrmpValues#toJrmp}), so Mobula code can pass its own objects as callbacks; remote results come
 * back wrapped the same way. Equality and hash code are the stub's (two copies of one reference are equal).
 */
final class OutboundHandler implements InvocationHandler {
    private final Remote stub;

    private OutboundHandler(Remote stub) {
        this.stub = stub;
    }

    /** {@code jrmpStub} wrapped, implementing the same remote interfaces. */
    static Remote wrap(Remote jrmpStub) {
        Class<?>[] interfaces = JrmpStubs.remoteInterfaces(jrmpStub.getClass());
        ClassLoader loader = interfaces[0].getClassLoader();
        return (Remote) Proxy.newProxyInstance(loader, interfaces, new OutboundHandler(jrmpStub));
    }

    /** The standard stub behind {@code o} if it is a wrapper; null otherwise. */
    static Remote unwrap(Object o) {
        if (o != null && Proxy.isProxyClass(o.getClass()) && Proxy.getInvocationHandler(o) instanceof OutboundHandler h) {
            return h.stub;
        }
        return null;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> {
                    Remote other = unwrap(args[0]);
                    yield stub.equals(other != null ? other : args[0]);
                }
                case "hashCode" -> stub.hashCode();
                default -> stub.toString();
            };
        }
        try {
            return JrmpValues.fromJrmp(method.invoke(stub, JrmpValues.toJrmp(args)));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
