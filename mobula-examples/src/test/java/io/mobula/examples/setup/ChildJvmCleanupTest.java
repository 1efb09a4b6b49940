package io.mobula.examples.setup;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.pool.cli.MobulaRun;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Closing a child JVM that launched processes of its own (a mobula run launcher and its ranks) leaves none of them
 * behind, even though a forcibly killed launcher runs no clean-up of its own.
 */
class ChildJvmCleanupTest {
    /** A rank that never ends by itself. */
    public static final class Forever {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("rank up");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    @Test
    void closingALauncherStopsItsRanks() throws Exception {
        List<ProcessHandle> ranks;
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, List.of("-Xmx96m"), "--np", "2", "--timeout", "120",
                "-J", "-Xmx64m", Forever.class.getName())) {
            run.awaitLine("[", Duration.ofSeconds(60)); // "[0] rank up" and "[1] rank up", in either order
            run.awaitLine("[", Duration.ofSeconds(60));
            ranks = ProcessHandle.of(run.pid()).orElseThrow().descendants().toList();
            assertTrue(ranks.size() >= 2, "the launcher started its ranks: " + ranks);
        }
        for (ProcessHandle r : ranks) {
            assertFalse(r.isAlive(), "rank process " + r.pid() + " outlived its closed launcher");
        }
    }
}
