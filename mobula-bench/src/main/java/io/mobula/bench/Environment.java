package io.mobula.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;

/**
 * Where and when a run happened, recorded with every result (results are only comparable as ratios from
 * one run on one machine).
 *
 * @param date  start of the run, UTC, ISO-8601
 * @param jdk   {@code java.runtime.version}
 * @param vm    VM name and vendor
 * @param cpu   CPU model name from /proc/cpuinfo, or "unknown"
 * @param cores processors available to the JVM
 */
public record Environment(String date, String jdk, String vm, String cpu, int cores) {

    public static Environment current() {
        return new Environment(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                System.getProperty("java.runtime.version", Runtime.version().toString()),
                System.getProperty("java.vm.name", "?") + " (" + System.getProperty("java.vm.vendor", "?") + ")",
                cpuModel(), Runtime.getRuntime().availableProcessors());
    }

    private static String cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return "unknown";
        }
        try (Stream<String> lines = Files.lines(cpuinfo)) {
            return lines.filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException | java.io.UncheckedIOException e) {
            return "unknown";
        }
    }
}
