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
}
