package io.mobula.bench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Choosing each suite's latest results file, and strict reading of its lines. */
class ResultFilesTest {
    private static final String LINE =
            "{\"suite\":\"rmi\",\"case\":\"null-call\",\"system\":\"mobula\",\"p50_us\":10.5}";

    @TempDir
    Path dir;

    @Test
    void theLatestFileByTheStampInItsNameIsChosenPerSuite() throws Exception {
        Path older = Files.writeString(dir.resolve("rmi-20261122-235959.jsonl"), LINE);
        Path newer = Files.writeString(dir.resolve("rmi-20261123-000001.jsonl"), LINE);
        // a later modification time does not make a file newer: copies change it
        Files.setLastModifiedTime(older, FileTime.from(Instant.now().plusSeconds(3600)));
        Files.writeString(dir.resolve("rmi-custom.jsonl"), LINE);
        Files.writeString(dir.resolve("rmi-20261124-000000.log"), "log");
        Files.writeString(dir.resolve("unknown-20261124-000000.jsonl"), LINE);
        Path gmi = Files.writeString(dir.resolve("gmi-20260101-000000.jsonl"), "");
        Map<String, Optional<Path>> latest = LatestResults.in(dir);
        assertEquals(List.of("serial", "rmi", "gmi", "repmi", "apps", "scale"), List.copyOf(latest.keySet()));
        assertEquals(Optional.of(newer), latest.get("rmi"));
        assertEquals(Optional.of(gmi), latest.get("gmi"));
        assertEquals(Optional.empty(), latest.get("serial"));
        assertEquals(Optional.empty(), latest.get("apps"));
    }

    @Test
    void aMissingDirectoryIsAClearError() {
        ReportException e = assertThrows(ReportException.class, () -> LatestResults.in(dir.resolve("nope")));
        assertTrue(e.getMessage().contains("nope") && e.getMessage().contains("./mobula bench"), e.getMessage());
    }

    @Test
    void linesAreParsedAndBlankLinesSkipped() throws Exception {
        Path f = Files.writeString(dir.resolve("rmi-20261123-000000.jsonl"), LINE + "\n\n"
                + "{\"suite\":\"rmi\",\"case\":\"x\",\"system\":\"java.rmi\",\"error\":\"timed out\"}\n");
        ResultFile r = ResultFile.read("rmi", f);
        assertEquals(2, r.lines().size());
        assertEquals(1, r.measured().size());
        ResultLine l = r.lines().get(0);
        assertEquals(1, l.line());
        assertEquals(10.5, l.number("p50_us"));
        assertEquals("mobula", l.text("system"));
        assertTrue(Double.isNaN(l.number("missing")));
        assertEquals(3, r.lines().get(1).line());
    }

    @Test
    void aMalformedLineFailsTheReportNamingFileAndLine() throws Exception {
        Path f = Files.writeString(dir.resolve("rmi-20261123-000000.jsonl"), LINE + "\n" + LINE + "\n"
                + "{\"suite\":\"rmi\",\"case\":\"null-call\",\"p50_us\":\n");
        ReportException e = assertThrows(ReportException.class, () -> ResultFile.read("rmi", f));
        assertTrue(e.getMessage().startsWith(f + ":3: not a flat JSON object"), e.getMessage());

        ReportException viaWriter = assertThrows(ReportException.class,
                () -> new ReportWriter().write(dir, dir.resolve("out")));
        assertTrue(viaWriter.getMessage().contains("rmi-20261123-000000.jsonl:3:"), viaWriter.getMessage());
        assertTrue(!Files.exists(dir.resolve("out/index.html")), "no page from a broken results file");
    }

    @Test
    void aLineOfAnotherSuiteIsAnError() throws Exception {
        Path f = Files.writeString(dir.resolve("gmi-20261123-000000.jsonl"), LINE + "\n");
        ReportException e = assertThrows(ReportException.class, () -> ResultFile.read("gmi", f));
        assertTrue(e.getMessage().contains(":1: a line of suite 'rmi' in a 'gmi' results file"), e.getMessage());
    }
}
