package io.mobula.rmi;

import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.StubNotFoundException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client objects of remote references. A reference with one remote interface gets that interface's generated
 * stub ({@code p.Iface_MobulaStub}, the fast path). A reference with several gets a {@link Proxy} implementing all
 * of them, as java.rmi's dynamic-proxy stubs do, whose handler hands each method to the generated stub of the
 * interface that declares it: one method-handle call more than a direct stub call, and no reflection per call
 * (each {@link Method} maps to a method handle once per set of interfaces).
 *
 * <p>Everything that takes a stub (equality, serialization as a reference, {@link Rmi#transportOf},
 * {@link Rmi#toStub}) finds the reference with {@link #refOf}.
 */
final class Stubs {
    private static final System.Logger LOG = System.getLogger(Stubs.class.getName());

    private Stubs() {
    }

    /** The reference of a stub (generated, unresolved, or multi-interface proxy); null for anything else. */
    static RemoteRef refOf(Object o) {
        if (o instanceof RemoteStub s) {
            return s.ref;
        }
        if (o != null && Proxy.isProxyClass(o.getClass()) && Proxy.getInvocationHandler(o) instanceof Handler h) {
            return h.ref;
        }
        return null;
    }

    /** Whether {@code o} is a stub of any kind. */
    static boolean isStub(Object o) {
        return refOf(o) != null;
    }

    /**
     * The {@link RemoteStub} that represents {@code o} on the wire (the proxy's first generated stub, which shares
     * its reference), or null if {@code o} is no stub.
     */
    static RemoteStub wireStub(Object o) {
        if (o instanceof RemoteStub s) {
            return s;
        }
        if (o != null && Proxy.isProxyClass(o.getClass()) && Proxy.getInvocationHandler(o) instanceof Handler h) {
            return h.stubs[0];
        }
        return null;
    }

    /** The client object for {@code ref}, given the factories of the interfaces this process can load. */
    static Remote newStub(RemoteRef ref, List<StubFactory> factories) {
        if (factories.isEmpty()) {
            return new UnresolvedStub(ref); // Remote alone: nothing to call, identity only
        }
        if (factories.size() == 1) {
            return factories.get(0).newStub(ref);
        }
        Shape shape = SHAPES.computeIfAbsent(factories, Shape::new);
        RemoteStub[] stubs = new RemoteStub[factories.size()];
        for (int i = 0; i < stubs.length; i++) {
            stubs[i] = factories.get(i).newStub(ref);
        }
        if (shape.proxyFailure != null) {
            return stubs[0]; // logged once, when the shape was built
        }
        return (Remote) Proxy.newProxyInstance(shape.loader, shape.interfaces, new Handler(ref, stubs, shape));
    }

    /** Per list of interfaces (a small, bounded set: the loadable remote interfaces of the application). */
    private static final Map<List<StubFactory>, Shape> SHAPES = new ConcurrentHashMap<>();

    /** What a set of interfaces needs once: the proxy's loader and the method handle of every method. */
    private static final class Shape {
        final Class<?>[] interfaces;
        final Map<Method, Target> targets = new HashMap<>();
        ClassLoader loader;
        String proxyFailure;

        Shape(List<StubFactory> factories) {
            interfaces = new Class<?>[factories.size()];
            for (int i = 0; i < interfaces.length; i++) {
                interfaces[i] = factories.get(i).remoteInterface;
            }
            try {
                for (int i = 0; i < interfaces.length; i++) {
                    for (Method m : interfaces[i].getMethods()) {
                        if (!Modifier.isStatic(m.getModifiers()) && !targets.containsKey(m)) {
                            targets.put(m, new Target(i, spreader(m)));
                        }
                    }
                }
                loader = loaderSeeingAll(interfaces);
            } catch (ReflectiveOperationException | RuntimeException e) {
                // interfaces no single class loader sees, or non-public ones of different packages
                proxyFailure = e.toString();
                LOG.log(Level.WARNING, "no proxy implementing {0} ({1}); their stubs implement {2} only",
                        java.util.Arrays.toString(interfaces), proxyFailure, interfaces[0].getName());
            }
        }

        private static MethodHandle spreader(Method m) throws IllegalAccessException {
            MethodHandle mh;
            try {
                mh = MethodHandles.publicLookup().unreflect(m);
            } catch (IllegalAccessException e) {
                if (!m.trySetAccessible()) {
                    throw e;
                }
                mh = MethodHandles.lookup().unreflect(m);
            }
            int n = m.getParameterCount();
            return mh.asType(mh.type().generic()).asSpreader(Object[].class, n)
                    .asType(MethodType.methodType(Object.class, Object.class, Object[].class));
        }

        private static ClassLoader loaderSeeingAll(Class<?>[] interfaces) {
            IllegalArgumentException last = null;
            for (Class<?> candidate : interfaces) {
                ClassLoader cl = candidate.getClassLoader();
                try {
                    Proxy.newProxyInstance(cl, interfaces, (p, m, a) -> null); // defines the proxy class once
                    return cl;
                } catch (IllegalArgumentException e) {
                    last = e;
                }
            }
            throw last;
        }
    }

    private record Target(int stub, MethodHandle spreader) {
    }

    /** The handler of a multi-interface stub: Object's methods by reference, the rest to a generated stub. */
    static final class Handler implements InvocationHandler, java.io.Serializable {
        @java.io.Serial
        private static final long serialVersionUID = 1L;
        final transient RemoteRef ref;
        final transient RemoteStub[] stubs;
        private final transient Shape shape;

        /** Java serialization writes a proxy stub as its handler: it travels as the reference (StubJavaForm). */
        @java.io.Serial
        private Object writeReplace() throws java.io.ObjectStreamException {
            return StubJavaForm.of(stubs[0], true);
        }

        Handler(RemoteRef ref, RemoteStub[] stubs, Shape shape) {
            this.ref = ref;
            this.stubs = stubs;
            this.shape = shape;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            Target t = shape.targets.get(method);
            if (t != null) {
                Object[] a = args == null ? NO_ARGS : args; // a conditional would be typed Object here
                return t.spreader.invokeExact((Object) stubs[t.stub], a);
            }
            return switch (method.getName()) {
                case "equals" -> args != null && args.length == 1 && ref.equals(refOf(args[0]));
                case "hashCode" -> ref.hashCode();
                case "toString" -> "Stub[" + ref + "]";
                default -> throw new UnsupportedOperationException("not a remote method: " + method);
            };
        }
    }

    private static final Object[] NO_ARGS = new Object[0];

    /** Factories of the loadable interfaces among a reference's, or an empty list. */
    static List<StubFactory> factoriesFor(List<Class<?>> interfaces) throws StubNotFoundException {
        StubFactory[] fs = new StubFactory[interfaces.size()];
        for (int i = 0; i < fs.length; i++) {
            fs[i] = StubFactory.forInterface(interfaces.get(i));
        }
        return List.of(fs);
    }
}
