package io.mobula.processor;

/**
 * The type of one serialized field or record component, already resolved into the strings the emitter needs.
 *
 * @param kind how it is written and read
 * @param classLiteral erased source name usable before {@code .class} ({@code java.util.List}, {@code int[]})
 * @param castType source name usable in a cast without a raw-type warning ({@code java.util.List<?>})
 * @param descriptor JVM descriptor of the erased type, as in the fingerprint ({@code Ljava/util/List;})
 * @param generic the declared type is parameterized or a type variable, so assigning the erased value to it
 *     is an unchecked conversion
 * @param hiddenName {@code null} when generated code can name the type; otherwise the name to resolve it
 *     with at class initialization ({@code Lookup.findClass}), for a private nested class of the same package
 * @param element for {@link FieldKind#LIST}, the declared element type (String or a final class); else null
 */
record ValueType(FieldKind kind, String classLiteral, String castType, String descriptor, boolean generic,
        String hiddenName, ValueType element) {

    ValueType(FieldKind kind, String classLiteral, String castType, String descriptor, boolean generic,
            String hiddenName) {
        this(kind, classLiteral, castType, descriptor, generic, hiddenName, null);
    }

    boolean hidden() {
        return hiddenName != null;
    }
}
