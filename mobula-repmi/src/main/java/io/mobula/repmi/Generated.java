package io.mobula.repmi;

import io.mobula.repmi.spi.CloudClassInfo;
import io.mobula.repmi.spi.CloudHandle;
import io.mobula.repmi.spi.CloudSkeleton;
import java.util.concurrent.ConcurrentHashMap;

/** Finds the processor's generated classes by their names, once per class. */
final class Generated {
    private static final ConcurrentHashMap<Class<?>, Object> CACHE = new ConcurrentHashMap<>();

    private Generated() {
    }

    static String name(Class<?> t, String suffix) {
        String n = t.getName();
        int dot = n.lastIndexOf('.');
        return n.substring(0, dot + 1) + n.substring(dot + 1).replace('$', '_') + suffix;
    }

    private static Object instance(Class<?> t, String suffix, Class<?> ctorArg, Object arg) {
        String name = name(t, suffix);
        try {
            Class<?> c = Class.forName(name, true, t.getClassLoader());
            return ctorArg == null ? c.getConstructor().newInstance() : c.getConstructor(ctorArg).newInstance(arg);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new CloudException("no generated RepMI code for " + t.getName() + " (" + name + " is missing):"
                    + " compile it with mobula-processor on the annotation-processor path", e);
        }
    }

    static CloudSkeleton skeleton(Class<?> rootInterface) {
        return (CloudSkeleton) CACHE.computeIfAbsent(rootInterface,
                t -> instance(t, "_MobulaCloudSkeleton", null, null));
    }

    static CloudClassInfo classInfo(Class<?> cloudClass) {
        return (CloudClassInfo) CACHE.computeIfAbsent(cloudClass, t -> instance(t, "_MobulaCloudClass", null, null));
    }

    static Root stub(Class<?> rootInterface, CloudHandle handle) {
        return (Root) instance(rootInterface, "_MobulaCloudStub", CloudHandle.class, handle);
    }

    /**
     * Whether interface method {@code descriptor} runs as a read on a root of the class {@code info} describes:
     * only if no write of the class has its name and number of parameters. Conservative on purpose: a method
     * inherited from a generic superclass is listed under its erased descriptor, which differs from the interface's.
     */
    static boolean isRead(io.mobula.repmi.spi.CloudClassInfo info, String descriptor) {
        if (info.writeMethods().contains(descriptor)) {
            return false;
        }
        String name = descriptor.substring(0, descriptor.indexOf('('));
        int arity = arity(descriptor);
        for (String w : info.writeMethods()) {
            if (w.startsWith(name + "(") && arity(w) == arity) {
                return false;
            }
        }
        return true;
    }

    /** The number of parameters of a name+JVM descriptor such as {@code "put(I[Ljava/lang/String;)V"}. */
    static int arity(String d) {
        int n = 0;
        for (int i = d.indexOf('(') + 1; d.charAt(i) != ')'; i++) {
            while (d.charAt(i) == '[') {
                i++;
            }
            if (d.charAt(i) == 'L') {
                i = d.indexOf(';', i);
            }
            n++;
        }
        return n;
    }
}
