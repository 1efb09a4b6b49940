package io.mobula.bench.serial;

import io.mobula.serial.Serialization;

import java.io.IOException;

/**
 * Mobula's reflective fallback: the same streaming round trip as {@link MobulaRoundTrip}, on copies of the case
 * classes whose generated serializers are hidden ({@link WithoutGeneratedSerializers}). The graphs are built by
 * those copies, and the reader resolves class names through the same loader.
 */
final class MobulaFallbackRoundTrip implements RoundTrip {
    private final ClassLoader loader = new WithoutGeneratedSerializers(SerialCase.class.getClassLoader());
    private final MobulaRoundTrip streams = new MobulaRoundTrip(Serialization.builder().classLoader(loader).build());

    @Override
    public Object graph(SerialCase serialCase) throws ReflectiveOperationException {
        Class<?> cases = Class.forName(SerialCase.class.getName(), true, loader);
        Object copyOfCase = cases.getMethod("byId", String.class).invoke(null, serialCase.id());
        return cases.getMethod("create").invoke(copyOfCase);
    }

    @Override
    public Object roundTrip(Object graph) throws IOException {
        return streams.roundTrip(graph);
    }

    /** Fails unless the case's root class (when it is a case class, not an array) went through the fallback. */
    void requireFallback(SerialCase serialCase) throws ReflectiveOperationException {
        Class<?> root = graph(serialCase).getClass();
        if (root.getClassLoader() == loader && !Serialization.fallbackClasses().containsKey(root)) {
            throw new IllegalStateException(root.getName() + " did not take Mobula's reflective fallback");
        }
    }
}
