package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A group once known broken stays broken, whether this process's pool told it or a failed operation did. */
class GroupViewTest {

    private static GroupView view() {
        return new GroupView("g", Runnable.class, 3, null, new int[] {0, 1, 2});
    }

    @Test
    void aBrokenFailureLearnedFromAnOperationFailsEveryLaterOperation() {
        GroupView v = view();
        assertDoesNotThrow(v::checkUsable);
        GroupBrokenException fromPeer = new GroupBrokenException("group 'g' is broken: member rank 2 is lost", null);
        v.broken(fromPeer);
        GroupBrokenException later = assertThrows(GroupBrokenException.class, v::checkUsable);
        assertSame(fromPeer, later.getCause());
        assertSame(fromPeer, assertThrows(GroupBrokenException.class, v::checkUsable).getCause());
    }

    @Test
    void theFirstFailureStays() {
        GroupView v = view();
        GroupBrokenException first = v.lose(2, "DIED");
        v.broken(new GroupBrokenException("a later report", null));
        assertSame(first, v.lose(1, "DIED"));
        assertSame(first, assertThrows(GroupBrokenException.class, v::checkUsable).getCause());
    }
}
