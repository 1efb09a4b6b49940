package io.mobula.apps.acp;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version: one method, broadcast to every member. */
public interface AcpCells extends GroupInterface {
    /** The cells rank {@code from} removed in {@code round}. */
    void removed(int round, int from, int[] cells);
}
