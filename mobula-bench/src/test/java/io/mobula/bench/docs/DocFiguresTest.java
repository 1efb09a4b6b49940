package io.mobula.bench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.mobula.bench.rmi.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The figures the README and docs/PERFORMANCE.md state come from the committed results: every Markdown table after a
 * marker {@code <!-- figures: results/FILE[,results/FILE2] row=FIELD col=FIELD value=FIELD -->} has, in each cell,
 * the {@code value} of the JSON line whose {@code row} field is the row's first cell and whose {@code col} field is
 * the column's heading, rounded as shown ({@code col=fields}: the headings are field names, the value is that field);
 * with {@code where=FIELD:VALUE} after them, only the lines whose {@code FIELD} is {@code VALUE} count.
 * And every file in docs/results is named by some document.
 */
class DocFiguresTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern MARKER = Pattern.compile(
            "<!-- figures: (\\S+) row=(\\S+) col=(\\S+)(?: value=(\\S+))?(?: where=([^\\s:]+):(\\S+))? -->");

    @Test
    void everyTabledFigureIsTheValueInItsResultsFile() throws IOException {
        int checked = 0;
        for (Path doc : List.of(ROOT.resolve("README.md"), ROOT.resolve("docs/PERFORMANCE.md"))) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = MARKER.matcher(lines.get(i));
                if (m.find()) {
                    checked += checkTable(doc, i + 1, lines, m);
                }
            }
        }
        assertTrue(checked >= 100, "only " + checked + " figures are checked against docs/results");
    }

    private static int checkTable(Path doc, int start, List<String> lines, Matcher m) throws IOException {
        List<Map<String, Object>> results = new ArrayList<>();
        for (String f : m.group(1).split(",")) {
            for (String l : Files.readAllLines(ROOT.resolve("docs").resolve(f))) {
                if (!l.isBlank()) {
                    Map<String, Object> json = Json.parseFlat(l);
                    if (m.group(5) == null || key(json.get(m.group(5))).equals(m.group(6))) {
                        results.add(json);
                    }
                }
            }
        }
        String rowField = m.group(2);
        String colField = m.group(3);
        String valueField = m.group(4);
        String where = doc.getFileName() + " line " + start;
        assertTrue(start + 2 < lines.size() && lines.get(start).trim().startsWith("|"), where + ": no table after marker");
        List<String> header = cells(lines.get(start));
        int n = 0;
        for (int r = start + 2; r < lines.size() && lines.get(r).trim().startsWith("|"); r++) {
            List<String> row = cells(lines.get(r));
            assertEquals(header.size(), row.size(), where + ": row " + lines.get(r));
            for (int c = 1; c < row.size(); c++) {
                if (row.get(c).isEmpty()) {
                    continue;
                }
                String field = colField.equals("fields") ? header.get(c) : valueField;
                List<Map<String, Object>> match = new ArrayList<>();
                for (Map<String, Object> json : results) {
                    if (key(json.get(rowField)).equals(row.get(0)) && (colField.equals("fields")
                            || key(json.get(colField)).equals(header.get(c))) && json.get(field) instanceof Double) {
                        match.add(json);
                    }
                }
                String cell = row.get(0) + " / " + header.get(c);
                if (match.size() != 1) {
                    fail(where + ": " + cell + " matches " + match.size() + " lines of " + m.group(1));
                }
                assertShown(where + ": " + cell, row.get(c), (Double) match.get(0).get(field));
                n++;
            }
        }
        return n;
    }

    /** {@code shown} is {@code actual} rounded to the digits shown ("1,733" or "0.64"). */
    private static void assertShown(String what, String shown, double actual) {
        String plain = shown.replace(",", "");
        int dot = plain.indexOf('.');
        int decimals = dot < 0 ? 0 : plain.length() - dot - 1;
        double value = Double.parseDouble(plain);
        double half = 0.5 * Math.pow(10, -decimals) * (1 + 1e-9);
        double precise = Math.abs(value - actual) <= half ? value : Double.NaN;
        assertEquals(value, precise, what + ": the document says " + shown + ", the results file " + actual);
    }

    private static String key(Object v) {
        if (v instanceof Double d && d == Math.rint(d)) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(v);
    }

    private static List<String> cells(String line) {
        String s = line.trim();
        s = s.substring(1, s.endsWith("|") ? s.length() - 1 : s.length());
        return Arrays.stream(s.split("\\|", -1)).map(c -> c.trim().replace("`", "").replace("**", "")).toList();
    }

    @Test
    void everyResultsFileIsNamedByADocument() throws IOException {
        List<String> docs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT, 3)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".md") && !p.toString().contains("target"))
                    .toList()) {
                docs.add(Files.readString(p));
            }
        }
        List<String> unnamed = new ArrayList<>();
        try (Stream<Path> files = Files.list(ROOT.resolve("docs/results"))) {
            for (Path p : files.toList()) {
                String name = p.getFileName().toString();
                if (docs.stream().noneMatch(d -> d.contains(name))) {
                    unnamed.add(name);
                }
            }
        }
        assertTrue(unnamed.isEmpty(), "docs/results files no document names (cite or remove them): " + unnamed);
    }
}
