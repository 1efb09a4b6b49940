package io.mobula.examples.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.ResultLine;
import io.mobula.apps.cg.Cg;
import io.mobula.apps.cg.CgMpi;
import io.mobula.apps.is.Is;
import io.mobula.apps.is.IsKernel;
import io.mobula.apps.is.IsMpi;
import io.mobula.apps.npb.OpenMpiTools;
import io.mobula.examples.ChildJvm;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The C + MPI versions of NPB IS and CG, compiled with Open MPI's mpicc and run with {@code mpirun -np 2} at class
 * S: NPB's block says VERIFICATION SUCCESSFUL and the result line is verified, with the same checksum as the
 * sequential Java version's. Skipped, saying why, when Open MPI's mpicc or mpirun is missing.
 */
class NpbMpiTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"is", "cg"})
    void classSVerifiesOnTwoProcesses(String kernel) throws Exception {
        OpenMpiTools.Found mpi = OpenMpiTools.find();
        Assumptions.assumeTrue(mpi.tools() != null, () -> "skipped: " + mpi.missing());
        Class<?> main = kernel.equals("is") ? IsMpi.class : CgMpi.class;
        try (ChildJvm run = ChildJvm.start(main, List.of("-Xmx64m", "-XX:TieredStopAtLevel=1"), "--np", "2", "S")) {
            String line = run.awaitLine("RESULT {", Duration.ofSeconds(90));
            ResultLine r = ResultLine.find(line).orElseThrow(() -> new AssertionError(run.output()));
            assertEquals(kernel, r.kernel());
            assertEquals("mpi", r.version());
            assertEquals(2, r.np());
            assertTrue(r.verified(), run.output());
            if (kernel.equals("is")) {
                Is.Problem p = Is.problem(16, 11);
                assertEquals(IsKernel.INSTANCE.checksum(Is.solve(p)), r.checksum(), run.output());
            } else { // the sums add in another order: equal within NPB's tolerance
                double zeta = Double.parseDouble(r.checksum().substring("zeta=".length()));
                double expected = Cg.solve(Cg.problem(1400, 7, 15, 10)).zeta();
                assertEquals(expected, zeta, 1e-10 * expected, run.output());
            }
            assertTrue(run.output().contains("Verification    =               SUCCESSFUL"), run.output());
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }
}
