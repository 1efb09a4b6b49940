package io.mobula.gmi;

/**
 * A member of the group is lost (its process died or left the pool): the operation that needed it failed, and so
 * does every later operation on the group. Groups have a fixed size (thesis 5.2.2), so a broken group stays broken.
 */
public class GroupBrokenException extends GroupException {
    private static final long serialVersionUID = 1L;

    /** An exception naming the group and the lost member. */
    public GroupBrokenException(String message, Throwable cause) {
        super(message, cause);
    }
}
