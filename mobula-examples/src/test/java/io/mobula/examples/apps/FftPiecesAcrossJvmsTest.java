package io.mobula.examples.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.ResultLine;
import io.mobula.apps.fft.FftGmi;
import io.mobula.apps.fft.FftRmi;
import io.mobula.examples.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * FFT's RMI and GMI versions with pieces over the bound on one call: the bound lowered to 300 bytes on every rank
 * ({@code -Dmobula.apps.fft.chunkBytes}), so the pieces of the tiny size (1 KiB from rank to rank on 2 ranks, 400 to
 * 480 bytes on 3) each travel in several calls, of whole columns, put in place as they arrive; the result must be the
 * sequential one bit for bit. On 3 ranks the pieces differ in columns, so a GMI invocation gives some members a chunk
 * and the others nothing. The default bound (8 MiB) does the same to the 64 MB pieces of 2^24 points on 2 ranks,
 * which one call cannot carry (frames are at most 64 MiB); a test does not run that size.
 */
class FftPiecesAcrossJvmsTest {
    static Stream<Arguments> runs() {
        // the RMI version on the even split, the GMI version on the uneven one (each layout, each version once)
        return Stream.of(Arguments.of("rmi", 2), Arguments.of("gmi", 3));
    }

    @ParameterizedTest(name = "{0} on {1} ranks")
    @MethodSource("runs")
    void piecesOverTheBoundTravelInSeveralCallsAndGiveTheSequentialResult(String version, int np,
            @TempDir Path dir) throws Exception {
        String main = version.equals("rmi") ? FftRmi.class.getName() : FftGmi.class.getName();
        // the cutting is logged at DEBUG (FINE): the ranks' logging shows it here, and only the FFT's
        Path logging = Files.writeString(dir.resolve("logging.properties"), String.join("\n",
                "handlers = java.util.logging.ConsoleHandler",
                "java.util.logging.ConsoleHandler.level = FINE",
                "io.mobula.apps.fft.level = FINE", ""));
        try (ChildJvm run = KernelRuns.launch(np, main, List.of("-Dmobula.apps.fft.chunkBytes=300",
                "-Djava.util.logging.config.file=" + logging))) {
            ResultLine r = KernelRuns.resultOf(run);
            assertEquals("fft", r.kernel());
            assertEquals(version, r.version());
            assertEquals(np, r.np());
            assertTrue(r.verified(), run.output());
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
            // every rank cut its pieces ("fft: a piece of 1,024 bytes travels in 4 calls of at most 256 bytes")
            for (int rank = 0; rank < np; rank++) {
                int k = rank;
                assertTrue(run.output().lines().anyMatch(l -> l.startsWith("[" + k + "]")
                        && l.contains(" calls of at most ")), "rank " + rank + ":\n" + run.output());
            }
        }
    }
}
