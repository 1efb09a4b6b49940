package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The detector alone, on a fake clock (nanoseconds): what it suspects, and when. */
class PhiAccrualDetectorTest {
    private static final long MS = 1_000_000L;
    /** Members heartbeating every 100 ms: never suspected before 200 ms of silence, always by 1 s. */
    private static final FailureDetection SETTINGS = new FailureDetection(8.0, Duration.ofMillis(200),
            Duration.ofMillis(1_000), Duration.ofMillis(1_000));

    /** The first silence (in whole ms) the detector suspects, looking from its last heartbeat at {@code now}. */
    private static long firstSuspicionMillis(PhiAccrualDetector d, long now) {
        for (long ms = 0; ms <= 2_000; ms++) {
            if (d.suspects(now + ms * MS)) {
                return ms;
            }
        }
        throw new AssertionError("not suspected even after 2 s of silence");
    }

    @Test
    void aSlowButAliveMemberWithJitterAndLateBeatsIsNeverSuspected() {
        // (a pause far beyond its usual intervals is suspected the first time: the coordinator's confirmation keeps
        // such a member, and the detector learns from it, see the next tests)
        Random random = new Random(29);
        long now = 0;
        PhiAccrualDetector d = new PhiAccrualDetector(SETTINGS, now);
        for (int beat = 0; beat < 1_000; beat++) {
            // 100 ms +- 40 ms, and every 25th beat 100 ms late (a busy machine)
            long interval = beat % 25 == 24 ? 200 * MS : (60 + random.nextInt(81)) * MS;
            for (long t = 0; t < interval; t += 5 * MS) {
                assertFalse(d.suspects(now + t), "beat " + beat + ": suspected after " + t / MS + " ms of an "
                        + interval / MS + " ms interval (phi " + d.phi(now + t) + ")");
            }
            now += interval;
            d.heartbeat(now);
        }
    }

    @Test
    void aSilentMemberIsSuspectedSoonAfterItsUsualIntervalAndNeverBeforeTheMinimum() {
        long now = 0;
        PhiAccrualDetector d = new PhiAccrualDetector(SETTINGS, now);
        for (int beat = 0; beat < 50; beat++) {
            now += 100 * MS; // perfectly regular: the deviation is taken as a quarter of the mean
            d.heartbeat(now);
        }
        long at = firstSuspicionMillis(d, now);
        assertEquals(230, at, 10, "regular 100 ms heartbeats: suspected after about 2.3 intervals");
        assertTrue(d.phi(now + 50 * MS) < 1, "half an interval late is not suspicious: " + d.phi(now + 50 * MS));

        PhiAccrualDetector fast = new PhiAccrualDetector(SETTINGS, 0);
        long t = 0;
        for (int beat = 0; beat < 50; beat++) {
            t += 10 * MS; // 10 ms heartbeats would be suspected after 23 ms, but the minimum is 200 ms
            fast.heartbeat(t);
        }
        assertEquals(200, firstSuspicionMillis(fast, t));
    }

    @Test
    void beforeAnyIntervalOnlyTheMaximumApplies() {
        PhiAccrualDetector d = new PhiAccrualDetector(SETTINGS, 5 * MS);
        assertEquals(0.0, d.phi(900 * MS));
        assertEquals(1_000, firstSuspicionMillis(d, 5 * MS));
    }

    @Test
    void aMemberThatPausesOftenIsGivenMoreTimeButNeverMoreThanTheMaximum() {
        long now = 0;
        PhiAccrualDetector d = new PhiAccrualDetector(SETTINGS, now);
        for (int beat = 0; beat < 30; beat++) {
            now += 100 * MS;
            d.heartbeat(now);
        }
        assertTrue(d.suspects(now + 400 * MS), "a 400 ms silence is suspicious after regular 100 ms beats");
        // then it pauses for 400 ms every fifth beat (a collector, a starved process): the detector learns that
        for (int beat = 0; beat < 60; beat++) {
            now += (beat % 5 == 4 ? 400 : 100) * MS;
            d.heartbeat(now);
        }
        assertFalse(d.suspects(now + 400 * MS), "its usual pause is no longer suspicious: phi "
                + d.phi(now + 400 * MS));
        long adapted = firstSuspicionMillis(d, now);
        assertTrue(adapted > 600 && adapted < 1_000, "suspected after " + adapted + " ms");
        // a member that once stalled for seconds is still suspected by the maximum
        d.heartbeat(now += 5_000 * MS);
        assertEquals(1_000, firstSuspicionMillis(d, now));
        // and when it is regular again, its old pauses leave the window and it is suspected sooner again
        for (int beat = 0; beat < PhiAccrualDetector.WINDOW; beat++) {
            now += 100 * MS;
            d.heartbeat(now);
        }
        assertEquals(230, firstSuspicionMillis(d, now), 10);
    }
}
