package io.mobula.examples.rmi;

/** An application's checked exception, declared by a remote method. */
public class AppException extends Exception {
    private static final long serialVersionUID = 1L;

    public AppException(String message) {
        super(message);
    }
}
