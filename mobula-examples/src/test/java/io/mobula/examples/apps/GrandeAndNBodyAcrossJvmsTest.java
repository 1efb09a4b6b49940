package io.mobula.examples.apps;

import io.mobula.apps.barnes.BarnesRmi;
import io.mobula.apps.lufact.LuFactRmi;
import io.mobula.apps.moldyn.MolDynGmi;
import io.mobula.apps.raytracer.RayTracerGmi;
import io.mobula.apps.water.WaterRmi;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Java Grande and N-body kernels with 3 ranks, where the rank arithmetic is less regular than with 2 (a binomial
 * tree with a leaf, a reduction of three, blocks of unequal size, half shells reaching some ranks and not others),
 * and a corrupted part of a kernel verified within a tolerance. {@link AppsAcrossJvmsTest} runs every version with 2.
 */
class GrandeAndNBodyAcrossJvmsTest {
    static Stream<Arguments> threeRanks() {
        return Stream.of(Arguments.of("lufact", "rmi", LuFactRmi.class.getName()),
                Arguments.of("moldyn", "gmi", MolDynGmi.class.getName()),
                Arguments.of("raytracer", "gmi", RayTracerGmi.class.getName()),
                Arguments.of("water", "rmi", WaterRmi.class.getName()),
                Arguments.of("barnes", "rmi", BarnesRmi.class.getName()));
    }

    @ParameterizedTest(name = "{0} {1}")
    @Execution(ExecutionMode.CONCURRENT) // two runs at a time: see junit-platform.properties
    @MethodSource("threeRanks")
    void threeRanksGiveTheSequentialResult(String kernel, String version, String main) throws Exception {
        KernelRuns.assertVerified(kernel, version, main, 3);
    }

    @Test
    void aCorruptedPartBeyondTheToleranceIsCaught() throws Exception {
        KernelRuns.assertCorruptionCaught(WaterRmi.class.getName(), 2,
                "[0] water rmi result: DIFFERS from the sequential version: coordinate 0 of atom 0 of molecule ");
    }
}
