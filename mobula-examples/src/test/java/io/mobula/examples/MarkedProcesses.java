package io.mobula.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Processes a test marked with {@code -Dmobula.test.marker=<uuid>} on their command line (ranks started by
 * {@code mobula run -J -Dmobula.test.marker=...}, and the remote shells that carry the same command line), found
 * through {@code /proc}, so that a test can check that none is left, wherever they were started.
 */
public final class MarkedProcesses {
    private MarkedProcesses() {
    }

    /** Processes whose command line holds {@code marker}; with {@code ranksOnly}, only the ranks' JVMs. */
    public static List<Long> find(String marker, boolean ranksOnly) throws IOException {
        List<Long> out = new ArrayList<>();
        String needle = "-Dmobula.test.marker=" + marker;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                byte[] cmd;
                try {
                    cmd = Files.readAllBytes(p.resolve("cmdline"));
                } catch (IOException e) {
                    continue; // exited meanwhile
                }
                String s = new String(cmd, StandardCharsets.UTF_8);
                if (s.contains(needle) && (!ranksOnly || s.contains("\0-Dmobula.pool.rank="))) {
                    out.add(Long.parseLong(p.getFileName().toString()));
                }
            }
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    /**
     * Waits up to {@code within} until no process holds {@code marker}; kills those that remain and fails the test
     * naming them.
     */
    public static void assertNoneLeft(String marker, Duration within) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        List<Long> left = find(marker, false);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = find(marker, false);
        }
        for (long pid : left) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
        assertEquals(List.of(), left, "processes left behind");
    }
}
