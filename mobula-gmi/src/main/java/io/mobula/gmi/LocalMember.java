package io.mobula.gmi;

import io.mobula.gmi.spi.GroupSkeleton;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A member object living in this process, with its group's skeleton. Invocations that arrive before its
 * {@link GroupMember#groupInit} has run wait for it (bounded).
 */
final class LocalMember {
    final GroupMember member;
    final GroupSkeleton skeleton;
    final String group;
    final int rank;
    volatile int size;
    /** Per method index, whether this member runs it without blocking ({@link MemberFlags}). */
    final boolean[] nonBlocking;
    private final CountDownLatch ready = new CountDownLatch(1);

    LocalMember(GroupMember member, GroupSkeleton skeleton, String group, int rank) {
        this.member = member;
        this.skeleton = skeleton;
        this.group = group;
        this.rank = rank;
        this.nonBlocking = MemberFlags.of(member.getClass(), skeleton.groupInterface(), skeleton.methods().size());
    }

    boolean isReady() {
        return ready.getCount() == 0;
    }

    void markReady() {
        ready.countDown();
    }

    void awaitReady(long timeoutNanos) {
        try {
            if (!ready.await(timeoutNanos, TimeUnit.NANOSECONDS)) {
                throw new GroupException("group '" + group + "': member rank " + rank + " did not finish joining"
                        + " within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GroupException("interrupted while member rank " + rank + " of '" + group + "' joins", e);
        }
    }
}
