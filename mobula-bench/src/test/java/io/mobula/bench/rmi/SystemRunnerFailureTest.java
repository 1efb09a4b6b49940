package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Failure paths of {@link SystemRunner} with shell-scripted stand-ins for server and client: every wait is
 * bounded, every case gets a result or an error, and no child survives.
 */
class SystemRunnerFailureTest {
    private static final Timing TINY = new Timing(0, 1, 1, 1, 1, 1, 1);
    private static final List<BenchCase> CASES = List.of(BenchCase.parse("null-call"),
            BenchCase.parse("obj-ping-obj/4int"));

    /** A system whose server, client and star clients are {@code sh -c} scripts (star: null for none). */
    private record Scripted(String server, String client, String star) implements RmiSystem {
        Scripted(String server, String client) {
            this(server, client, null);
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public String transport() {
            return "none";
        }

        @Override
        public boolean isRawBaseline() {
            return false;
        }

        @Override
        public Optional<String> prepare(LaunchContext ctx) {
            return Optional.empty();
        }

        @Override
        public boolean supports(BenchCase c) {
            return true;
        }

        @Override
        public List<String> serverCommand(LaunchContext ctx) {
            return List.of("sh", "-c", server);
        }

        @Override
        public List<String> clientCommand(LaunchContext ctx, String token, Timing timing, List<BenchCase> cases) {
            return List.of("sh", "-c", client, "client", token);
        }

        @Override
        public List<String> starCommand(LaunchContext ctx, String token, Timing timing, List<BenchCase> cases) {
            return star == null ? List.of() : List.of("sh", "-c", star);
        }
    }

    private static List<CaseResult> run(Scripted s) {
        PrintStream devNull = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        LaunchContext ctx = new LaunchContext("java", List.of(), "", Path.of("target"), null);
        List<CaseResult> r = new SystemRunner(ctx, TINY, new Progress(devNull, 2), 1_500, 1_000)
                .runPass(s, CASES, 1);
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a child outlived the pass");
        return r;
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void serverDyingBeforeReadyFailsEveryCaseWithItsStderr() {
        List<CaseResult> r = run(new Scripted("echo 'cannot bind' >&2; exit 3", "exit 0"));
        assertEquals(2, r.size());
        for (CaseResult c : r) {
            assertFalse(c.ok());
            assertTrue(c.error().contains("exited before READY"), c.error());
            assertTrue(c.error().contains("cannot bind"), c.error());
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void silentServerTimesOut() {
        List<CaseResult> r = run(new Scripted("sleep 30", "exit 0"));
        assertTrue(r.get(0).error().contains("no READY line within 1500 ms"), r.get(0).error());
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void clientReportingOnlyOneCaseLeavesTheOtherAsError() {
        String line = CaseResult.clientLine(CASES.get(0), new Stats(3, 5000, 7000, 5500, 4000, 7000));
        List<CaseResult> r = run(new Scripted("echo 'READY 127.0.0.1:1'; sleep 30",
                "test \"$1\" = 127.0.0.1:1 || exit 9; echo '" + line + "'; echo DONE"));
        assertTrue(r.get(0).ok(), String.valueOf(r.get(0).error()));
        assertEquals(5.0, r.get(0).p50Micros(), 1e-9);
        assertFalse(r.get(1).ok());
        assertTrue(r.get(1).error().contains("without reporting"), r.get(1).error());
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void hangingClientIsCutOffAndKilled() {
        List<CaseResult> r = run(new Scripted("echo 'READY x'; sleep 30", "sleep 30"));
        for (CaseResult c : r) {
            assertNull(c.stats());
            assertTrue(c.error().contains("no output for"), c.error());
        }
    }

    private static List<CaseResult> runStar(String script, List<BenchCase> cases) {
        PrintStream devNull = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        LaunchContext ctx = new LaunchContext("java", List.of(), "", Path.of("target"), null);
        Timing two = new Timing(0, 1, 1, 1, 1, 1, 2);
        List<CaseResult> r = new SystemRunner(ctx, two, new Progress(devNull, 2), 1_500, 1_000)
                .runPass(new Scripted("echo 'READY t'; cat > /dev/null", "echo DONE", script), cases, 1);
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a child outlived the pass");
        return r;
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void starSamplesOfTheKClientProcessesAreMerged() {
        // each client: ready, waits for GO, reports three samples (its own values)
        List<CaseResult> r = runStar("echo 'STAR-READY star/null'; read go; echo \"SAMPLES 3 3000,1000,2000\"",
                List.of(BenchCase.parse("star/null")));
        assertNull(r.get(0).error(), r.get(0).error());
        assertEquals(6, r.get(0).stats().count(), "two processes, three samples each");
        assertEquals(1000, r.get(0).stats().minNanos());
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aStarClientThatFailsOneCaseFailsThatCaseOnlyAndOneThatDiesFailsTheRest() {
        List<BenchCase> two = List.of(BenchCase.parse("star/null"), BenchCase.parse("star/4int"));
        // first case: an error instead of ready; second: ready, GO, samples
        List<CaseResult> r = runStar("echo 'STAR-ERROR cannot prepare'; echo 'STAR-READY star/4int'; read go;"
                + " echo 'SAMPLES 2 5,6'", two);
        assertTrue(r.get(0).error() != null && r.get(0).error().contains("cannot prepare"), r.get(0).error());
        assertNull(r.get(1).error(), r.get(1).error());
        assertEquals(4, r.get(1).stats().count());
        // a client that exits: both cases fail, with no hang
        r = runStar("exit 4", two);
        assertTrue(r.stream().allMatch(c -> c.error() != null && c.error().startsWith("star:")), r.toString());
        // a malformed SAMPLES line fails its case
        r = runStar("echo 'STAR-READY star/null'; read go; echo 'SAMPLES 3 1,2'; echo 'STAR-READY star/4int';"
                + " read go; echo 'SAMPLES 1 7'", two);
        assertTrue(r.get(0).error() != null && r.get(0).error().contains("announces 3"), r.get(0).error());
    }
}
