package io.mobula.repmi.spi;

import java.util.List;

/**
 * Generated replica-side dispatch of one replication interface ({@code X_MobulaCloudSkeleton}): it names the
 * methods and applies a write, whose parameters travel as the generated record {@code X_MobulaCloudSkeleton.P<i>_<name>},
 * to a replica's root. Stateless; one per interface.
 */
public interface CloudSkeleton {
    /** The replication interface. */
    Class<?> rootInterface();

    /** A hash of the method signatures, so replicas built from different interfaces fail clearly. */
    long interfaceHash();

    /** Each method as name and JVM descriptor ({@code "push(I)V"}), by index. */
    List<String> methods();

    /**
     * Runs method {@code method} on {@code root} with the parameter record {@code parameters}.
     *
     * @return the result, boxed if primitive; null for void
     * @throws Throwable what the method threw
     */
    Object invoke(Object root, int method, Object parameters) throws Throwable;
}
