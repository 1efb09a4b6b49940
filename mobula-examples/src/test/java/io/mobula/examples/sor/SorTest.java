package io.mobula.examples.sor;

import io.mobula.apps.sor.Sor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.pool.PoolServer;
import io.mobula.pool.cli.MobulaRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** SOR: the block decomposition alone, then whole runs in child JVMs through a pool. */
class SorTest {
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    @Test
    void blockDecompositionGivesTheSequentialResultBitForBit() {
        int n = 37;
        int iterations = 25;
        double[][] seq = Sor.sequential(n, iterations);
        // three blocks relaxed one after the other within each phase: what the ranks do, minus the network
        int size = 3;
        double[][] g = Sor.initialGrid(n);
        for (int it = 0; it < iterations; it++) {
            for (int c = 0; c < 2; c++) {
                for (int r = 0; r < size; r++) {
                    Sor.relax(g, Sor.lo(n, size, r), Sor.lo(n, size, r + 1), c, Sor.omega(n));
                }
            }
        }
        for (int i = 0; i < n; i++) {
            assertArrayEquals(seq[i], g[i]);
        }
        assertEquals(1, Sor.lo(n, size, 0));
        assertEquals(n - 1, Sor.lo(n, size, size));
    }

    @Test
    void parallelRunThroughMobulaRunEqualsSequential() throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", "3", "--timeout", "30"));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.addAll(List.of(SorMain.class.getName(), "41", "30"));
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            String timing = run.awaitLine("[0] SOR 41x41, 30 iterations, 3 ranks: parallel", Duration.ofSeconds(60));
            assertTrue(timing.contains("speedup"), timing);
            run.awaitLine("[0] SOR result: bitwise equal to the sequential solver", Duration.ofSeconds(30));
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
        }
    }

    @Test
    void aRankThatDiesIsNamedByTheOthers() throws Exception {
        try (ChildJvm server = ChildJvm.start(PoolServer.class, SMALL_JVM, "--port", "0", "--lease-ms", "2000")) {
            String line = server.awaitLine("pool server listening on mobula://", Duration.ofSeconds(30));
            String addr = line.substring(line.lastIndexOf('/') + 1);
            List<ChildJvm> ranks = new ArrayList<>();
            try {
                for (int r = 0; r < 3; r++) {
                    List<String> jvm = new ArrayList<>(SMALL_JVM);
                    jvm.addAll(List.of("-Dmobula.pool.rank=" + r, "-Dmobula.pool.size=3", "-Dmobula.pool.name=dies",
                            "-Dmobula.pool.server=" + addr, "-Dmobula.pool.leaseMs=2000",
                            "-Dsor.dieAtIteration.2=20"));
                    ranks.add(ChildJvm.start(SorMain.class, jvm, "40", "100000000"));
                }
                ranks.get(2).awaitLine("rank 2 dying at iteration 20", Duration.ofSeconds(60));
                assertEquals(3, ranks.get(2).waitFor(Duration.ofSeconds(10)));
                for (int r = 0; r < 2; r++) {
                    String err = ranks.get(r).awaitLine("SOR failed:", Duration.ofSeconds(20));
                    assertTrue(err.contains("rank 2 (pid " + ranks.get(2).pid()), "rank " + r + ": " + err);
                    assertEquals(1, ranks.get(r).waitFor(Duration.ofSeconds(10)), ranks.get(r).output());
                }
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }

    @Test
    void launcherStopsTheOthersAndReturnsTheFailingRanksCode() throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", "3", "-J", "-Dsor.dieAtIteration.1=10"));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.addAll(List.of(SorMain.class.getName(), "40", "100000000"));
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            run.awaitLine("mobula run: rank 1 exited with code 3; stopping the other ranks", Duration.ofSeconds(60));
            assertEquals(3, run.waitFor(Duration.ofSeconds(20)), run.output());
            assertTrue(run.output().contains("[1] rank 1 dying at iteration 10"), run.output());
        }
    }

    @Test
    void stoppingTheLauncherStopsEveryRank() throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", "2"));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.addAll(List.of(SorMain.class.getName(), "40", "100000000"));
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            ProcessHandle launcher = ProcessHandle.of(run.pid()).orElseThrow();
            List<ProcessHandle> ranks = List.of();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (ranks.size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(100);
                ranks = launcher.children().toList();
            }
            assertEquals(2, ranks.size(), "ranks not started: " + run.output());
            Thread.sleep(1500); // let them join the pool and start computing
            launcher.destroy(); // SIGTERM, as Ctrl-C would be: the shutdown hook stops the ranks
            assertTrue(launcher.onExit().get(20, TimeUnit.SECONDS) != null);
            for (ProcessHandle r : ranks) {
                r.onExit().get(10, TimeUnit.SECONDS);
                assertTrue(!r.isAlive(), "rank " + r.pid() + " survived the launcher");
            }
            assertTrue(run.output().contains("mobula run: interrupted; stopping all ranks"), run.output());
        }
    }
}
