package io.mobula.apps.acp;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version; every method's results are discarded. */
public interface AcpCells extends GroupInterface {
    /** The cells rank {@code from} removed (a group invocation: to every member). */
    void removed(int from, int[] cells);

    /** Rank {@code from} found a domain empty (a group invocation). */
    void emptied(int from);

    /** Safra's termination detection token (a single invocation on the next rank down the ring). */
    void token(long count, boolean black);

    /** The run ended, {@link AcpNews#TERMINATED} or {@link AcpNews#INCONSISTENT} (a group invocation from rank 0). */
    void stop(int end);
}
