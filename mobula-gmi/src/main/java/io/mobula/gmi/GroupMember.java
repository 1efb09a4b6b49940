package io.mobula.gmi;

/**
 * Base class of group objects (thesis 5.3.1), as {@code UnicastRemoteObject} is for remote objects: a member
 * implements a group interface, extends this class and is added with {@link Group#join}. Members of one group may be
 * of different classes. {@link #groupInit} runs once the group is complete.
 */
public abstract class GroupMember {
    private volatile String group;
    private volatile int rank = -1;
    private volatile int size;

    /** A member not yet in a group. */
    protected GroupMember() {
    }

    /**
     * This member's rank in its group, 0 .. size-1.
     *
     * @throws IllegalStateException before the member joined a complete group
     */
    public final int getRank() {
        check();
        return rank;
    }

    /**
     * The number of members of its group.
     *
     * @throws IllegalStateException before the member joined a complete group
     */
    public final int getSize() {
        check();
        return size;
    }

    /** The name of its group, or {@code null} before it joined one. */
    public final String groupName() {
        return group;
    }

    /**
     * Called once, in the joining thread, when the group is complete and before {@link Group#join} returns; rank and
     * size are known. Override it for initialisation that depends on them; the default does nothing.
     */
    public void groupInit() {
    }

    private void check() {
        if (rank < 0) {
            throw new IllegalStateException(getClass().getName() + " is not a member of a complete group yet");
        }
    }

    /** Reserves the member for {@code group} while it joins; fails if it is taken. */
    final void reserve(String group) {
        synchronized (this) {
            if (this.group != null) {
                throw new ConfigurationException("this " + getClass().getName() + " already belongs to group '"
                        + this.group + "'; a member joins one group");
            }
            this.group = group;
        }
    }

    /** Undoes {@link #reserve} when the join failed. */
    final void release() {
        synchronized (this) {
            if (rank < 0) {
                this.group = null;
            }
        }
    }

    final void complete(int rank, int size) {
        this.size = size;
        this.rank = rank;
    }
}
