package io.mobula.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Picks each suite's latest results file in a directory: {@code <suite>-<yyyyMMdd-HHmmss>.jsonl}, as the suites name
 * them by default, latest by the time stamp in the name (not the file's modification time, which copying changes).
 * Files named otherwise (e.g. written with {@code --json FILE}) are ignored.
 */
public final class LatestResults {
    /** The suites of the report, in page order. */
    public static final List<String> SUITES = List.of("serial", "rmi", "gmi", "repmi", "apps", "scale");

    private static final Pattern NAME = Pattern.compile("([a-z]+)-(\\d{8}-\\d{6})\\.jsonl");

    private LatestResults() {
    }

    /**
     * Why a directory in which no suite has a file gives no report: what the report looks for, and what the
     * directory holds instead.
     */
    static String nothingToReport(Path dir) {
        List<String> names;
        try (Stream<Path> files = Files.list(dir)) {
            names = files.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            names = List.of();
        }
        String found = names.isEmpty() ? "it is empty"
                : "it holds " + names.size() + " other file" + (names.size() == 1 ? "" : "s") + " ("
                + String.join(", ", names.subList(0, Math.min(5, names.size()))) + (names.size() > 5 ? ", ..." : "")
                + ")";
        return "nothing to report in " + dir + ": the report reads files named <suite>-<yyyyMMdd-HHmmss>.jsonl, as"
                + " ./mobula bench <suite> writes them, for the suites " + String.join(", ", SUITES) + "; " + found
                + ". Run ./mobula bench rmi (or another suite), or give --results the directory that holds such"
                + " files (a file written with --json FILE keeps its own name: rename it to that pattern).";
    }

    /** For every suite of {@link #SUITES}, its latest file in {@code dir}, if there is one. */
    public static Map<String, Optional<Path>> in(Path dir) throws ReportException {
        if (!Files.isDirectory(dir)) {
            throw new ReportException("no results directory " + dir + " (run ./mobula bench <suite> first)");
        }
        Map<String, Path> best = new LinkedHashMap<>();
        Map<String, String> bestStamp = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (!m.matches() || !SUITES.contains(m.group(1)) || !Files.isRegularFile(p)) {
                    continue;
                }
                String stamp = bestStamp.get(m.group(1));
                if (stamp == null || m.group(2).compareTo(stamp) > 0) {
                    bestStamp.put(m.group(1), m.group(2));
                    best.put(m.group(1), p);
                }
            }
        } catch (IOException e) {
            throw new ReportException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        Map<String, Optional<Path>> out = new LinkedHashMap<>();
        for (String s : SUITES) {
            out.put(s, Optional.ofNullable(best.get(s)));
        }
        return out;
    }
}
