package io.mobula.apps;

import java.util.List;

/**
 * One version of a kernel.
 *
 * @param name {@code seq}, {@code rmi}, {@code repmi} or {@code gmi}
 * @param mainClass the class whose {@code main} runs it
 * @param how one line on how this version communicates
 * @param classes the classes that belong to this version alone (its main class first), for the code-size table;
 *     the kernel's other classes are shared by its versions
 */
public record Version(String name, String mainClass, String how, List<Class<?>> classes) {
    /** A version made of {@code classes}, the first of which is its main class. */
    public static Version of(String name, String how, Class<?>... classes) {
        return new Version(name, classes[0].getName(), how, List.of(classes));
    }

    /** Whether this is the sequential version (run without a pool). */
    public boolean sequential() {
        return name.equals("seq");
    }
}
