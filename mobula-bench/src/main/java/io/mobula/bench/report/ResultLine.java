package io.mobula.bench.report;

import java.nio.file.Path;
import java.util.Map;

/**
 * One JSON line of a results file: its flat fields (String, Double, Boolean or null, as {@code Json.parseFlat} gives
 * them) and where it came from, for error messages.
 *
 * @param file   the results file
 * @param line   the line number in {@code file}, from 1
 * @param fields the parsed object
 */
public record ResultLine(Path file, int line, Map<String, Object> fields) {

    public ResultLine {
        fields = Map.copyOf(fields.entrySet().stream().filter(e -> e.getValue() != null)
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    /** The field as text (numbers and booleans converted), or {@code null} when absent or null. */
    public String text(String key) {
        Object v = fields.get(key);
        if (v instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        return v == null ? null : v.toString();
    }

    /** The field as a number, or NaN when absent, null or not a number. */
    public double number(String key) {
        return fields.get(key) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** The field as a boolean; absent or not a boolean is false. */
    public boolean flag(String key) {
        return Boolean.TRUE.equals(fields.get(key));
    }

    /** Whether the line records a measurement, not a failed case (which carries an {@code error} field). */
    public boolean ok() {
        return !fields.containsKey("error");
    }

    /** "file:line", for messages. */
    public String where() {
        return file.getFileName() + ":" + line;
    }
}
