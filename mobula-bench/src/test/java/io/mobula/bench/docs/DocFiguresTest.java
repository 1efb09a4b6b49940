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
 * with {@code where=FIELD:VALUE[,FIELD:VALUE]} after them, only the lines whose every {@code FIELD} is its
 * {@code VALUE} count.
 * A table after {@code <!-- figures: headline -->} names its source in every row instead (see
 * {@link #checkHeadline}). The same holds in docs/PERFORMANCE-HISTORY.md. And every file in docs/results is named by
 * some document.
 */
class DocFiguresTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern MARKER = Pattern.compile(
            "<!-- figures: (\\S+) row=(\\S+) col=(\\S+)(?: value=(\\S+))?(?: where=(\\S+))? -->");
    private static final String HEADLINE = "<!-- figures: headline -->";
    private static final Pattern LINK = Pattern.compile("\\((?:docs/)?(results/[^)\\s]+)\\)");
    private static final Pattern NUMBER = Pattern.compile("\\d[\\d,]*(?:\\.\\d+)?");
    private static final Pattern FILE_DATE = Pattern.compile("(\\d{4})(\\d{2})(\\d{2})");

    @Test
    void everyTabledFigureIsTheValueInItsResultsFile() throws IOException {
        int checked = 0;
        for (Path doc : List.of(ROOT.resolve("README.md"), ROOT.resolve("docs/PERFORMANCE.md"),
                ROOT.resolve("docs/PERFORMANCE-HISTORY.md"))) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = MARKER.matcher(lines.get(i));
                if (m.find()) {
                    checked += checkTable(doc, i + 1, lines, m);
                } else if (lines.get(i).contains(HEADLINE)) {
                    checked += checkHeadline(doc, i + 1, lines);
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
                    if (m.group(5) == null || Arrays.stream(m.group(5).split(",")).allMatch(
                            w -> key(json.get(w.substring(0, w.indexOf(':')))).equals(w.substring(w.indexOf(':') + 1)))) {
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

    /**
     * A headline table: columns {@code lines}, {@code field}, {@code date}, {@code machine}, {@code load} and
     * {@code file} (a link to results/FILE) in any order, and figure columns {@code Mobula} and {@code against}. A
     * row's {@code lines} are {@code FIELD=VALUE} pairs (spaces between) that select lines of its file; one pair
     * {@code FIELD=*} names the field that labels a figure. A figure cell holds figures separated by {@code ;}, each
     * {@code LABEL NUMBER} (the line whose labelling field is LABEL; a LABEL of {@code FIELD=VALUE[,FIELD=VALUE]}
     * replaces those pairs of the row's {@code lines} instead) or a bare NUMBER (the one line selected): the
     * {@code field} of that line, rounded as shown. The lines of a row's figures all have the date shown (their
     * {@code date} or {@code timestamp}, else the file name's date), the machine shown ({@code host}, {@code cpus}
     * cpus), and the load shown (the {@code load} field, or the least and greatest as {@code A-B}); the load cell says
     * "loaded" exactly when one of them is flagged {@code loaded}.
     */
    private static int checkHeadline(Path doc, int start, List<String> lines) throws IOException {
        String where = doc.getFileName() + " line " + start;
        assertTrue(start + 2 < lines.size() && lines.get(start).trim().startsWith("|"), where + ": no table after marker");
        List<String> header = cells(lines.get(start));
        int n = 0;
        for (int r = start + 2; r < lines.size() && lines.get(r).trim().startsWith("|"); r++) {
            List<String> row = cells(lines.get(r));
            String at = where + ", row " + row.get(0);
            assertEquals(header.size(), row.size(), at);
            Matcher link = LINK.matcher(lines.get(r));
            assertTrue(link.find(), at + ": no link to a results file");
            String file = link.group(1);
            List<Map<String, Object>> results = new ArrayList<>();
            for (String l : Files.readAllLines(ROOT.resolve("docs").resolve(file))) {
                if (!l.isBlank()) {
                    results.add(Json.parseFlat(l));
                }
            }
            Map<String, String> select = new java.util.LinkedHashMap<>();
            String labelField = null;
            for (String pair : column(header, row, "lines", at).split("\\s+")) {
                String[] kv = pair.split("=", 2);
                assertEquals(2, kv.length, at + ": lines " + pair);
                if (kv[1].equals("*")) {
                    labelField = kv[0];
                } else {
                    select.put(kv[0], kv[1]);
                }
            }
            String field = column(header, row, "field", at);
            List<Map<String, Object>> used = new ArrayList<>();
            for (String figures : List.of(column(header, row, "Mobula", at), column(header, row, "against", at))) {
                if (figures.isEmpty()) {
                    continue;
                }
                for (String figure : figures.split(";")) {
                    String f = figure.trim();
                    int space = f.lastIndexOf(' ');
                    Map<String, String> s = new java.util.LinkedHashMap<>(select);
                    String label = space < 0 ? null : f.substring(0, space).trim();
                    String shown = space < 0 ? f : f.substring(space + 1);
                    if (label != null && label.contains("=")) {
                        for (String pair : label.split(",")) {
                            String[] kv = pair.split("=", 2);
                            s.put(kv[0], kv[1]);
                        }
                    } else if (label != null) {
                        assertTrue(labelField != null, at + ": " + f + " has a label but the lines name no FIELD=*");
                        s.put(labelField, label);
                    }
                    List<Map<String, Object>> match = results.stream()
                            .filter(j -> s.entrySet().stream().allMatch(e -> key(j.get(e.getKey())).equals(e.getValue())))
                            .filter(j -> j.get(field) instanceof Double).toList();
                    if (match.size() != 1) {
                        fail(at + ": " + f + " matches " + match.size() + " lines of " + file);
                    }
                    assertShown(at + ": " + f, shown, (Double) match.get(0).get(field));
                    used.add(match.get(0));
                    n++;
                }
            }
            assertTrue(!used.isEmpty(), at + ": no figures");
            for (Map<String, Object> j : used) {
                Object date = j.containsKey("date") ? j.get("date") : j.get("timestamp");
                String day;
                if (date != null) {
                    day = String.valueOf(date).substring(0, 10);
                } else {
                    Matcher d = FILE_DATE.matcher(file);
                    assertTrue(d.find(), at + ": no date in " + file);
                    day = d.group(1) + "-" + d.group(2) + "-" + d.group(3);
                }
                assertEquals(day, column(header, row, "date", at), at + ": date");
                String machine = column(header, row, "machine", at);
                assertTrue(machine.contains(String.valueOf(j.get("host")))
                        && machine.contains(key(j.get("cpus")) + " cpus"), at + ": machine is " + j.get("host") + ", "
                        + key(j.get("cpus")) + " cpus");
            }
            String load = column(header, row, "load", at);
            double least = used.stream().mapToDouble(j -> (Double) j.get("load")).min().orElseThrow();
            double most = used.stream().mapToDouble(j -> (Double) j.get("load")).max().orElseThrow();
            Matcher num = Pattern.compile("^(" + NUMBER.pattern() + ")(?:-(" + NUMBER.pattern() + "))?").matcher(load);
            assertTrue(num.find(), at + ": load " + load);
            assertShown(at + ": least load", num.group(1), least);
            assertShown(at + ": greatest load", num.group(2) == null ? num.group(1) : num.group(2), most);
            boolean loaded = used.stream().anyMatch(j -> Boolean.TRUE.equals(j.get("loaded")));
            assertEquals(loaded, Pattern.compile("\\bloaded\\b").matcher(load).find(),
                    at + ": the results are " + (loaded ? "" : "not ") + "flagged loaded");
        }
        return n;
    }

    private static String column(List<String> header, List<String> row, String name, String where) {
        int c = header.indexOf(name);
        assertTrue(c >= 0, where + ": no column " + name);
        return row.get(c);
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
