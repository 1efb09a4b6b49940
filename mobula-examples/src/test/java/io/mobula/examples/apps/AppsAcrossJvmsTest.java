package io.mobula.examples.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.Catalog;
import io.mobula.apps.Kernel;
import io.mobula.apps.ResultLine;
import io.mobula.apps.Version;
import io.mobula.apps.asp.AspRmi;
import io.mobula.apps.leq.LeqGmi;
import io.mobula.examples.ChildJvm;
import io.mobula.pool.cli.MobulaRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every parallel version of every kernel in the catalog, at its tiny size, through the {@code mobula run} launcher:
 * exit code 0 and a verified result line. One run with 3 ranks, and a corrupted part that verification must catch.
 */
class AppsAcrossJvmsTest {
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    static Stream<Arguments> parallelVersions() {
        List<Arguments> out = new ArrayList<>();
        for (Kernel<?, ?> k : Catalog.kernels()) {
            for (Version v : k.versions()) {
                if (!v.sequential()) {
                    out.add(Arguments.of(k.name(), v.name(), v.mainClass()));
                }
            }
        }
        return out.stream();
    }

    private static ChildJvm launch(int np, String main, List<String> extraJvm) throws Exception {
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

    private static ResultLine resultOf(ChildJvm run) throws Exception {
        String line = run.awaitLine("[0] RESULT {", Duration.ofSeconds(90));
        return ResultLine.find(line).orElseThrow(() -> new AssertionError("not a result line: " + line));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("parallelVersions")
    void twoRanksGiveTheSequentialResult(String kernel, String version, String main) throws Exception {
        try (ChildJvm run = launch(2, main, List.of())) {
            ResultLine r = resultOf(run);
            assertEquals(kernel, r.kernel());
            assertEquals(version, r.version());
            assertEquals(2, r.np());
            assertTrue(r.verified(), run.output());
            assertTrue(run.output().contains("[0] " + kernel + " " + version + " result: verified"), run.output());
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }

    @Test
    void threeRanksWithACombinedInvocation() throws Exception {
        try (ChildJvm run = launch(3, LeqGmi.class.getName(), List.of())) {
            ResultLine r = resultOf(run);
            assertEquals(3, r.np());
            assertTrue(r.verified(), run.output());
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }

    @Test
    void aCorruptedPartIsCaughtAndFailsTheRun() throws Exception {
        try (ChildJvm run = launch(3, AspRmi.class.getName(), List.of("-Dmobula.apps.corruptRank=1"))) {
            ResultLine r = resultOf(run);
            assertTrue(!r.verified(), run.output());
            assertTrue(run.output().contains("[0] asp rmi result: DIFFERS from the sequential version: row "),
                    run.output());
            assertNotEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }
}
