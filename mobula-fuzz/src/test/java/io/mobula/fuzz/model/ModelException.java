package io.mobula.fuzz.model;

/** An application exception with a field of its own. */
public class ModelException extends Exception {
    private static final long serialVersionUID = 1L;

    final int code;

    public ModelException(String message, int code, Throwable cause) {
        super(message, cause);
        this.code = code;
    }
}
