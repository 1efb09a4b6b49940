package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The progress of a run (an ETA; whole lines in a log) and the run time the README states for the quick suite. */
class ProgressTest {

    @Test
    void inALogEveryCaseIsALineWithAnEtaAndNoCarriageReturn() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 3, 90_000, false);
        p.note("mobula pass 1: starting server");
        p.advance(1, "mobula pass 1 null-call");
        p.advance(1, "mobula pass 1 ping-2int");
        p.advance(1, "mobula pass 1 ping-2int-2float");
        p.finish();
        String log = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(log.contains("\r"), log);
        List<String> lines = log.lines().toList();
        assertEquals(5, lines.size(), log);
        assertTrue(lines.get(0).contains("starting server"), log);
        assertTrue(lines.get(1).startsWith("1/3 ") && lines.get(1).contains(", ETA ")
                && lines.get(1).endsWith("null-call"), log);
        assertTrue(lines.get(3).startsWith("3/3 ") && lines.get(3).contains("ETA 0s"), log);
        assertTrue(lines.get(4).startsWith("done: 3/3 in "), log);
    }

    @Test
    void beforeAnyCaseEndsTheEtaIsTheSuitesEstimate() {
        Progress p = new Progress(new PrintStream(new ByteArrayOutputStream()), 10, 300_000, true);
        long eta = p.etaMillis();
        assertTrue(eta > 290_000 && eta <= 300_000, "eta " + eta);
        assertEquals(-1, new Progress(new PrintStream(new ByteArrayOutputStream()), 10, 0, true).etaMillis());
    }

    @Test
    void onATerminalTheLineIsRedrawnWithAnEta() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), 2, 60_000, true);
        p.advance(1, "a");
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.startsWith("\r[") && out.contains("1/2 ") && out.contains("ETA"), out);
    }

    @Test
    void theJmhSuitesLineOfACaseHasAnEtaFromTheirEstimatePerCase() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        io.mobula.bench.Progress p = new io.mobula.bench.Progress(
                new PrintStream(bytes, true, StandardCharsets.UTF_8), 2, 9_000);
        p.startCase("ints32 / jdk");
        p.iteration(true);
        p.endCase("1,000 ops/s");
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.startsWith("[..........") && out.contains("case 1/2, 0s, ETA 18s: ints32 / jdk w 1,000 ops/s"),
                out);
        assertFalse(out.contains("\r"), out);
    }

    @Test
    void minutesAreShort() {
        assertEquals("38s", Progress.minutes(38_000));
        assertEquals("5m20s", Progress.minutes(320_000));
    }

    /**
     * The README states how long {@code ./mobula bench rmi} takes; that must be the suite's own estimate of its work
     * (cases x per-case budget, warm-ups and JVM starts, every system and pass), to the minute.
     */
    @Test
    void theReadmeStatesTheQuickSuitesEstimatedTime() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        Matcher m = Pattern.compile("\\./mobula bench rmi .*about (\\d+) minutes").matcher(readme);
        assertTrue(m.find(), "the README's set-up command for the main job states no time");
        long stated = Long.parseLong(m.group(1)) * 60_000;
        long estimate = WorkEstimate.defaultRunMillis(false);
        assertTrue(Math.abs(stated - estimate) <= 60_000, "README says " + m.group(1) + " minutes, the suite"
                + " estimates " + Progress.minutes(estimate) + " (WorkEstimate): make them agree");
    }
}
