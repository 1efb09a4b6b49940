package io.mobula.bench.serial;

import java.io.IOException;
import java.io.InputStream;

/**
 * Loads the benchmark's case classes ({@code io.mobula.bench.model} and {@link SerialCase}) a second time,
 * child-first from the same class path, and refuses their generated {@code X_MobulaSerializer} classes. To
 * Mobula's runtime these copies look like classes compiled without the annotation processor, so it takes its
 * reflective fallback for them, exactly as for a library class compiled elsewhere; everything else (the
 * runtime itself, the JDK) comes from the parent. Needed because the processor sees every class of this module
 * and the runtime has no switch to ignore generated serializers.
 */
final class WithoutGeneratedSerializers extends ClassLoader {
    private static final String MODEL = "io.mobula.bench.model.";
    private static final String CASES = SerialCase.class.getName();

    private final ClassLoader source;

    WithoutGeneratedSerializers(ClassLoader source) {
        super("mobula-bench-without-generated", source);
        this.source = source;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(MODEL) && !name.equals(CASES) && !name.startsWith(CASES + "$")) {
            return super.loadClass(name, resolve);
        }
        if (name.endsWith("_MobulaSerializer")) {
            throw new ClassNotFoundException(name + " is hidden: its class counts as compiled without the processor");
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = defineFromSource(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private Class<?> defineFromSource(String name) throws ClassNotFoundException {
        try (InputStream in = source.getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new ClassNotFoundException(name);
            }
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }
}
