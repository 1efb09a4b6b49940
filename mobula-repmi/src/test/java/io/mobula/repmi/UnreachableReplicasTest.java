package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnreachableReplicasTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aReplicaThatFailedIsSkippedAndReportedOncePerQuietTime() {
        UnreachableReplicas u = new UnreachableReplicas(SECOND);
        long t0 = 5 * SECOND;
        assertFalse(u.skip(2, t0));
        assertTrue(u.failed(2, t0), "the first failure is reported");
        assertTrue(u.skip(2, t0 + SECOND / 2));
        assertFalse(u.skip(1, t0 + SECOND / 2), "other replicas are not touched");
        assertFalse(u.failed(2, t0 + SECOND / 2), "a second failure within the quiet time is not");
        assertTrue(u.skip(2, t0 + SECOND), "the quiet time counts from the last failure");
        assertFalse(u.skip(2, t0 + SECOND / 2 + SECOND), "then it is tried again");
        assertTrue(u.failed(2, t0 + 2 * SECOND), "and a failure a quiet time after the last report is reported");
    }

    @Test
    void aReplicaReachedIsTriedAndReportedAsUsual() {
        UnreachableReplicas u = new UnreachableReplicas(SECOND);
        assertTrue(u.failed(0, 0));
        assertTrue(u.skip(0, 1));
        u.reached(0);
        assertFalse(u.skip(0, 2));
        assertTrue(u.failed(0, 3));
    }

    @Test
    void isEmptyWhileNoReplicaIsSkipped() {
        UnreachableReplicas u = new UnreachableReplicas(SECOND);
        assertTrue(u.isEmpty());
        assertTrue(u.failed(3, SECOND));
        assertFalse(u.isEmpty(), "a failure makes the clock matter");
        u.reached(3);
        assertTrue(u.isEmpty(), "reached again: no replica is skipped");
    }

    @Test
    void theQuietTimeMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new UnreachableReplicas(0));
    }
}
