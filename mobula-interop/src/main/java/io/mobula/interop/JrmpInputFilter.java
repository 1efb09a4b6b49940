package io.mobula.interop;

import io.mobula.serial.ClassFilter;
import io.mobula.serial.Serialization;
import java.io.ObjectInputFilter;
import java.lang.reflect.Proxy;
import java.util.Set;

/**
 * Mobula's decoding policy for what plain java.rmi clients send through the bridge (docs/SECURITY.md, "The JRMP
 * bridge"): the classes Mobula's own decoder would let a peer make ({@link Serialization#refusal}: with trusted
 * classes only, the default, the classes compiled with mobula-processor, the JDK values and collections Mobula
 * rebuilds, enums, exceptions and what an allow pattern names), plus what java.rmi itself needs to carry stubs; and
 * its bounds on array length and nesting, with the bridge's own bounds on references and bytes per call. The class
 * is checked after java.rmi loads it without initialization and before anything of it runs, so a refused class's
 * static initializer and {@code readObject} never run. A refused value fails its own call with an
 * {@code UnmarshalException} whose cause names the reason. The work of hashing is bounded beside this filter
 * ({@link JrmpStreamCheck}), which no filter can see.
 */
final class JrmpInputFilter implements ObjectInputFilter {
    /**
     * What a standard stub is made of, on top of the stub's own proxy class; the JDK's serializable superclasses of
     * trusted values; and the forms in which Java serialization sends the JDK collections Mobula trusts (the serial
     * proxy of {@code List.of}, {@code Set.of} and {@code Map.of}, of {@code EnumSet}, and the array, entry and
     * wrapper classes of {@code Arrays} and {@code AbstractMap}), and the stack trace of an exception.
     */
    private static final Set<String> STUB_PARTS = Set.of(
            "java.lang.reflect.Proxy",
            "java.rmi.server.RemoteObject",
            "java.rmi.server.RemoteObjectInvocationHandler",
            "java.rmi.server.RemoteStub");
    private static final Set<String> JDK_FORMS = Set.of(
            "java.lang.Number",
            "java.lang.Enum",
            "java.util.CollSer",
            "java.util.EnumSet$SerializationProxy",
            "java.util.Arrays$ArrayList",
            "java.util.AbstractMap$SimpleEntry",
            "java.util.AbstractMap$SimpleImmutableEntry",
            "java.lang.StackTraceElement");
    /** The wrappers, empty and single-element collections and comparators of {@code java.util.Collections}. */
    private static final String COLLECTIONS_WRAPPERS = "java.util.Collections$";

    private final Serialization policy;
    private final ClassFilter classFilter;
    private final int maxArrayLength;
    private final int maxDepth;
    private final long maxReferences;
    private final long maxBytes;

    JrmpInputFilter(Serialization policy, ClassFilter classFilter, int maxArrayLength, int maxDepth,
                    long maxReferences, long maxBytes) {
        this.policy = policy;
        this.classFilter = classFilter;
        this.maxArrayLength = maxArrayLength;
        this.maxDepth = maxDepth;
        this.maxReferences = maxReferences;
        this.maxBytes = maxBytes;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        if (info.arrayLength() > maxArrayLength) {
            throw refused("an array of " + info.arrayLength() + " elements, more than maxArrayLength "
                    + maxArrayLength);
        }
        if (info.depth() > maxDepth) {
            throw refused("objects nested " + info.depth() + " deep, deeper than maxDepth " + maxDepth);
        }
        if (info.references() > maxReferences) {
            throw refused("more than " + maxReferences + " objects and references (mobula.jrmp.maxReferences)");
        }
        if (info.streamBytes() > maxBytes) {
            throw refused("more than " + maxBytes + " bytes (mobula.jrmp.maxBytes)");
        }
        Class<?> c = info.serialClass();
        if (c == null) {
            return Status.UNDECIDED;
        }
        Class<?> element = c;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        String name = element.getName();
        if (element.isPrimitive() || Proxy.isProxyClass(element) || STUB_PARTS.contains(name)) {
            return Status.ALLOWED;
        }
        if (element.getClassLoader() == null && (JDK_FORMS.contains(name) || name.startsWith(COLLECTIONS_WRAPPERS))) {
            if (classFilter.denies(name)) {
                throw refused("class " + name + " refused by the class filter");
            }
            return Status.ALLOWED;
        }
        String refusal = policy.refusal(c);
        if (refusal != null) {
            throw refused(refusal);
        }
        return Status.ALLOWED;
    }

    /** A JDK exception class, so that the plain client can read the reason java.rmi sends back. */
    private static SecurityException refused(String why) {
        return new SecurityException("the JRMP bridge refused an argument: " + why);
    }
}
