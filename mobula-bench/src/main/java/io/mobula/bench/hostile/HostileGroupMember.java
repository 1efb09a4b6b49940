package io.mobula.bench.hostile;

import io.mobula.gmi.GroupMember;

/** The member of {@link HostileGroup} in each rank. */
public final class HostileGroupMember extends GroupMember implements HostileGroup {
    /** A member not yet in its group. */
    public HostileGroupMember() {
    }

    @Override
    public int answer(int x) {
        return 1000 * getRank() + x;
    }
}
