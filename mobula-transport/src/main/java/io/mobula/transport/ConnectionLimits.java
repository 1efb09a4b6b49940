package io.mobula.transport;

/**
 * How many accepted connections a transport keeps at once (a connection costs a receive thread, descriptors and a
 * receive buffer, so a flood of them must not exhaust the process). A connection over a limit is closed as soon as
 * it is accepted, before anything is read from it; refusals are counted and logged at most once per ten seconds.
 * Connections this process opens itself are not counted.
 *
 * @param maxAccepted        accepted connections alive at once, from all peers (default 1024)
 * @param maxAcceptedPerHost accepted connections alive at once from one remote address (default 256: every process
 *                           of a host full of ranks, with room to spare)
 */
public record ConnectionLimits(int maxAccepted, int maxAcceptedPerHost) {
    /** The defaults documented on the components. */
    public static final ConnectionLimits DEFAULT = new ConnectionLimits(1024, 256);

    /** Checks the values. */
    public ConnectionLimits {
        if (maxAccepted < 1 || maxAcceptedPerHost < 1) {
            throw new IllegalArgumentException("connection limits must be positive: " + maxAccepted + ", "
                    + maxAcceptedPerHost);
        }
    }
}
