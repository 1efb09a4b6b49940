package io.mobula.bench.report;

import io.mobula.bench.rmi.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of one suite's results file. Reading is strict: a line that is not a flat JSON object, or that names
 * another suite, fails the whole report with the file and line number, because a chart silently missing points
 * would misrepresent the run. Blank lines are skipped.
 *
 * @param suite the suite the file belongs to
 * @param path  the file
 * @param lines its non-blank lines, in file order
 */
public record ResultFile(String suite, Path path, List<ResultLine> lines) {

    public ResultFile {
        lines = List.copyOf(lines);
    }

    /** Reads and parses {@code path}, which must hold results of {@code suite}. */
    public static ResultFile read(String suite, Path path) throws ReportException {
        List<String> text;
        try {
            text = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ReportException("cannot read " + path + ": " + e.getMessage(), e);
        }
        List<ResultLine> out = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String s = text.get(i).strip();
            if (s.isEmpty()) {
                continue;
            }
            ResultLine line;
            try {
                line = new ResultLine(path, i + 1, Json.parseFlat(s));
            } catch (IllegalArgumentException e) {
                throw new ReportException(path + ":" + (i + 1) + ": not a flat JSON object (" + e.getMessage()
                        + ")", e);
            }
            String named = line.text("suite");
            if (named != null && !named.equals(suite)) {
                throw new ReportException(path + ":" + (i + 1) + ": a line of suite '" + named + "' in a '" + suite
                        + "' results file");
            }
            out.add(line);
        }
        return new ResultFile(suite, path, out);
    }

    /** The lines that record a measurement (no {@code error} field). */
    public List<ResultLine> measured() {
        return lines.stream().filter(ResultLine::ok).toList();
    }
}
