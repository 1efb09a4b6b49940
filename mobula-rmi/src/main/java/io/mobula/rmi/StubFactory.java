package io.mobula.rmi;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.rmi.Remote;
import java.rmi.StubNotFoundException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the generated classes of a remote interface once per interface: {@code p.Iface_MobulaStub} and
 * {@code p.Iface_MobulaDispatcher} (nested interfaces: {@code Outer_Iface_...}). No reflection per call: the stub
 * constructor becomes a method handle.
 */
final class StubFactory {
    final Class<?> remoteInterface;
    final Dispatcher dispatcher;
    private final MethodHandle stubConstructor;

    private StubFactory(Class<?> iface, Dispatcher dispatcher, MethodHandle stubConstructor) {
        this.remoteInterface = iface;
        this.dispatcher = dispatcher;
        this.stubConstructor = stubConstructor;
    }

    private static final ClassValue<Object> CACHE = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> iface) {
            try {
                return create(iface);
            } catch (StubNotFoundException e) {
                return e;
            }
        }
    };

    static StubFactory forInterface(Class<?> iface) throws StubNotFoundException {
        Object v = CACHE.get(iface);
        if (v instanceof StubNotFoundException e) {
            throw new StubNotFoundException(e.getMessage());
        }
        return (StubFactory) v;
    }

    static String generatedName(Class<?> iface, String suffix) {
        String pkg = iface.getPackageName();
        String simple = pkg.isEmpty() ? iface.getName() : iface.getName().substring(pkg.length() + 1);
        return (pkg.isEmpty() ? "" : pkg + ".") + simple.replace('$', '_') + suffix;
    }

    private static StubFactory create(Class<?> iface) throws StubNotFoundException {
        if (!iface.isInterface() || !Remote.class.isAssignableFrom(iface)) {
            throw new StubNotFoundException(iface.getName() + " is not a remote interface");
        }
        String stubName = generatedName(iface, "_MobulaStub");
        String dispatcherName = generatedName(iface, "_MobulaDispatcher");
        try {
            ClassLoader cl = iface.getClassLoader();
            Class<?> stub = Class.forName(stubName, true, cl);
            Class<?> disp = Class.forName(dispatcherName, true, cl);
            if (!RemoteStub.class.isAssignableFrom(stub) || !iface.isAssignableFrom(stub)
                    || !Dispatcher.class.isAssignableFrom(disp)) {
                throw new StubNotFoundException(stubName + " / " + dispatcherName + " do not match " + iface.getName());
            }
            MethodHandle ctor = MethodHandles.publicLookup()
                    .findConstructor(stub, MethodType.methodType(void.class, RemoteRef.class))
                    .asType(MethodType.methodType(RemoteStub.class, RemoteRef.class));
            Dispatcher d = (Dispatcher) disp.getConstructor().newInstance();
            if (d.remoteInterface() != iface) {
                throw new StubNotFoundException(dispatcherName + " serves " + d.remoteInterface().getName());
            }
            return new StubFactory(iface, d, ctor);
        } catch (ClassNotFoundException e) {
            throw new StubNotFoundException("no generated stub for " + iface.getName() + " (" + e.getMessage()
                    + "); compile it with mobula-processor on the annotation-processor path");
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new StubNotFoundException("cannot use the generated stub of " + iface.getName() + ": " + e);
        }
    }

    RemoteStub newStub(RemoteRef ref) {
        try {
            return (RemoteStub) stubConstructor.invokeExact(ref);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * The remote interfaces of an implementation class, as java.rmi's dynamic proxies see them: every interface
     * extending {@code Remote} that the class or a superclass lists, in declaration order (the class first), less
     * those another one extends (a sub-interface covers its super-interfaces), without repeats. Empty for a class
     * whose only remote interface is {@code java.rmi.Remote} itself: java.rmi exports such objects too (their stub
     * implements only Remote and has no method to call).
     *
     * @throws StubNotFoundException when the class is not a {@code Remote} at all, or has too many
     */
    static List<Class<?>> remoteInterfacesOf(Class<?> impl) throws StubNotFoundException {
        List<Class<?>> all = new ArrayList<>();
        for (Class<?> c = impl; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (i != Remote.class && Remote.class.isAssignableFrom(i) && !all.contains(i)) {
                    all.add(i);
                }
            }
        }
        List<Class<?>> specific = new ArrayList<>();
        for (Class<?> i : all) {
            boolean covered = false;
            for (Class<?> j : all) {
                if (j != i && i.isAssignableFrom(j)) {
                    covered = true;
                    break;
                }
            }
            if (!covered) {
                specific.add(i);
            }
        }
        if (specific.isEmpty() && !Remote.class.isAssignableFrom(impl)) {
            throw new StubNotFoundException(impl.getName() + " implements no interface extending java.rmi.Remote");
        }
        if (specific.size() > RemoteRef.MAX_INTERFACES) {
            throw new StubNotFoundException(impl.getName() + " has more than " + RemoteRef.MAX_INTERFACES
                    + " remote interfaces");
        }
        return List.copyOf(specific);
    }
}
