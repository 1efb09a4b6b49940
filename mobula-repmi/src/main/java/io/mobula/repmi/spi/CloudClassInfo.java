package io.mobula.repmi.spi;

import java.util.Set;

/**
 * Generated per cloud class ({@code C_MobulaCloudClass}): the compile-time read/write classification of its methods
 * (thesis 4.2.2, "Read/write analysis"). A method is a write if it assigns a field or an element of an array it did
 * not create, calls {@code cloudNotify}/{@code cloudNotifyAll}, or calls a method that is a write
 * (or is overridden by a write in any cloud class the compiler saw).
 */
public interface CloudClassInfo {
    /** The cloud class described. */
    Class<?> cloudClass();

    /**
     * The write methods among the class's methods (declared or inherited), each as name and JVM descriptor, e.g.
     * {@code "push(I)V"}.
     */
    Set<String> writeMethods();
}
