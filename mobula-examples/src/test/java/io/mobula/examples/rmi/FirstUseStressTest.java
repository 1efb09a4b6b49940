package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.mobula.examples.ChildJvm;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Concurrent first use of fresh connections, many times: lookups, first calls that define types and DGC messages
 * race with each other and with the upgrade to shared memory. Each client is a fresh JVM (a fresh connection and a
 * fresh random VM id, so both sides of the upgrade handshake take both roles over the runs).
 */
class FirstUseStressTest {
    private static final int CLIENTS = 24;
    private static final int AT_ONCE = 3;

    /** The client's verdict line, skipping any log lines before it. */
    private static String outcome(ChildJvm c) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
        while (true) {
            String line = c.awaitLine("", Duration.ofNanos(Math.max(1, deadline - System.nanoTime()))).trim();
            if (line.equals("OK") || line.startsWith("FAIL")) {
                return line + (line.equals("OK") ? "" : "\n" + c.output());
            }
        }
    }

    @Test
    void concurrentFirstUseOfFreshConnections() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(150), () -> {
            try (ChildJvm server = ChildJvm.start(FaultServerMain.class, List.of())) {
                String port = server.awaitLine("READY ", Duration.ofSeconds(30)).substring("READY ".length()).trim();
                List<String> outcomes = new ArrayList<>();
                for (int done = 0; done < CLIENTS; done += AT_ONCE) {
                    List<ChildJvm> batch = new ArrayList<>();
                    try {
                        for (int i = 0; i < AT_ONCE; i++) {
                            batch.add(ChildJvm.start(FirstUseClientMain.class, List.of(), port));
                        }
                        for (ChildJvm c : batch) {
                            outcomes.add(outcome(c));
                        }
                    } finally {
                        for (ChildJvm c : batch) {
                            c.close();
                        }
                    }
                }
                assertEquals(List.of(), outcomes.stream().filter(o -> !o.equals("OK")).toList());
                assertEquals(CLIENTS, outcomes.size());
            }
        });
    }
}
