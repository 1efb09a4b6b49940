package io.mobula.gmi;

/**
 * A group operation failed in the GMI runtime: a member or participant died or did not answer in time, a value could
 * not travel, or the group is broken. Exceptions thrown by the members' methods themselves reach the caller as they
 * are (or through the configured combiner or forwarder).
 */
public class GroupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An exception with a message naming the group and what failed. */
    public GroupException(String message) {
        super(message);
    }

    /** An exception with a message and its cause. */
    public GroupException(String message, Throwable cause) {
        super(message, cause);
    }
}
