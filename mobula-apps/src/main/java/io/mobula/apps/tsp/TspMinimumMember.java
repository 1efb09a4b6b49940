package io.mobula.apps.tsp;

import io.mobula.gmi.GroupMember;
import java.util.concurrent.atomic.AtomicInteger;

/** A rank's copy of the minimum, a group member. */
public class TspMinimumMember extends GroupMember implements TspMinimumGroup {
    final AtomicInteger minimum = new AtomicInteger(Integer.MAX_VALUE);

    @Override
    public void set(int length) {
        minimum.accumulateAndGet(length, Math::min);
    }
}
