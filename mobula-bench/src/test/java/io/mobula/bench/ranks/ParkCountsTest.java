package io.mobula.bench.ranks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParkCountsTest {

    @Test
    void threadsAreSortedByRole() {
        assertEquals(ParkCounts.Role.RECEIVE_STANDBY,
                ParkCounts.role("mobula-shm-recv-shm:///dev/shm/x", "io.mobula.transport.ProgressEngine", false));
        assertEquals(ParkCounts.Role.RECEIVE_OTHER, ParkCounts.role("mobula-tcp-recv-tcp://127.0.0.1:1",
                "java.util.concurrent.locks.ReentrantLock$NonfairSync", false));
        assertEquals(ParkCounts.Role.RELIEF_TICKS, ParkCounts.role("mobula-receive-relief", "x", false));
        assertEquals(ParkCounts.Role.HANDOFF, ParkCounts.role("ForkJoinPool-1-worker-1", "x", false));
        assertEquals(ParkCounts.Role.HANDOFF, ParkCounts.role("", "x", true));
        assertEquals(ParkCounts.Role.HANDOFF, ParkCounts.role("mobula-call-3", "x", false));
        assertEquals(ParkCounts.Role.SERVICE, ParkCounts.role("mobula-pool-heartbeat", "x", false));
        assertEquals(ParkCounts.Role.APPLICATION, ParkCounts.role("main", "x", false));
    }

    /** A real recording: the parks of a named application thread and a monitor wait are counted in their roles. */
    @Test
    void countsTheParksOfARecording(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("demo-shm-n2-rank1.jfr");
        Object monitor = new Object();
        try (Recording r = new Recording()) {
            r.enable("jdk.ThreadPark").withThreshold(Duration.ZERO);
            r.enable("jdk.JavaMonitorWait").withThreshold(Duration.ZERO);
            r.start();
            Thread t = Thread.ofPlatform().name("worker-of-the-test").start(() -> {
                for (int i = 0; i < 5; i++) {
                    LockSupport.parkNanos(monitor, 100_000);
                }
                synchronized (monitor) {
                    try {
                        monitor.wait(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            t.join();
            r.stop();
            r.dump(file);
        }
        ParkCounts.Counts c = ParkCounts.count(file);
        assertTrue(c.parks(ParkCounts.Role.APPLICATION) >= 6, c.describe("demo"));
        assertEquals(0, c.messages);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path json = dir.resolve("parks.jsonl");
        int code = ParkCounts.run(new String[] {dir.toString(), "--json", json.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        String line = Files.readString(json);
        assertTrue(line.startsWith("{\"suite\":\"parks\",\"recording\":\"demo-shm-n2-rank1.jfr\",\"messages\":0"), line);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("demo-shm-n2-rank1.jfr"));
    }

    @Test
    void aMissingDirectoryIsAUsageError(@TempDir Path dir) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ParkCounts.run(new String[] {dir.resolve("none").toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: mobula bench parks"));
    }
}
