package io.mobula.apps.tsp;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version. */
public interface TspMinimumGroup extends GroupInterface {
    /** A rank found a tour of {@code length}. */
    void set(int length);
}
