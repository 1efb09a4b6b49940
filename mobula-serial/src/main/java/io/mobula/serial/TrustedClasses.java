package io.mobula.serial;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The classes the application compiled with mobula-processor, as listed in every {@value #RESOURCE} its class loader
 * sees (one per compiled module), plus the rule deciding what a reader in trusted-classes-only mode may instantiate
 * ({@link Serialization.Builder#trustedClassesOnly}).
 */
final class TrustedClasses {
    static final String RESOURCE = "META-INF/mobula/serializable-classes";
    private static final ConcurrentHashMap<ClassLoader, Set<String>> LISTED = new ConcurrentHashMap<>();

    private TrustedClasses() {
    }

    static Set<String> listed(ClassLoader loader) {
        return LISTED.computeIfAbsent(loader, TrustedClasses::read);
    }

    private static Set<String> read(ClassLoader loader) {
        Set<String> names = new HashSet<>();
        try {
            Enumeration<URL> all = loader.getResources(RESOURCE);
            for (URL u : Collections.list(all)) {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(u.openStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        line = line.strip();
                        if (!line.isEmpty() && !line.startsWith("#")) {
                            names.add(line);
                        }
                    }
                }
            }
        } catch (IOException e) {
            System.getLogger(TrustedClasses.class.getName()).log(System.Logger.Level.WARNING,
                    "cannot read " + RESOURCE + ": " + e);
        }
        return Set.copyOf(names);
    }

    /** Whether a reader in trusted-classes-only mode may instantiate {@code c} (an array's element decides). */
    static boolean admits(Class<?> c, Config config) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || c == Object.class || c.isInterface() || c.isEnum()
                || (c.getSuperclass() != null && c.getSuperclass().isEnum())
                || Throwable.class.isAssignableFrom(c) || Builtins.idOf(c) > 0) {
            return true;
        }
        if (config.filter().explicitlyAllows(c.getName()) || config.registry().knows(c)) {
            return true;
        }
        ClassLoader cl = c.getClassLoader();
        if (cl == null) {
            return builtIn(c); // a JDK class: only those Mobula rebuilds through their public API
        }
        return listed(cl).contains(c.getName()) || listed(config.loader()).contains(c.getName())
                || cl.getResource(Registry.generatedName(c).replace('.', '/') + ".class") != null;
    }

    private static boolean builtIn(Class<?> c) {
        try {
            return Builtins.forClass(c) != null;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
