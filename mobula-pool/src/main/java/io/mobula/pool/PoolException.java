package io.mobula.pool;

/**
 * A pool could not be formed or lost a member ({@link MemberLostException}), or a call to a member failed in this
 * process ({@link Pool#lost}). The message says which pool and which ranks.
 */
public class PoolException extends Exception {
    private static final long serialVersionUID = 1L;

    public PoolException(String message) {
        super(message);
    }

    public PoolException(String message, Throwable cause) {
        super(message, cause);
    }
}
