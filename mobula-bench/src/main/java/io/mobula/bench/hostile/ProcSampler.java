package io.mobula.bench.hostile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Samples another process's threads, resident memory and open descriptors from {@code /proc} (Linux). */
public final class ProcSampler {
    /** One sample; -1 where {@code /proc} could not tell. */
    public record Sample(int threads, long rssKiB, int descriptors) {
        public Sample max(Sample o) {
            return new Sample(Math.max(threads, o.threads), Math.max(rssKiB, o.rssKiB),
                    Math.max(descriptors, o.descriptors));
        }
    }

    private final long pid;

    public ProcSampler(long pid) {
        this.pid = pid;
    }

    public Sample sample() {
        int threads = -1;
        long rss = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("Threads:")) {
                    threads = Integer.parseInt(line.substring(8).trim());
                } else if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException gone) {
            // not Linux, or the process ended
        }
        int fds = -1;
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds = (int) s.count();
        } catch (IOException | RuntimeException gone) {
            // as above
        }
        return new Sample(threads, rss, fds);
    }
}
