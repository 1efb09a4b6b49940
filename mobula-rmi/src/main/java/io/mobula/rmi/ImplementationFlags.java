package io.mobula.rmi;

/**
 * What the processor proved about one implementation class of a remote interface, generated as
 * {@code p.Impl_MobulaFlags} when it could prove something: which methods cannot block and so may run on the
 * receive thread (thesis 3.3.1, Manta's MAY_BLOCK analysis, done conservatively). The runtime reads it once when
 * an object of that class is exported. For generated code.
 */
public interface ImplementationFlags {

    /** The remote interface whose method ids {@link #methodFlags} uses. */
    Class<?> remoteInterface();

    /** Extra flags ({@link Dispatcher#NON_BLOCKING}) for the method with this id, as implemented by the class. */
    int methodFlags(int methodId);
}
