package io.mobula.apps.asp;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version: one method, broadcast to every member. */
public interface AspRows extends GroupInterface {
    /** Row {@code k} for the member's rank. */
    void putRow(int k, int[] row);
}
