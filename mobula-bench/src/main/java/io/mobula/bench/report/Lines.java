package io.mobula.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/** Order-keeping selection and grouping of result lines (file order is the suites' table order). */
final class Lines {
    private Lines() {
    }

    /** The distinct non-null values of {@code key} over {@code lines}, in first-seen order. */
    static List<String> distinct(List<ResultLine> lines, Function<ResultLine, String> key) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        lines.stream().map(key).filter(Objects::nonNull).forEach(out::add);
        return new ArrayList<>(out);
    }

    /** {@code lines} grouped by {@code key} (null keys dropped), groups and members in first-seen order. */
    static Map<String, List<ResultLine>> group(List<ResultLine> lines, Function<ResultLine, String> key) {
        Map<String, List<ResultLine>> out = new LinkedHashMap<>();
        for (ResultLine l : lines) {
            String k = key.apply(l);
            if (k != null) {
                out.computeIfAbsent(k, x -> new ArrayList<>()).add(l);
            }
        }
        return out;
    }

    /** The lines matching {@code p}. */
    static List<ResultLine> where(List<ResultLine> lines, Predicate<ResultLine> p) {
        return lines.stream().filter(p).toList();
    }

    /** "system (transport)" when the line names a transport, else the system. */
    static String systemAndTransport(ResultLine l) {
        String t = l.text("transport");
        return t == null ? l.text("system") : l.text("system") + " (" + t + ")";
    }

    /** Whether the lines' values of {@code key} span more than {@code ratio} (max / min, positive values). */
    static boolean spans(List<ResultLine> lines, String key, double ratio) {
        double min = lines.stream().mapToDouble(l -> l.number(key)).filter(v -> v > 0).min().orElse(1);
        double max = lines.stream().mapToDouble(l -> l.number(key)).filter(v -> v > 0).max().orElse(1);
        return max / min > ratio;
    }

    /** A file-name-safe id part: lower case, runs of other characters as one '-'. */
    static String slug(String s) {
        String out = s.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return out.isEmpty() ? "x" : out;
    }
}
