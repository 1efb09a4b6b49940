package io.mobula.repmi;

/**
 * A replicated operation failed in the RepMI runtime: the cloud is unknown, the total order could not be reached, a
 * value could not travel, or a rule the compiler could not check was broken at run time (a remote reference entering
 * a cloud). Exceptions thrown by cloud methods reach the caller as they are.
 */
public class CloudException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An exception with a message naming the cloud and what failed. */
    public CloudException(String message) {
        super(message);
    }

    /** An exception with a message and its cause. */
    public CloudException(String message, Throwable cause) {
        super(message, cause);
    }
}
