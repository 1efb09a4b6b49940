package io.mobula.apps.acp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The shared log's termination detection: passive declarations counted against the batches in the log. */
class AcpLogTest {
    @Test
    void terminatesOnlyWhenEveryRankIsPassiveHavingReadEveryBatch() {
        AcpLog log = new AcpLog(3);
        log.restrict(0, new int[] {5});
        assertFalse(log.passive(0, 1), "ranks 1 and 2 are still active");
        assertFalse(log.passive(1, 0), "rank 1 has not read rank 0's batch");
        assertFalse(log.passive(2, 1));
        assertTrue(log.news(0));
        assertFalse(log.news(1));
        log.restrict(1, new int[] {7, 8}); // rank 1 read the batch and removed more: active again
        assertFalse(log.passive(0, 1), "the new batch is unread by rank 0");
        assertFalse(log.passive(2, 2), "rank 1 has not declared itself passive since its batch");
        assertFalse(log.passive(1, 2), "rank 0's declaration predates rank 1's batch");
        assertEquals(AcpNews.RUNNING, log.end());
        assertTrue(log.passive(0, 2));
        assertEquals(AcpNews.TERMINATED, log.end());
        assertTrue(log.news(2), "a rank waiting for more learns the end");
    }

    @Test
    void aStalePassiveDeclarationDoesNotCountAsReadingLaterBatches() {
        // rank 1 declared passive early, then rank 0's batch arrived and made it work; its old count is stale
        AcpLog log = new AcpLog(2);
        assertFalse(log.passive(1, 0));
        log.restrict(0, new int[] {1});
        assertFalse(log.passive(0, 1), "rank 1 declared passive before the batch it has not read");
    }

    @Test
    void batchesLeaveOutTheReadersOwnAndAnEmptyDomainEndsTheRun() {
        AcpLog log = new AcpLog(2);
        log.restrict(0, new int[] {1});
        log.restrict(1, new int[] {2});
        log.restrict(0, new int[] {3});
        AcpNews n = log.since(1, 0);
        assertEquals(3, n.next());
        assertArrayEquals(new int[][] {{1}, {3}}, n.batches());
        assertArrayEquals(new int[][] {{2}}, log.since(0, 1).batches());
        log.emptied(1);
        assertEquals(AcpNews.INCONSISTENT, log.since(0, 3).end());
        log.restrict(0, new int[] {4});
        assertEquals(3, log.count(), "nothing is appended after the end");
        assertFalse(log.passive(0, 3), "the run ended inconsistent, not terminated");
    }

    @Test
    void badRanksAndCountsAreRefused() {
        AcpLog log = new AcpLog(2);
        assertThrows(IllegalArgumentException.class, () -> log.restrict(2, new int[0]));
        assertThrows(IllegalArgumentException.class, () -> log.passive(0, 1));
        assertThrows(IllegalArgumentException.class, () -> log.since(0, -1));
        assertThrows(IllegalArgumentException.class, () -> log.batches(0, 0, 1));
    }
}
