package io.mobula.examples.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.sor.SorMain;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pools started by MPICH's Hydra launcher ({@code mpirun.mpich}, Debian's mpich package, installed next to Open MPI
 * by {@code .ci/setup-openmpi.sh}), rank 0 serving the coordinator. Hydra needs no flags as root or for more ranks
 * than cores. Skipped with the reason when {@code mpirun.mpich} is missing.
 */
class MpichPoolTest {
    private static final Duration RUN = Duration.ofSeconds(60);
    private static final List<String> HYDRA = List.of("mpirun.mpich");
    private static String skipReason;

    @BeforeAll
    static void findHydra() throws Exception {
        try (MpirunPoolTest.Mpirun v = MpirunPoolTest.Mpirun.start(List.of("mpirun.mpich", "--version"))) {
            if (!v.process.waitFor(20, TimeUnit.SECONDS)) {
                skipReason = "skipped: mpirun.mpich --version did not answer within 20 s";
            } else if (!v.output().contains("HYDRA")) {
                skipReason = "skipped: mpirun.mpich is not MPICH's Hydra: '" + v.output().lines().findFirst()
                        .orElse("") + "'";
            }
        } catch (IOException e) {
            skipReason = "skipped: no mpirun.mpich on the PATH (run .ci/setup-openmpi.sh as root to install"
                    + " Debian's mpich): " + e.getMessage();
        }
    }

    @BeforeEach
    void needsHydra() {
        if (skipReason != null) {
            System.err.println("MpichPoolTest " + skipReason);
        }
        Assumptions.assumeTrue(skipReason == null, skipReason);
    }

    @Test
    void sorOverAHydraPoolEqualsTheSequentialSolver() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (MpirunPoolTest.Mpirun run = MpirunPoolTest.Mpirun.start(MpirunPoolTest.rankCommand(HYDRA, 3, marker,
                List.of(), SorMain.class, "200", "20"))) {
            assertEquals(0, run.waitFor(RUN), run.output());
            String out = run.output();
            assertTrue(out.contains("SOR 200x200, 20 iterations, 3 ranks: parallel"), out);
            assertTrue(out.contains("SOR result: bitwise equal to the sequential solver, checksum"), out);
            MpirunPoolTest.assertNoneLeft(marker);
        }
    }

    @Test
    void aRankExitingWithAnErrorIsNamedByThePoolAndFailsTheJob() throws Exception {
        // Hydra lets the other ranks run on when one exits; the pool's lease ends them, naming the lost rank
        String marker = UUID.randomUUID().toString();
        try (MpirunPoolTest.Mpirun run = MpirunPoolTest.Mpirun.start(MpirunPoolTest.rankCommand(HYDRA, 3, marker,
                List.of("-Dmobula.pool.leaseMs=1000"), RankFailureMain.class, "1", "exit"))) {
            long pid = run.awaitPid(1, RUN);
            int code = run.waitFor(RUN);
            String out = run.output();
            assertEquals(3, code, out); // Hydra returns the failing rank's status
            for (int r : new int[] {0, 2}) {
                assertTrue(Pattern.compile("rank " + r + ": lost rank 1: pool '[^']+', rank " + r + ": rank 1 \\(pid "
                        + pid + " on .*\\) died: no heartbeat").matcher(out).find(), "rank " + r + ":\n" + out);
            }
            MpirunPoolTest.assertNoneLeft(marker);
        }
    }
}
