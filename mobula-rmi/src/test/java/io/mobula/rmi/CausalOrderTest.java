package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Which calls take part in the causal order ({@link RmiRuntime#ordered}). */
class CausalOrderTest {
    /** A ThreadLocal that counts its reads, so a test sees whether the hot path looked at it. */
    private static final class CountingMark extends ThreadLocal<Boolean> {
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public Boolean get() {
            reads.incrementAndGet();
            return super.get();
        }
    }

    private static final CausalClock APPLIED_SEVEN = new CausalClock() {
        @Override
        public int now() {
            return 7;
        }

        @Override
        public void awaitAtLeast(int time) {
        }
    };

    private static final CausalClock PROTOCOL_THREAD = new CausalClock() {
        @Override
        public int now() {
            return 7;
        }

        @Override
        public boolean orders() {
            return false;
        }

        @Override
        public void awaitAtLeast(int time) {
        }
    };

    @Test
    void aProcessWithoutAClockOrdersNothingAndDoesNotReadTheThreadsMark() {
        CountingMark mark = new CountingMark();
        assertFalse(RmiRuntime.ordered(CausalClock.NONE, mark));
        mark.set(Boolean.TRUE);
        assertFalse(RmiRuntime.ordered(CausalClock.NONE, mark));
        // a reply stamped with the server's time then completes where it arrives, with no hop for a wait of nothing
        assertEquals(0, mark.reads.get());
    }

    @Test
    void applicationThreadsOfAProcessWithAClockAreOrdered() {
        assertTrue(RmiRuntime.ordered(APPLIED_SEVEN, new CountingMark()));
    }

    @Test
    void threadsThatLeftTheOrderOrRunTheLayersProtocolAreNot() {
        CountingMark left = new CountingMark();
        left.set(Boolean.TRUE);
        assertFalse(RmiRuntime.ordered(APPLIED_SEVEN, left));
        assertFalse(RmiRuntime.ordered(PROTOCOL_THREAD, new CountingMark()));
    }
}
