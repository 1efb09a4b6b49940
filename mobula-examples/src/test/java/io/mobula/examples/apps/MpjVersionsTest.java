package io.mobula.examples.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.Kernel;
import io.mobula.apps.ResultLine;
import io.mobula.apps.acp.AcpKernel;
import io.mobula.apps.asp.AspKernel;
import io.mobula.apps.cg.CgKernel;
import io.mobula.apps.fft.FftKernel;
import io.mobula.apps.is.IsKernel;
import io.mobula.apps.leq.LeqKernel;
import io.mobula.apps.lufact.LuFactKernel;
import io.mobula.apps.moldyn.MolDynKernel;
import io.mobula.apps.mpj.MpjExpress;
import io.mobula.apps.mpj.MpjMain;
import io.mobula.apps.qr.QrKernel;
import io.mobula.apps.raytracer.RayTracerKernel;
import io.mobula.apps.tsp.TspKernel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The MPJ Express versions of the kernels (LUFact, MolDyn and RayTracer, which the thesis compared with mpiJava in
 * 5.5.2, ASP, LEQ, FFT, QR, TSP and ACP, and NPB's IS and CG), compiled against the installed MPJ Express and run on 2 ranks at the tiny size,
 * on the multicore device (the ranks threads of one JVM). Not on niodev (a JVM per rank, found through the rendezvous
 * on 127.0.0.1): MPJ Express 0.44's niodev listens on two random ports of every interface during {@code MPI.Init},
 * which its code fixes and a test must not do; {@code ./mobula speedup} runs it. Each verifies against the sequential version with the sequential version's checksum,
 * and a rank that corrupts its part makes the run fail its verification. Skipped, saying why, when MPJ Express is not
 * installed ({@code .ci/setup-mpj.sh} installs it).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MpjVersionsTest {
    /** A run at the tiny size takes about a second; one that hangs fails its own test, saying so, and is ended. */
    private static final Duration RUN_LIMIT = Duration.ofSeconds(60);
    private static final MpjExpress.Found FOUND = MpjExpress.find();
    private static MpjExpress mpj;
    private static MpjMain.Compiled compiled;

    @BeforeAll
    static void compileThePrograms() throws Exception {
        if (FOUND.mpj() != null) {
            mpj = FOUND.mpj();
            compiled = MpjMain.compile(mpj, List.of("LuFactMpj", "MolDynMpj", "RayTracerMpj", "AspMpj", "LeqMpj",
                    "FftMpj", "QrMpj", "TspMpj", "AcpMpj", "IsMpj", "CgMpj"));
        }
    }

    @BeforeEach
    void needsMpjExpress() {
        Assumptions.assumeTrue(mpj != null, () -> "skipped: " + FOUND.missing());
    }

    @AfterAll
    static void deleteThem() throws Exception {
        if (compiled != null) {
            compiled.close();
        }
    }

    @Test
    void luFactOnMulticoreIsTheSequentialSolution() throws Exception {
        verifies(LuFactKernel.INSTANCE, "LuFactMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void molDynOnMulticoreAgreesWithTheSequentialVersion() throws Exception {
        verifies(MolDynKernel.INSTANCE, "MolDynMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void rayTracerOnMulticoreIsTheSequentialImage() throws Exception {
        verifies(RayTracerKernel.INSTANCE, "RayTracerMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void aspOnMulticoreIsTheSequentialMatrix() throws Exception {
        verifies(AspKernel.INSTANCE, "AspMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void leqOnMulticoreIsTheSequentialSolution() throws Exception {
        verifies(LeqKernel.INSTANCE, "LeqMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void fftOnMulticoreIsTheSequentialTransform() throws Exception {
        verifies(FftKernel.INSTANCE, "FftMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void qrOnMulticoreIsTheSequentialFactorization() throws Exception {
        verifies(QrKernel.INSTANCE, "QrMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void tspOnMulticoreFindsTheOptimalTour() throws Exception {
        verifies(TspKernel.INSTANCE, "TspMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void acpOnMulticoreIsTheSequentialMatrix() throws Exception {
        verifies(AcpKernel.INSTANCE, "AcpMpj", MpjExpress.Device.MULTICORE);
    }

    @Test
    void acpOnMulticoreFindsTheInconsistentNetworkInconsistent() throws Exception {
        assertEquals("inconsistent", verifies(AcpKernel.INSTANCE, "AcpMpj", MpjExpress.Device.MULTICORE,
                "inconsistent"));
    }

    @Test
    void isOnMulticorePassesNpbsClassSVerification() throws Exception {
        verifiesNpbClassS(IsKernel.INSTANCE, "IsMpj");
    }

    @Test
    void cgOnMulticorePassesNpbsClassSVerification() throws Exception {
        verifiesNpbClassS(CgKernel.INSTANCE, "CgMpj");
    }

    /** Class S (the tiny size) verifies against the sequential version and NPB's published values. */
    private static <P, R> void verifiesNpbClassS(Kernel<P, R> kernel, String program) throws Exception {
        List<String> lines = new ArrayList<>();
        MpjMain.Outcome o = MpjMain.run(mpj, compiled, MpjExpress.Device.MULTICORE, program, 2,
                kernel.sizes().parse("S"), List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"), RUN_LIMIT, lines::add);
        String out = String.join("\n", lines);
        assertTrue(o.verified(), o.failure() + "\n" + out);
        assertTrue(lines.stream().anyMatch(l -> l.contains("Verification") && l.contains("SUCCESSFUL")), out);
        assertEquals(kernel.checksum(kernel.sequential(kernel.problem(kernel.sizes().parse("S")))),
                o.result().orElseThrow().checksum(), out);
    }

    @Test
    void aCorruptedPartFailsTheVerification() throws Exception {
        List<String> lines = new ArrayList<>();
        int[] size = LuFactKernel.INSTANCE.sizes().parse("tiny");
        MpjMain.Outcome o = MpjMain.run(mpj, compiled, MpjExpress.Device.MULTICORE, "LuFactMpj", 2, size,
                List.of("-Dmobula.apps.corruptRank=0", "-XX:TieredStopAtLevel=1"), RUN_LIMIT, lines::add);
        assertFalse(o.verified(), String.join("\n", lines));
        ResultLine r = o.result().orElseThrow(() -> new AssertionError(String.join("\n", lines)));
        assertFalse(r.verified(), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("DIFFERS from the sequential version")),
                String.join("\n", lines));
    }

    private static <P, R> void verifies(Kernel<P, R> kernel, String program, MpjExpress.Device device)
            throws Exception {
        verifies(kernel, program, device, "tiny");
    }

    /** Runs {@code program} on 2 ranks at {@code named} size, asserts it verified, and returns its checksum. */
    private static <P, R> String verifies(Kernel<P, R> kernel, String program, MpjExpress.Device device,
            String named) throws Exception {
        List<String> lines = new ArrayList<>();
        int[] size = kernel.sizes().parse(named);
        MpjMain.Outcome o = MpjMain.run(mpj, compiled, device, program, 2, size, List.of("-Xmx128m",
                "-XX:TieredStopAtLevel=1"), RUN_LIMIT, lines::add);
        String out = String.join("\n", lines);
        assertTrue(o.verified(), o.failure() + "\n" + out);
        ResultLine r = o.result().orElseThrow();
        assertEquals(kernel.name(), r.kernel());
        assertEquals(MpjMain.VERSION, r.version());
        assertEquals(2, r.np());
        assertEquals(kernel.checksum(kernel.sequential(kernel.problem(size))), r.checksum(), out);
        return r.checksum();
    }
}
