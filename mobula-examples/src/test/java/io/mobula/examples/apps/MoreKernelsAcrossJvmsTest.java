package io.mobula.examples.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.ResultLine;
import io.mobula.apps.acp.AcpGmi;
import io.mobula.apps.acp.AcpRepmi;
import io.mobula.apps.acp.AcpRmi;
import io.mobula.apps.radix.RadixRmi;
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
 * ACP and Radix sort with 3 ranks, where the rank arithmetic is less regular than with 2 (a binomial tree with a
 * leaf, blocks of unequal size), and a corrupted part caught by the bit-for-bit verification.
 * {@link AppsAcrossJvmsTest} runs every version with 2.
 */
class MoreKernelsAcrossJvmsTest {
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    static Stream<Arguments> threeRanks() {
        return Stream.of(Arguments.of("acp", "rmi", AcpRmi.class.getName()),
                Arguments.of("acp", "repmi", AcpRepmi.class.getName()),
                Arguments.of("acp", "gmi", AcpGmi.class.getName()),
                Arguments.of("radix", "rmi", RadixRmi.class.getName()));
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
    @MethodSource("threeRanks")
    void threeRanksGiveTheSequentialResult(String kernel, String version, String main) throws Exception {
        try (ChildJvm run = launch(3, main, List.of())) {
            ResultLine r = resultOf(run);
            assertEquals(kernel, r.kernel());
            assertEquals(version, r.version());
            assertEquals(3, r.np());
            assertTrue(r.verified(), run.output());
            assertTrue(run.output().contains("[0] " + kernel + " " + version + " result: verified"), run.output());
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }

    @Test
    void aCorruptedAcpDomainIsCaught() throws Exception {
        try (ChildJvm run = launch(3, AcpRmi.class.getName(), List.of("-Dmobula.apps.corruptRank=2"))) {
            ResultLine r = resultOf(run);
            assertFalse(r.verified(), run.output());
            assertTrue(run.output().contains("[0] acp rmi result: DIFFERS from the sequential version: the domain of"
                    + " variable 40 differs"), run.output());
            assertNotEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }

    @Test
    void aCorruptedRadixKeyIsCaught() throws Exception {
        try (ChildJvm run = launch(3, RadixRmi.class.getName(), List.of("-Dmobula.apps.corruptRank=2"))) {
            ResultLine r = resultOf(run);
            assertFalse(r.verified(), run.output());
            assertTrue(run.output().contains("[0] radix rmi result: DIFFERS from the sequential version: key 3333"
                    + " differs"), run.output());
            assertNotEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }
}
