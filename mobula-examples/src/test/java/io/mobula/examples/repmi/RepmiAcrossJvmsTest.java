package io.mobula.examples.repmi;

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
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Replicated objects across JVMs: concurrent writers leave identical replicas (several seeds, shm and TCP), blocking
 * writes are scheduled alike, the ordering anomalies of thesis Figures 4.12 and 4.13 do not occur, and a sequencer
 * killed during the writes is replaced with no write lost or applied twice.
 */
class RepmiAcrossJvmsTest {
    private static final List<String> SMALL_JVM = List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private static ChildJvm run(int np, String transports, Class<?> main, String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", Integer.toString(np), "--timeout", "120"));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.addAll(List.of("-J", "-Dmobula.transports=" + transports, "-J", "-Dmobula.repmi.timeoutMs=30000"));
        argv.add(main.getName());
        argv.addAll(List.of(args));
        return ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"shm,tcp|1", "shm,tcp|2", "tcp|3"})
    void concurrentWritersLeaveIdenticalReplicas(String transports, String seed) throws Exception {
        try (ChildJvm r = run(3, transports, ReplicatedStackMain.class, "150", seed)) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            assertTrue(r.output().contains("[repmi] 3 replicas identical after 150 operations per rank"), r.output());
        }
    }

    @Test
    void blockingWritesAreScheduledAlikeEverywhere() throws Exception {
        try (ChildJvm r = run(3, "shm,tcp", ReplicatedBinMain.class, "40")) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            assertTrue(r.output().contains("[repmi] bin: 40 blocking puts and gets, identical on 3 replicas"),
                    r.output());
        }
    }

    @Test
    void noOrderingAnomalyAcrossCloudsOrWithRmi() throws Exception {
        try (ChildJvm r = run(3, "shm,tcp", OrderingMain.class, "200")) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            assertTrue(r.output().contains("[repmi] ordering: no anomaly in 200 rounds"), r.output());
        }
    }

    @Test
    void aKilledSequencerIsReplacedWithNoWriteLostOrAppliedTwice() throws Exception {
        try (ChildJvm server = ChildJvm.start(PoolServer.class, SMALL_JVM, "--port", "0", "--lease-ms", "1500")) {
            String line = server.awaitLine("pool server listening on mobula://", Duration.ofSeconds(30));
            String addr = line.substring(line.lastIndexOf('/') + 1);
            List<ChildJvm> ranks = new ArrayList<>();
            try {
                for (int r = 0; r < 4; r++) {
                    List<String> jvm = new ArrayList<>(SMALL_JVM);
                    jvm.addAll(List.of("-Dmobula.pool.rank=" + r, "-Dmobula.pool.size=4",
                            "-Dmobula.pool.name=failover", "-Dmobula.pool.server=" + addr,
                            "-Dmobula.pool.leaseMs=1500", "-Dmobula.repmi.timeoutMs=60000"));
                    ranks.add(ChildJvm.start(FailoverMain.class, jvm, "150"));
                }
                assertEquals(3, ranks.get(0).waitFor(Duration.ofSeconds(90)), ranks.get(0).output());
                for (int r = 1; r < 4; r++) {
                    assertEquals(0, ranks.get(r).waitFor(Duration.ofSeconds(90)), "rank " + r + ":\n"
                            + ranks.get(r).output());
                }
                assertTrue(ranks.get(1).output().contains("[failover] survivors agree"), ranks.get(1).output());
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }
}
