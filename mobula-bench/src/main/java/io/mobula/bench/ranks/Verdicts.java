package io.mobula.bench.ranks;

import io.mobula.bench.Environment;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The pieces of a rank suite's report: PASS/MISS/pending lines, byte sizes, the load notes and the JSON file. */
public final class Verdicts {
    private Verdicts() {
    }

    /**
     * One target line: {@code pass} null means pending (a side was not measured); {@code measured} null prints
     * "(not measured)".
     */
    public static String line(String where, String what, String threshold, Boolean pass, String measured) {
        String verdict = pass == null ? "pending" : pass ? "PASS" : "MISS";
        return fmt("  %-7s %-9s %-40s %-16s %s", verdict, where, what, threshold,
                measured == null ? "(not measured)" : "measured " + measured);
    }

    /** "1 MiB", "100 KiB", "12 B". */
    public static String bytes(long b) {
        if (b >= 1 << 20 && b % (1 << 20) == 0) {
            return (b >> 20) + " MiB";
        }
        if (b >= 1024 && b % 1024 == 0) {
            return (b >> 10) + " KiB";
        }
        return b + " B";
    }

    /** {@link String#format} in the root locale. */
    public static String fmt(String f, Object... a) {
        return String.format(Locale.ROOT, f, a);
    }

    /** The first line of {@code s}, with " ..." when there were more. */
    public static String firstLine(String s) {
        if (s == null) {
            return "unknown";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }

    /** The notes every rank suite prints: the machine's load around the run, and oversubscription. */
    public static List<String> loadNotes(String loadBefore, Environment env, List<Integer> sizes) {
        List<String> notes = new ArrayList<>();
        notes.add("load average (1/5/15 min) before: " + loadBefore + ", after: " + Environment.loadAverage()
                + " on " + env.cores() + " cpus; a busy shared machine inflates latencies and p99");
        if (sizes.stream().anyMatch(n -> n > env.cores())) {
            notes.add("N > " + env.cores() + " cpus is oversubscribed: processes share cores"
                    + " (JSON \"oversubscribed\")");
        }
        return notes;
    }

    /** Writes {@code lines} to {@code file}, one per line, creating its directory. */
    public static void writeLines(Path file, List<String> lines) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (String l : lines) {
                w.write(l);
                w.write('\n');
            }
        }
    }
}
