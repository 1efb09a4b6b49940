package io.mobula.serial;

/**
 * Supplies serializers for whole families of classes that a layer above knows about, consulted once per class
 * before the built-in, generated and fallback serializers. The RMI layer uses it so that stubs travel as remote
 * references and exported objects are replaced by their stubs.
 */
@FunctionalInterface
public interface SerializerResolver {

    /**
     * A serializer may also handle a whole family under one name: when its {@link Serializer#type()} is a
     * superclass of {@code c}, instances of {@code c} are written under that superclass's name and fingerprint,
     * and the reader (which resolves the superclass) decides which class to rebuild. The RMI layer writes every
     * stub class as {@code io.mobula.rmi.RemoteStub} this way, so a reader need not have the stub's class.
     *
     * @param c a class about to be written or read
     * @return a serializer for {@code c} or for a superclass of it, or {@code null} to continue with the usual
     *     lookup
     */
    Serializer<?> find(Class<?> c);
}
