package io.mobula.interop;

import io.mobula.rmi.BridgeAccess;
import java.lang.ref.WeakReference;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The objects of this process (or Mobula stubs it holds) that plain java.rmi peers can call: each gets one gateway,
 * a dynamic proxy exported over the standard protocol that forwards to it ({@link InboundHandler}). A gateway holds
 * its object; java.rmi's DGC holds the gateway while a plain peer holds its stub (so the object stays reachable while
 * either kind of client holds it); the table itself holds neither.
 */
final class Gateways {
    private static final Gateways INSTANCE = new Gateways();

    /** Object (by its equality: identity, or a remote reference's) to its gateway proxy. */
    private final Map<Object, WeakReference<Remote>> byTarget = new WeakHashMap<>();
    /** A gateway's standard stub (equal to every copy of it that comes back) to the gateway proxy. */
    private final Map<Remote, WeakReference<Remote>> byStub = new WeakHashMap<>();

    private Gateways() {
        BridgeAccess.addUnexportListener(this::unexported);
    }

    /** A Mobula object was unexported: so is its gateway, and plain peers get java.rmi's NoSuchObjectException. */
    private synchronized void unexported(Object target) {
        WeakReference<Remote> known = byTarget.get(target);
        Remote gateway = known == null ? null : known.get();
        if (gateway != null && ((InboundHandler) Proxy.getInvocationHandler(gateway)).target() == target) {
            drop(gateway);
        }
    }

    static Gateways get() {
        return INSTANCE;
    }

    /**
     * The standard stub plain peers call {@code obj} through: a Mobula object of this process, or a Mobula stub
     * (of another process, or of this one, then called directly).
     */
    synchronized Remote stubFor(Remote obj) throws RemoteException {
        Object local = BridgeAccess.localTarget(obj);
        Object target = local != null ? local : obj;
        WeakReference<Remote> known = byTarget.get(target);
        Remote gateway = known == null ? null : known.get();
        if (gateway != null) {
            return ((InboundHandler) Proxy.getInvocationHandler(gateway)).stub();
        }
        Class<?>[] interfaces = JrmpStubs.remoteInterfaces(target.getClass());
        InboundHandler handler = new InboundHandler(target);
        gateway = (Remote) Proxy.newProxyInstance(loaderOf(target, interfaces), interfaces, handler);
        Remote stub = JrmpEndpoint.get().export(gateway);
        handler.exportedAs(stub);
        byTarget.put(target, new WeakReference<>(gateway));
        byStub.put(stub, new WeakReference<>(gateway));
        return stub;
    }

    /** The object behind a standard stub of one of this process's gateways; null for any other stub. */
    synchronized Object targetOf(Remote jrmpStub) {
        WeakReference<Remote> known = byStub.get(jrmpStub);
        Remote gateway = known == null ? null : known.get();
        return gateway == null ? null : ((InboundHandler) Proxy.getInvocationHandler(gateway)).target();
    }

    /** The gateway proxy behind a standard stub of this process's gateways; null for any other stub. */
    synchronized Remote gatewayOf(Remote jrmpStub) {
        WeakReference<Remote> known = byStub.get(jrmpStub);
        return known == null ? null : known.get();
    }

    /** Whether {@code o} is one of this process's gateway proxies. */
    static boolean isGateway(Object o) {
        return o != null && Proxy.isProxyClass(o.getClass()) && Proxy.getInvocationHandler(o) instanceof InboundHandler;
    }

    /** Forgets and unexports a gateway (its object was unexported from Mobula). */
    synchronized void drop(Remote gateway) {
        InboundHandler h = (InboundHandler) Proxy.getInvocationHandler(gateway);
        byTarget.remove(h.target());
        byStub.remove(h.stub());
        JrmpEndpoint.unexport(gateway);
    }

    private static ClassLoader loaderOf(Object target, Class<?>[] interfaces) {
        ClassLoader l = target.getClass().getClassLoader();
        return l != null ? l : interfaces[0].getClassLoader();
    }
}
