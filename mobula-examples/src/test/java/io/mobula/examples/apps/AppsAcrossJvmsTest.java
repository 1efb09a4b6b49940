package io.mobula.examples.apps;

import io.mobula.apps.Catalog;
import io.mobula.apps.Kernel;
import io.mobula.apps.Version;
import io.mobula.apps.asp.AspRmi;
import io.mobula.apps.leq.LeqGmi;
import io.mobula.examples.ChildJvm;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every parallel version of every kernel in the catalog, at its tiny size, through the {@code mobula run} launcher:
 * exit code 0 and a verified result line (for the NPB kernels IS and CG, tiny is class S, verified with NPB's
 * published values). One run with 3 ranks, and a corrupted part that verification must catch.
 */
class AppsAcrossJvmsTest {
    static Stream<Arguments> parallelVersions() {
        List<Arguments> out = new ArrayList<>();
        for (Kernel<?, ?> k : Catalog.kernels()) {
            for (Version v : k.versions()) {
                if (v.launch() == Version.Launch.POOL) { // the C + MPI versions: NpbMpiTest
                    out.add(Arguments.of(k.name(), v.name(), v.mainClass()));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @Execution(ExecutionMode.CONCURRENT) // two runs at a time: see junit-platform.properties
    @MethodSource("parallelVersions")
    void twoRanksGiveTheSequentialResult(String kernel, String version, String main) throws Exception {
        KernelRuns.assertVerified(kernel, version, main, 2);
    }

    @Test
    void threeRanksWithACombinedInvocation() throws Exception {
        KernelRuns.assertVerified("leq", "gmi", LeqGmi.class.getName(), 3);
    }

    /**
     * Start-up stays lean: a rank that records nothing loads no JFR event class (loading one registers it with JFR,
     * about 0.2 s), and one that sends only arrays and core values does not set up the other JDK classes' serializers
     * (about 0.1 s). Asserted on the JVM's class-loading log.
     */
    @Test
    void aRankLoadsNeitherJfrNorSerializersItDoesNotUse() throws Exception {
        try (ChildJvm run = KernelRuns.launch(2, AspRmi.class.getName(), List.of("-Xlog:class+load=info"))) {
            assertTrue(KernelRuns.resultOf(run).verified(), run.output());
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
            String log = run.output();
            assertTrue(log.contains(" io.mobula.serial.Builtins source: "), "no class-loading log:\n" + log);
            assertTrue(log.contains(" io.mobula.transport.StreamConnection source: "), log);
            assertFalse(log.contains(" jdk.jfr.Event source: "), "a JFR event class was loaded");
            assertFalse(log.contains(" io.mobula.serial.JdkValues source: "), "the JDK values' serializers were set up");
        }
    }

    @Test
    void aCorruptedPartIsCaughtAndFailsTheRun() throws Exception {
        KernelRuns.assertCorruptionCaught(AspRmi.class.getName(), 1,
                "[0] asp rmi result: DIFFERS from the sequential version: row ");
    }
}
