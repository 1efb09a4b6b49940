package io.mobula.pool;

import java.io.Serializable;

/**
 * Something that happened to a complete pool.
 *
 * @param kind   what happened
 * @param rank   the member concerned; for {@link Kind#COORDINATOR_LOST} the rank hosting the coordinator, or -1
 *               for a standalone pool server
 * @param detail a human-readable explanation
 */
public record PoolEvent(Kind kind, int rank, String detail) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Kinds of events. */
    public enum Kind {
        /** The member left in an orderly way ({@link Pool#close()}). */
        LEFT,
        /** The member stopped renewing its lease: it died, hangs, or is cut off. */
        DIED,
        /** This process can no longer reach the coordinator. */
        COORDINATOR_LOST
    }

    /** Whether the event means the member is gone without having finished. */
    public boolean isFailure() {
        return kind != Kind.LEFT;
    }
}
