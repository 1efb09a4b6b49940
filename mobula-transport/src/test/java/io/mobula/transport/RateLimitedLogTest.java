package io.mobula.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;

/** A flood of one kind of warning makes one line at once and one summary with the count per period. */
class RateLimitedLogTest {

    /** The lines at WARNING a logger received. */
    private static final class Capture implements System.Logger {
        final List<String> warnings = Collections.synchronizedList(new ArrayList<>());
        volatile int debug;

        @Override
        public String getName() {
            return "capture";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            record(level, msg);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            record(level, format);
        }

        private void record(Level level, String msg) {
            if (level == Level.WARNING) {
                warnings.add(msg);
            } else {
                debug++;
            }
        }
    }

    @Test
    void twoThousandRepeatsMakeTwoLinesAndTheSecondCountsThem() throws Exception {
        Capture c = new Capture();
        RateLimitedLog log = new RateLimitedLog(c, Level.WARNING, Duration.ofMillis(300));
        for (int i = 0; i < 2000; i++) {
            log.log("handshake timeout " + i);
        }
        assertEquals(List.of("handshake timeout 0"), c.warnings, "the first at once");
        assertEquals(1999, log.held());
        assertEquals(1999, c.debug, "every repeat is still there at DEBUG");
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (c.warnings.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(List.of("handshake timeout 0", "handshake timeout 1999 (and 1998 more in the last 300 ms)"),
                c.warnings);
        // the next period starts afresh: its first line at once
        log.log("handshake timeout again");
        assertEquals("handshake timeout again", c.warnings.get(2));
        assertEquals(0, log.held());
    }

    @Test
    void aSingleRepeatIsLoggedAsItselfAndALaterEventFlushesFirst() throws Exception {
        Capture c = new Capture();
        RateLimitedLog log = new RateLimitedLog(c, Level.WARNING, Duration.ofSeconds(60));
        log.log("a");
        log.log("b");
        assertEquals(List.of("a"), c.warnings);
        RateLimitedLog quick = new RateLimitedLog(c, Level.WARNING, Duration.ofMillis(50));
        quick.log("x");
        quick.log("y");
        quick.log("z");
        Thread.sleep(200);
        assertTrue(c.warnings.contains("z (and 1 more in the last 50 ms)"), c.warnings.toString());
    }
}
