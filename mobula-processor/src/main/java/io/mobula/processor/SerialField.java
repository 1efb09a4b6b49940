package io.mobula.processor;

/**
 * One serialized field of a mutable class and how the generated code reaches it.
 *
 * @param name the field's simple name
 * @param ownerName source name of the declaring class
 * @param declaredInTarget declared by the serialized class itself rather than a superclass
 * @param type its wire type
 * @param read how its value is read when writing an object
 * @param write how it is assigned when reading an object
 * @param handleStem unique suffix for this field's handle constants in the generated class
 */
record SerialField(String name, String ownerName, boolean declaredInTarget, ValueType type, ReadAccess read,
        WriteAccess write, String handleStem) {

    /** Getting a field value. */
    enum ReadAccess {
        /** {@code value.f}: non-private field visible from the generated class's package. */
        DIRECT,
        /** A {@code VarHandle} obtained once through {@code privateLookupIn}. */
        VAR_HANDLE
    }

    /** Setting a field value. */
    enum WriteAccess {
        DIRECT,
        VAR_HANDLE,
        /** Final field: VarHandles refuse to set it, so a setter handle unreflected once at class init. */
        SETTER
    }

    String fingerprintPart() {
        return name + ":" + type.descriptor();
    }
}
