package io.mobula.serial;

/**
 * Supplies serializers for whole families of classes that a layer above knows about, consulted once per class
 * before the built-in, generated and fallback serializers. The RMI layer uses it so that stubs travel as remote
 * references and exported objects are replaced by their stubs.
 */
@FunctionalInterface
public interface SerializerResolver {

    /**
     * @param c a class about to be written or read
     * @return a serializer for exactly {@code c}, or {@code null} to continue with the usual lookup
     */
    Serializer<?> find(Class<?> c);
}
