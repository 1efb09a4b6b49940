package io.mobula.apps.lufact;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version: one method with the two things a step broadcasts. */
public interface LuFactColumns extends GroupInterface {
    /** Column k and the pivot row of step k, for every member. */
    void put(int k, int pivot, double[] column);
}
