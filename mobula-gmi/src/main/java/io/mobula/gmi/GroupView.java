package io.mobula.gmi;

import io.mobula.gmi.spi.GroupSkeleton;

/**
 * What this process knows of one complete group: its interface, size, generated skeleton and where each member
 * lives. Immutable except for {@link #broken}: once a member's process is lost, every operation fails.
 */
final class GroupView {
    final String name;
    final Class<?> type;
    final int size;
    final GroupSkeleton skeleton;
    /** Pool rank of the process of each member, by group rank. */
    final int[] poolRanks;
    private volatile GroupBrokenException broken;
    /** What a thread waiting for messages from the members' processes polls ({@link GmiRuntime#drive}). */
    volatile io.mobula.pool.PoolPorts<GroupPort>.Watch watch;

    GroupView(String name, Class<?> type, int size, GroupSkeleton skeleton, int[] poolRanks) {
        this.name = name;
        this.type = type;
        this.size = size;
        this.skeleton = skeleton;
        this.poolRanks = poolRanks;
    }

    /** @throws GroupBrokenException when a member is lost */
    void checkUsable() {
        GroupBrokenException b = broken;
        if (b != null) {
            throw new GroupBrokenException(b.getMessage(), b);
        }
    }

    /**
     * Marks the group broken with a failure learned from an operation (a peer that saw a member lost first, while this
     * process's pool has not told it yet): the group is broken everywhere once a member is lost, so every later
     * operation here fails too. The first failure recorded stays.
     */
    void broken(GroupBrokenException b) {
        if (broken == null) {
            broken = b;
        }
    }

    /** Marks the group broken if a member lives in process {@code poolRank}; returns the failure, else null. */
    GroupBrokenException lose(int poolRank, String detail) {
        for (int r = 0; r < size; r++) {
            if (poolRanks[r] == poolRank) {
                GroupBrokenException b = broken;
                if (b == null) {
                    b = new GroupBrokenException("group '" + name + "' is broken: member rank " + r
                            + " (pool rank " + poolRank + ") is lost: " + detail, null);
                    broken = b;
                }
                return b;
            }
        }
        return null;
    }

    boolean hasMemberIn(int poolRank) {
        for (int p : poolRanks) {
            if (p == poolRank) {
                return true;
            }
        }
        return false;
    }

    String describe() {
        return type.getSimpleName() + " '" + name + "' of " + size;
    }
}
