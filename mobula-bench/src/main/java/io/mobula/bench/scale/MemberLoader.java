package io.mobula.bench.scale;

import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The class loader of one simulated process: Mobula's layers above the transports (serialization, RMI, pools, GMI,
 * RepMI) and this package are loaded again for every node, so every node has its own RMI runtime, pool, GMI and RepMI
 * runtime (each a singleton of its process), exactly as in a process of its own. The JDK and {@code mobula-transport}
 * are shared: the transports carry nothing but bytes between nodes, and the {@link io.mobula.transport.TrafficObserver}
 * that counts them must be one type for all.
 *
 * <p>Some layers load classes through the thread's context class loader when it has one (RepMI's snapshots, GMI's
 * group types), so every thread of a simulation has none ({@link Simulation#run}) and they fall back to their own
 * node's loader. The transports' process-wide threads (the idle-connection selector, receive relief) must therefore
 * start inside the simulation, not earlier in the same JVM with some other loader: each size runs in a JVM of its own.
 */
final class MemberLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    MemberLoader(int node, URL[] urls, ClassLoader parent) {
        super("mobula-sim-node-" + node, urls, parent);
    }

    /** Where the classes of the layers a node loads for itself come from (directories or jars, without repeats). */
    static URL[] layerLocations() {
        Class<?>[] marks = {io.mobula.serial.Serialization.class, io.mobula.rmi.Rmi.class, io.mobula.pool.Pool.class,
            io.mobula.gmi.Group.class, io.mobula.repmi.Cloud.class, MemberLoader.class};
        Set<URL> urls = new LinkedHashSet<>();
        for (Class<?> c : marks) {
            var source = c.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                throw new IllegalStateException("no code source for " + c.getName());
            }
            try {
                urls.add(source.getLocation().toURI().toURL());
            } catch (URISyntaxException | java.net.MalformedURLException e) {
                throw new IllegalStateException("bad code source " + source.getLocation(), e);
            }
        }
        return urls.toArray(URL[]::new);
    }

    private static boolean shared(String name) {
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                || name.startsWith("sun.") || name.startsWith("com.sun.") || name.startsWith("io.mobula.transport.");
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (shared(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = getParent().loadClass(name); // a library outside the layers (none today)
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }
}
