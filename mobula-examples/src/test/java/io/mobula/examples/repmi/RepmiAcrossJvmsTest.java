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
        return run(np, transports, 4096, main, args);
    }

    private static ChildJvm run(int np, String transports, int window, Class<?> main, String... args)
            throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", Integer.toString(np), "--timeout", "120", "-J",
                "-Dmobula.repmi.window=" + window));
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
    @CsvSource(delimiter = '|', value = {"shm,tcp|1|4096", "shm,tcp|11|8", "tcp|21|4096"})
    void concurrentWritersLeaveIdenticalReplicas(String transports, String seed, int window) throws Exception {
        // a window of 8 writes makes the sequencer wait for slow replicas all the time (flow control)
        try (ChildJvm r = run(3, transports, window, ReplicatedStackMain.class, "100", seed, "8")) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            // eight seeds per run, a fresh stack each
            assertEquals(8, r.output().split("\\[repmi] 3 replicas identical after 100 operations per rank", -1).length
                    - 1, r.output());
        }
    }

    /**
     * A long stream of large writes into replicas with a small heap (found by the RepMI benchmark: 15 s of 100 KiB
     * writes ran the writer's replica out of its 512 MiB heap): 160 writes of 1 MiB from four threads of rank 1 into
     * JVMs of 64 MiB. Before flow control counted bytes, the fail-over log alone (the last 8192 writes) outgrew the
     * heap after about 50 writes; now the writer's writes on their way, a replica's lag behind the order, the writes
     * decoded ahead of their turn and the log are each bounded in bytes, and the replicas end identical.
     */
    @Test
    void aLongStreamOfLargeWritesFitsASmallHeap() throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", "2", "--timeout", "60"));
        for (String a : List.of("-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-XX:+ExitOnOutOfMemoryError", "-Dmobula.transports=shm,tcp", "-Dmobula.repmi.timeoutMs=20000")) {
            argv.add("-J");
            argv.add(a);
        }
        argv.add(LargeWritesMain.class.getName());
        argv.addAll(List.of("160", "1024", "4"));
        try (ChildJvm r = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(90)), r.output());
            assertTrue(r.output().contains("[large] 2 replicas identical after 160 writes of 1024 KiB"), r.output());
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

    /**
     * Rank 2 attaches after ranks 0 and 1 wrote, in a pool whose coordinator runs in rank 0 ({@code bootstrap=rank0},
     * as under mpirun and Slurm), a process that has applied those writes: the pool's replies to the joiner's own
     * look-ups carry them in their causal time, and a joiner that waited for them before it could join would wait
     * for good (it did, until RepMI's own pool calls left the causal order).
     */
    @Test
    void aLateJoinerReceivesTheStateAndStaysInStep() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<ChildJvm> ranks = new ArrayList<>();
        try {
            for (int r = 0; r < 3; r++) {
                List<String> jvm = new ArrayList<>(SMALL_JVM);
                jvm.addAll(List.of("-Dmobula.pool.rank=" + r, "-Dmobula.pool.size=3", "-Dmobula.pool.name=late",
                        "-Dmobula.pool.server=127.0.0.1:" + port, "-Dmobula.pool.bootstrap=rank0",
                        "-Dmobula.transports=shm,tcp", "-Dmobula.repmi.timeoutMs=30000"));
                ranks.add(ChildJvm.start(LateJoinMain.class, jvm));
            }
            StringBuilder all = new StringBuilder();
            for (int r = 0; r < 3; r++) {
                ChildJvm c = ranks.get(r);
                assertEquals(0, c.waitFor(Duration.ofSeconds(150)), "rank " + r + ":\n" + c.output());
                all.append(c.output()).append('\n');
            }
            String output = all.toString();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[late] rank 2 joined with (\\d+) values")
                    .matcher(output);
            assertTrue(m.find(), output);
            assertTrue(Integer.parseInt(m.group(1)) >= 200, "the snapshot held the 200 earlier pushes: " + m.group());
            assertTrue(output.contains("[late] the late joiner's replica equals the others': 260 values"), output);
            assertPayloadCrossesOnce(output);
        } finally {
            for (ChildJvm c : ranks) {
                c.close();
            }
        }
    }

    /**
     * Thesis 4.3 with the payload crossing the network once: of {@link LateJoinMain#ONCE} writes made on rank 1, rank 1
     * sends each payload to ranks 0 and 2, and the sequencer (rank 0) sends ranks 1 and 2 only each write's order, no
     * payload byte; rank 2 sends nothing.
     */
    private static void assertPayloadCrossesOnce(String output) {
        int n = LateJoinMain.ONCE;
        java.util.regex.Pattern p = java.util.regex.Pattern.compile("\\[once] rank (\\d) made (\\d+) writes and sent"
                + " (\\d+) payloads \\((\\d+) bytes\\) and (\\d+) orders");
        java.util.regex.Matcher m = p.matcher(output);
        long[][] byRank = new long[3][];
        while (m.find()) {
            byRank[Integer.parseInt(m.group(1))] = new long[] {Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                    Long.parseLong(m.group(4)), Long.parseLong(m.group(5))};
        }
        for (int r = 0; r < 3; r++) {
            assertTrue(byRank[r] != null, "rank " + r + " reported what it sent:\n" + output);
        }
        assertEquals(0, byRank[0][1], "payloads the sequencer sent");
        assertEquals(0, byRank[0][2], "payload bytes the sequencer sent");
        assertEquals(2L * n, byRank[0][3], "orders the sequencer sent (one per write to each other rank)");
        assertEquals(n, byRank[1][0], "writes of rank 1");
        assertEquals(2L * n, byRank[1][1], "payloads the writer sent (one per write to each other rank)");
        assertTrue(byRank[1][2] >= 2L * n, "payload bytes the writer sent: " + byRank[1][2]);
        assertEquals(0, byRank[1][3], "orders the writer sent");
        assertEquals(0, byRank[2][1] + byRank[2][3], "messages of writes rank 2 sent");
        // the writer takes the orders of its own writes in itself while it waits for them (not always: on a loaded
        // machine the order may come after the poll window)
        java.util.regex.Matcher t = java.util.regex.Pattern.compile("\\[once] rank 1 .* took (\\d+) orders in while"
                + " writing").matcher(output);
        assertTrue(t.find(), output);
        assertTrue(Long.parseLong(t.group(1)) >= n / 4, "orders the writer took in itself: " + t.group());
        // each replica runs the writes where they arrive (thesis 3.3.1), not on a thread started per write: the
        // writer on its own waiting thread, the sequencer after it took the write in, rank 2 on its receive thread
        java.util.regex.Matcher r = java.util.regex.Pattern.compile("\\[once] rank (\\d) .* ran (\\d+) writes in place"
                + " and (\\d+) on threads of their own").matcher(output);
        int seen = 0;
        while (r.find()) {
            seen++;
            long inPlace = Long.parseLong(r.group(2));
            long handedOff = Long.parseLong(r.group(3));
            assertTrue(inPlace + handedOff >= n, "writes rank " + r.group(1) + " started: " + r.group());
            assertTrue(inPlace >= (r.group(1).equals("1") ? n / 4 : n / 2), "writes run in place: " + r.group());
        }
        assertEquals(3, seen, output);
    }

    @Test
    void noOrderingAnomalyAcrossCloudsOrWithRmi() throws Exception {
        try (ChildJvm r = run(3, "shm,tcp", OrderingMain.class, "200")) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            assertTrue(r.output().contains("[repmi] ordering: no anomaly in 200 rounds"), r.output());
        }
    }

    @Test
    void anRmiConnectionOpenedBeforeTheCloudIsOrderedAfterWrites() throws Exception {
        // rank 1 calls rank 2 before either attaches RepMI: that connection must carry the causal clock installed
        // later, not the clock of the time it was opened (which says 0 forever)
        try (ChildJvm r = run(3, "shm,tcp", OrderingMain.class, "200", "connect-first")) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            assertTrue(r.output().contains("[repmi] ordering: no anomaly in 200 rounds"), r.output());
        }
    }

    @Test
    void withoutTheCausalClockRmiOvertakesTheWrite() throws Exception {
        // the control for figure 4.13: the same program with RMI's causal clock off does show the anomaly
        List<String> argv = new ArrayList<>(List.of("--np", "3", "--timeout", "120", "-J",
                "-Dmobula.repmi.causalRmi=false", OrderingMain.class.getName(), "200", "expect-anomalies"));
        try (ChildJvm r = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            assertTrue(r.output().contains("[repmi] without the causal clock:"), r.output());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0|16", "0|2", "2|2"})
    void aKilledSequencerOrReplicaLeavesSurvivorsInAgreement(int victim, int relayFrom) throws Exception {
        // victim 0: the sequencer is replaced with no write lost or applied twice; victim 2: a replica is dropped.
        // With orders relayed from 2 replicas on, the tree over ranks 0-3 is 0 -> {2, 1}, 2 -> 3: victim 2 is rank
        // 3's relay (its orders come around it, or from the sequencer when it took some with it), and a killed
        // sequencer leaves survivors that lack the orders their relay had not passed on yet
        List<String> out = inPoolOfFour("failover-" + victim + "-" + relayFrom, victim,
                List.of("-Dmobula.repmi.relayFrom=" + relayFrom), FailoverMain.class, "150", Integer.toString(victim));
        if (relayFrom == 2 && victim == 0) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("rank 2 relayed (\\d+) orders")
                    .matcher(out.get(2));
            assertTrue(m.find() && Long.parseLong(m.group(1)) > 0, "rank 2 relayed rank 3's orders: " + out.get(2));
        }
    }

    @Test
    void aSequencerKilledWhileEveryRankWritesAppliesEachWriteOnce() throws Exception {
        // every rank writes from two threads, and each survivor starts three writes when it hears that the sequencer
        // died, before its successor took over: each must be sequenced once, not once by its own submission and once
        // more by the successor's resumption (which happened every time before the fix)
        inPoolOfFour("concurrent-failover", 0, List.of(), ConcurrentFailoverMain.class, "150");
    }

    @Test
    void aLateJoinerReceivesACloudDeeperThanTheSerializersDepthLimit() throws Exception {
        // 2 x 5000 pushes: a linked list of 10000 nodes, far deeper than mobula.maxDepth (512) and than a recursive
        // encoding's stack allows; the joiner must get all of it, not wait for its timeout
        try (ChildJvm r = run(3, "shm,tcp", LateJoinMain.class, "5000")) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[late] rank 2 joined with (\\d+) values")
                    .matcher(r.output());
            assertTrue(m.find(), r.output());
            assertTrue(Integer.parseInt(m.group(1)) >= 10_000, "the snapshot held the 10000 earlier pushes: "
                    + m.group());
            assertTrue(r.output().contains("[late] the late joiner's replica equals the others': 10060 values"),
                    r.output());
        }
    }

    @Test
    void aJoinTheReplicasCannotServeFailsAtOnceWithItsReason() throws Exception {
        // a write blocked in cloudWait cannot be copied into a snapshot: the joiner's Cloud.attach must say so at once,
        // not wait for its timeout (30 s here)
        try (ChildJvm r = run(3, "shm,tcp", RefusedJoinMain.class)) {
            assertEquals(0, r.waitFor(Duration.ofSeconds(150)), r.output());
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[refused] rank 2's join failed after (\\d+)"
                    + " ms: .*cloudWait").matcher(r.output());
            assertTrue(m.find(), r.output());
            assertTrue(Long.parseLong(m.group(1)) < 10_000, m.group());
        }
    }

    /**
     * Runs {@code main} on 4 ranks with a pool server of their own; {@code victim} halts (exit 3), the rest exit 0.
     * Returns each rank's output.
     */
    private static List<String> inPoolOfFour(String name, int victim, List<String> jvmArgs, Class<?> main,
            String... args)
            throws Exception {
        try (ChildJvm server = ChildJvm.start(PoolServer.class, SMALL_JVM, "--port", "0", "--lease-ms", "1500")) {
            String line = server.awaitLine("pool server listening on mobula://", Duration.ofSeconds(30));
            String addr = line.substring(line.lastIndexOf('/') + 1);
            List<ChildJvm> ranks = new ArrayList<>();
            try {
                for (int r = 0; r < 4; r++) {
                    List<String> jvm = new ArrayList<>(SMALL_JVM);
                    jvm.addAll(List.of("-Dmobula.pool.rank=" + r, "-Dmobula.pool.size=4",
                            "-Dmobula.pool.name=" + name, "-Dmobula.pool.server=" + addr,
                            "-Dmobula.pool.leaseMs=1500", "-Dmobula.repmi.timeoutMs=60000"));
                    jvm.addAll(jvmArgs);
                    ranks.add(ChildJvm.start(main, jvm, args));
                }
                assertEquals(3, ranks.get(victim).waitFor(Duration.ofSeconds(90)), ranks.get(victim).output());
                for (int r = 0; r < 4; r++) {
                    if (r != victim) {
                        assertEquals(0, ranks.get(r).waitFor(Duration.ofSeconds(90)), "rank " + r + ":\n"
                                + ranks.get(r).output());
                    }
                }
                int checker = victim == 0 ? 1 : 0;
                assertTrue(ranks.get(checker).output().contains("[failover] survivors agree"),
                        ranks.get(checker).output());
                List<String> outputs = new ArrayList<>();
                for (ChildJvm c : ranks) {
                    outputs.add(c.output());
                }
                return outputs;
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }
}
