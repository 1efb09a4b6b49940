package io.mobula.apps.acp;


/**
 * One rank's part of Safra's termination detection algorithm (Dijkstra, EWD998, "Shmuel Safra's version of
 * termination detection"), for ranks that exchange messages asynchronously, in any order. Each rank counts the
 * messages it sent minus those it received and turns black when it receives one. A token travels the ring 0, P-1,
 * P-2, ..., 1, 0, each rank passing it on only while passive, adding its count and blackening it if it is black,
 * then turning white. When the token comes back to rank 0 white, rank 0 is white and passive, and the counts add up to
 * zero, no rank is active and no message is in flight: the computation has terminated. Otherwise rank 0 starts
 * another round.
 *
 * <p>Not thread safe: the rank's computing thread owns it, counts a message as received when it takes it from its
 * inbox (so a message waiting there is still in flight), and hands it the token the same way.
 */
final class Safra {
    /** The token: the counts of the ranks it passed and whether one of them was black. */
    record Token(long count, boolean black) {
    }

    private final int rank;
    private final int size;
    private long count;
    private boolean black;
    private Token held;
    private boolean started;
    private boolean terminated;

    /** Rank {@code rank} of {@code size}; rank 0 starts holding the token. */
    Safra(int rank, int size) {
        if (size < 1 || rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank " + rank + " of " + size);
        }
        this.rank = rank;
        this.size = size;
        this.held = rank == 0 ? new Token(0, false) : null;
    }

    /** This rank sent {@code messages} messages (a broadcast counts one per destination). */
    void sent(int messages) {
        count += messages;
    }

    /** This rank received one message: it may become active again. */
    void received() {
        count--;
        black = true;
    }

    /** The token arrived from the next rank up the ring. */
    void token(Token t) {
        if (held != null || rank == 0 && !started) {
            throw new IllegalStateException("rank " + rank + " got a second token");
        }
        held = t;
    }

    /** The rank the token goes to from this one. */
    int next() {
        return (rank - 1 + size) % size;
    }

    /**
     * This rank is passive (nothing to do, nothing of its own unsent): returns the token to send to {@link #next()},
     * or null when it holds none or has detected termination.
     */
    Token passive() {
        if (held == null || terminated) {
            return null;
        }
        Token t = held;
        held = null;
        if (rank != 0) {
            Token out = new Token(t.count() + count, t.black() || black);
            black = false;
            return out;
        }
        if (started && !t.black() && !black && t.count() + count == 0) {
            terminated = true;
            return null;
        }
        started = true;
        black = false;
        if (size == 1) { // the ring is this rank alone: the new token is back at once
            held = new Token(0, false);
            terminated = count == 0;
            return null;
        }
        return new Token(0, false);
    }

    /** Whether rank 0 has detected termination (always false on the other ranks). */
    boolean terminated() {
        return terminated;
    }
}
