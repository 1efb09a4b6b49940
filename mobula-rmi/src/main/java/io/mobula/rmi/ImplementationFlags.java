package io.mobula.rmi;

/**
 * What the processor proved about one implementation class of a remote interface, generated as
 * {@code p.Impl_MobulaFlags} when it could prove something: which methods cannot block and so may run on the
 * receive thread (thesis 3.3.1, Manta's MAY_BLOCK analysis, done conservatively). The runtime reads it once per
 * exported class. A proof covers the method bodies the processor saw: a subclass that overrides a proven method
 * does not inherit its proof. For generated code.
 */
public interface ImplementationFlags {

    /** The remote interface whose method ids {@link #methodFlags} uses. */
    Class<?> remoteInterface();

    /** Extra flags ({@link Dispatcher#NON_BLOCKING}) for the method with this id, as implemented by the class. */
    int methodFlags(int methodId);

    /**
     * The method the proof of {@code methodId} is about, as name and erased JVM parameter descriptor
     * ({@code "ping(I)"}), declared by the class or one of its superclasses; null when nothing was proven. A
     * subclass declaring a method with that name and parameters overrides it, and the proof does not apply.
     */
    String implementation(int methodId);
}
