package io.mobula.gmi.spi;

/** The result type of a group method, as the runtime needs it to pick a combiner's or forwarder's variant. */
public enum ResultType {
    VOID, BOOLEAN, BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE, OBJECT;

    /** The default value a method of this type returns when its result is discarded or forwarded. */
    public Object defaultValue() {
        return switch (this) {
            case BOOLEAN -> Boolean.FALSE;
            case BYTE -> (byte) 0;
            case CHAR -> (char) 0;
            case SHORT -> (short) 0;
            case INT -> 0;
            case LONG -> 0L;
            case FLOAT -> 0f;
            case DOUBLE -> 0d;
            case VOID, OBJECT -> null;
        };
    }
}
