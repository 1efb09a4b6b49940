package io.mobula.examples.gmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.pool.PoolServer;
import io.mobula.pool.cli.MobulaRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GMI across JVMs: every row of thesis Table 5.1 through {@code mobula run}, over shared memory and over TCP; and a
 * member process that dies during a broadcast and during a combined invocation (the survivors fail clearly within a
 * bound and the group stays broken), and the relay of a combined result (the same for all, or personalized) dying.
 */
class GmiAcrossJvmsTest {
    private static final List<String> SMALL_JVM = List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private static void table51(String transports) throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", "3", "--timeout", "120"));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.addAll(List.of("-J", "-Dmobula.transports=" + transports, "-J", "-Dmobula.gmi.timeoutMs=30000"));
        argv.add(Table51.class.getName());
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            run.awaitLine("[0] [gmi] table 5.1: all 14 rows verified on 3 processes", Duration.ofSeconds(150));
            assertEquals(0, run.waitFor(Duration.ofSeconds(30)), run.output());
            for (String row : new String[] {"RMI", "future", "broadcast", "scatter-gather", "reduce-to-all",
                    "gather-to-all", "all-to-all (combined + personalized"}) {
                assertTrue(run.output().contains("[gmi] row ok: " + row), row + " in\n" + run.output());
            }
        }
    }

    @Test
    void everyRowOfTable51OverSharedMemory() throws Exception {
        table51("shm,tcp");
    }

    @Test
    void everyRowOfTable51OverTcp() throws Exception {
        table51("tcp");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(classes = {GroupInvocationExample.class, SplitExample.class,
            GatherExample.class, FutureExample.class, CombinedGatherToAllExample.class, SpmdBroadcastExample.class,
            AllToAllExample.class})
    void theThesisExamplesVerifyTheirResults(Class<?> example) throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", "3", "--timeout", "90"));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.addAll(List.of("-J", "-Dmobula.gmi.timeoutMs=30000", example.getName()));
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            assertEquals(0, run.waitFor(Duration.ofSeconds(120)), run.output());
            assertTrue(run.output().contains(": verified on 3 processes"), run.output());
        }
    }

    private static void death(String scenario) throws Exception {
        try (ChildJvm server = ChildJvm.start(PoolServer.class, SMALL_JVM, "--port", "0", "--lease-ms", "1500")) {
            String line = server.awaitLine("pool server listening on mobula://", Duration.ofSeconds(30));
            String addr = line.substring(line.lastIndexOf('/') + 1);
            List<ChildJvm> ranks = new ArrayList<>();
            try {
                for (int r = 0; r < 3; r++) {
                    List<String> jvm = new ArrayList<>(SMALL_JVM);
                    jvm.addAll(List.of("-Dmobula.pool.rank=" + r, "-Dmobula.pool.size=3",
                            "-Dmobula.pool.name=death-" + scenario, "-Dmobula.pool.server=" + addr,
                            "-Dmobula.pool.leaseMs=1500", "-Dmobula.gmi.timeoutMs=60000"));
                    ranks.add(ChildJvm.start(GmiDeathMain.class, jvm, scenario));
                }
                assertEquals(3, ranks.get(2).waitFor(Duration.ofSeconds(90)), ranks.get(2).output());
                for (int r = 0; r < 2; r++) {
                    assertEquals(0, ranks.get(r).waitFor(Duration.ofSeconds(60)), ranks.get(r).output());
                }
                String failed = ranks.get(0).awaitLine("[death] rank 0 failed after", Duration.ofSeconds(5));
                long ms = Long.parseLong(failed.replaceAll(".*failed after (\\d+) ms.*", "$1"));
                assertTrue(ms < 20_000, "the survivor waited " + ms + " ms, far longer than the 1.5 s lease: " + failed);
                assertTrue(failed.contains("GroupBrokenException") || failed.contains("lost"), failed);
                if (scenario.equals("combine")) {
                    String other = ranks.get(1).awaitLine("[death] rank 1 failed after", Duration.ofSeconds(5));
                    assertTrue(other.contains("participant") || other.contains("lost"), other);
                }
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"relay", "relay-parts"})
    void aRelayOfACombinedResultDyingLeavesNoParticipantWaiting(String scenario) throws Exception {
        try (ChildJvm server = ChildJvm.start(PoolServer.class, SMALL_JVM, "--port", "0", "--lease-ms", "1500")) {
            String line = server.awaitLine("pool server listening on mobula://", Duration.ofSeconds(30));
            String addr = line.substring(line.lastIndexOf('/') + 1);
            List<ChildJvm> ranks = new ArrayList<>();
            try {
                for (int r = 0; r < 4; r++) {
                    List<String> jvm = new ArrayList<>(SMALL_JVM);
                    jvm.addAll(List.of("-Dmobula.pool.rank=" + r, "-Dmobula.pool.size=4",
                            "-Dmobula.pool.name=death-" + scenario, "-Dmobula.pool.server=" + addr,
                            "-Dmobula.pool.leaseMs=1500", "-Dmobula.gmi.timeoutMs=60000",
                            "-Dmobula.gmi.relayFrom=2"));
                    ranks.add(ChildJvm.start(GmiDeathMain.class, jvm, scenario));
                }
                assertEquals(3, ranks.get(2).waitFor(Duration.ofSeconds(90)), ranks.get(2).output());
                for (int r : new int[] {0, 1, 3}) {
                    // the result (participant 0 sends it to rank 3 itself when rank 2 is unreachable), or the group
                    // broken by rank 2's death: either way well within the lease, never GMI's 60 s timeout
                    assertEquals(0, ranks.get(r).waitFor(Duration.ofSeconds(60)), ranks.get(r).output());
                    String done = ranks.get(r).output().lines().filter(l -> l.contains("[death] rank " + r + " "))
                            .filter(l -> l.contains(" after ")).findFirst().orElseThrow(() -> new AssertionError(
                                    ranks.get(r).output()));
                    long ms = Long.parseLong(done.replaceAll(".* after (\\d+) ms.*", "$1"));
                    assertTrue(ms < 20_000, "rank " + r + " waited " + ms + " ms: " + done);
                    // personalized (relay-parts): participant r gets the result plus r, rank 3's from rank 2's parent
                    // when rank 2 is unreachable
                    int result = 779 + (scenario.equals("relay-parts") ? r : 0);
                    assertTrue(done.contains("got the result " + result) || done.contains("GroupBrokenException"),
                            done);
                }
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }

    @Test
    void aMemberDyingDuringABroadcastFailsTheInvokerPromptly() throws Exception {
        death("broadcast");
    }

    @Test
    void aParticipantDyingDuringACombinedInvocationFailsTheOthersPromptly() throws Exception {
        death("combine");
    }
}
