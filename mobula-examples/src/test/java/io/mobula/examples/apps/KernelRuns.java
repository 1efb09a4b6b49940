package io.mobula.examples.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.ResultLine;
import io.mobula.examples.ChildJvm;
import io.mobula.pool.cli.MobulaRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Runs a kernel's main at its tiny size through {@code mobula run} and checks what rank 0 reports. */
final class KernelRuns {
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private static final Duration WAIT = Duration.ofSeconds(90);

    private KernelRuns() {
    }

    /** Starts {@code np} ranks of {@code main} with {@code extraJvm} options on every rank. */
    static ChildJvm launch(int np, String main, List<String> extraJvm) throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", Integer.toString(np), "--timeout", "60"));
        List<String> jvm = new ArrayList<>(SMALL_JVM);
        jvm.addAll(extraJvm);
        for (String a : jvm) {
            argv.add("-J");
            argv.add(a);
        }
        argv.addAll(List.of(main, "tiny"));
        return ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new));
    }

    /** Rank 0's result line. */
    static ResultLine resultOf(ChildJvm run) throws Exception {
        String line = run.awaitLine("[0] RESULT {", WAIT);
        return ResultLine.find(line).orElseThrow(() -> new AssertionError("not a result line: " + line));
    }

    /** {@code np} ranks of {@code kernel}'s {@code version} give the sequential result and exit 0. */
    static void assertVerified(String kernel, String version, String main, int np) throws Exception {
        try (ChildJvm run = launch(np, main, List.of())) {
            ResultLine r = resultOf(run);
            assertEquals(kernel, r.kernel());
            assertEquals(version, r.version());
            assertEquals(np, r.np());
            assertTrue(r.verified(), run.output());
            assertTrue(run.output().contains("[0] " + kernel + " " + version + " result: verified"), run.output());
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }

    /**
     * 3 ranks of {@code main} with rank {@code corruptRank}'s part corrupted: verification reports {@code expected}
     * and the run fails.
     */
    static void assertCorruptionCaught(String main, int corruptRank, String expected) throws Exception {
        try (ChildJvm run = launch(3, main, List.of("-Dmobula.apps.corruptRank=" + corruptRank))) {
            ResultLine r = resultOf(run);
            assertFalse(r.verified(), run.output());
            assertTrue(run.output().contains(expected), run.output());
            assertNotEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }
}
