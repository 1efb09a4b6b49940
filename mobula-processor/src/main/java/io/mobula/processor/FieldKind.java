package io.mobula.processor;

/**
 * How a value travels on the wire: the {@code SerialWriter.writeX}/{@code SerialReader.readX} pair the
 * generated code calls. Primitives and primitive arrays get dedicated methods (arrays move in bulk, thesis
 * 3.3.2); strings have value semantics; everything else goes through the polymorphic object path.
 */
enum FieldKind {
    BOOLEAN("Boolean"),
    BYTE("Byte"),
    SHORT("Short"),
    CHAR("Char"),
    INT("Int"),
    LONG("Long"),
    FLOAT("Float"),
    DOUBLE("Double"),
    STRING("String"),
    BOOLEAN_ARRAY("BooleanArray"),
    BYTE_ARRAY("ByteArray"),
    SHORT_ARRAY("ShortArray"),
    CHAR_ARRAY("CharArray"),
    INT_ARRAY("IntArray"),
    LONG_ARRAY("LongArray"),
    FLOAT_ARRAY("FloatArray"),
    DOUBLE_ARRAY("DoubleArray"),
    OBJECT("Object"),
    /**
     * A final declared type other than String (final class, record, enum without constant bodies, boxed
     * primitive): written with {@code writeFinal(value, Declared.class)}, read with {@code readObject}.
     */
    FINAL("Final"),
    /**
     * A list declared {@code List<E>}, {@code Collection<E>} or {@code ArrayList<E>} with E String or a final class:
     * written with {@code writeList(value, E.class)}, read with {@code readList(Declared.class, E.class)}.
     */
    LIST("List");

    private final String suffix;

    FieldKind(String suffix) {
        this.suffix = suffix;
    }

    String writeMethod() {
        return "write" + suffix;
    }

    String readMethod() {
        return this == FINAL ? "readObject" : "read" + suffix;
    }

    /** {@code writeFinal} takes the declared class as its second argument. */
    boolean writesDeclaredClass() {
        return this == FINAL;
    }

    /** The object path needs the expected class so a hostile stream cannot smuggle in another type. */
    boolean needsExpectedClass() {
        return this == OBJECT || this == FINAL || this == LIST;
    }
}
