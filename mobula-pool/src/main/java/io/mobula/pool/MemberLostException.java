package io.mobula.pool;

/** A member of a complete pool died, left early, or could not be reached; {@link #rank()} names it. */
public class MemberLostException extends PoolException {
    private static final long serialVersionUID = 1L;
    private final int rank;

    public MemberLostException(int rank, String message, Throwable cause) {
        super(message, cause);
        this.rank = rank;
    }

    /** The rank that was lost (-1: the standalone pool server). */
    public int rank() {
        return rank;
    }
}
