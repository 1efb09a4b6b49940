package io.mobula.examples.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mobula.apps.acp.AcpGmi;
import io.mobula.apps.acp.AcpRepmi;
import io.mobula.apps.acp.AcpRmi;
import io.mobula.apps.radix.RadixRmi;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ACP and Radix sort with 3 ranks, where the rank arithmetic is less regular than with 2 (a binomial tree with a
 * leaf, blocks of unequal size, a token ring of three), and a corrupted part caught by the bit-for-bit verification;
 * ACP also on an inconsistent network, where every rank must stop on the empty domain one of them finds.
 * {@link AppsAcrossJvmsTest} runs every version with 2.
 */
class MoreKernelsAcrossJvmsTest {
    static Stream<Arguments> threeRanks() {
        return Stream.of(Arguments.of("acp", "rmi", AcpRmi.class.getName()),
                Arguments.of("acp", "repmi", AcpRepmi.class.getName()),
                Arguments.of("acp", "gmi", AcpGmi.class.getName()),
                Arguments.of("radix", "rmi", RadixRmi.class.getName()));
    }

    @ParameterizedTest(name = "{0} {1}")
    @Execution(ExecutionMode.CONCURRENT) // two runs at a time: see junit-platform.properties
    @MethodSource("threeRanks")
    void threeRanksGiveTheSequentialResult(String kernel, String version, String main) throws Exception {
        KernelRuns.assertVerified(kernel, version, main, 3);
    }

    @Test
    void everyRankStopsOnAnInconsistentAcpNetwork() throws Exception {
        // the RMI version: the ranks tell each other of the empty domain down their trees, then wait for the token
        // ring; AcpEngineTest runs every coordinator on such networks without sockets
        assertEquals("inconsistent", KernelRuns.assertVerified("acp", "rmi", AcpRmi.class.getName(), 3,
                "inconsistent").checksum());
    }

    @Test
    void aCorruptedAcpDomainIsCaught() throws Exception {
        KernelRuns.assertCorruptionCaught(AcpRmi.class.getName(), 2,
                "[0] acp rmi result: DIFFERS from the sequential version: the domain of variable 40 differs");
    }

    @Test
    void aCorruptedRadixKeyIsCaught() throws Exception {
        KernelRuns.assertCorruptionCaught(RadixRmi.class.getName(), 2,
                "[0] radix rmi result: DIFFERS from the sequential version: key 3333 differs");
    }
}
