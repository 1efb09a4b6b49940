package io.mobula.examples.box;

import static io.mobula.examples.Netns.check;
import static io.mobula.examples.Netns.ip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.ClusterBox;
import io.mobula.examples.MarkedProcesses;
import io.mobula.pool.cli.MobulaRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A cluster in a box ({@link ClusterBox}, {@code .ci/cluster-in-a-box.sh}): 8 emulated hosts, each a network
 * namespace with its own address, sshd and {@code /dev/shm}, and 32 ranks started on them by {@code mobula run
 * --hosts} through ssh, 4 per host. Checks that the pool forms, that every rank knows its 3 host mates, that calls
 * between host mates go over shared memory and all others over TCP (per connection, for each rank's mates and
 * neighbours and for every connection of rank 0), that each host has a {@code /dev/shm} of its own, that every row of
 * the thesis's Table 5.1 verifies on the 32 ranks (relay trees and binomial combines across hosts), and that SOR on 32
 * ranks equals the sequential solver bit for bit; prints the figures of the run (pool formation, memory, threads and
 * connections per rank) and checks that no rank is left. Needs root, {@code ip netns} and OpenSSH; skipped with the
 * reason otherwise.
 */
@Timeout(300)
class ClusterBoxTest {
    private static final int HOSTS = 8;
    private static final int RANKS = 32;
    private static final Duration WAIT = Duration.ofSeconds(150);
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private static final List<String> RANK_JVM = List.of("-Xmx64m", "-Xss512k", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:ReservedCodeCacheSize=32m");
    private static ClusterBox box;

    @BeforeAll
    static void up() throws Exception {
        box = ClusterBox.upOrSkip(HOSTS);
    }

    @AfterAll
    static void down() {
        if (box != null) {
            box.close();
        }
    }

    private static ChildJvm launch(String marker, Class<?> main, String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", Integer.toString(RANKS), "--timeout", "120"));
        argv.addAll(box.runOptions());
        argv.addAll(List.of("-J", "-Dmobula.test.marker=" + marker));
        for (String a : RANK_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.add(main.getName());
        argv.addAll(List.of(args));
        return ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new));
    }

    @Test
    void thirtyTwoRanksOnEightHostsFormAPoolUseShmWithinAndTcpAcrossHostsAndVerifyTable51() throws Exception {
        String marker = UUID.randomUUID().toString();
        long launched = System.currentTimeMillis();
        String figures;
        try (ChildJvm run = launch(marker, BoxRankMain.class)) {
            int code = run.waitFor(WAIT);
            long ended = System.currentTimeMillis();
            String out = run.output();
            assertEquals(0, code, out);
            assertTrue(out.contains("[0] [gmi] table 5.1: all 14 rows verified on 32 processes"), out);
            String ownShm = String.valueOf(Files.getAttribute(Path.of("/dev/shm"), "unix:dev"));
            Map<String, String> shmOfHost = new HashMap<>();
            Pattern reached = Pattern.compile("\\[(\\d+)] reached (\\d+): (\\S+) shmdev=(\\S+) id=\\S+ via (\\w+)");
            int connections = 0;
            for (String l : out.lines().filter(l -> l.matches("\\[\\d+] reached .*")).toList()) {
                Matcher m = reached.matcher(l);
                assertTrue(m.matches(), l);
                int from = Integer.parseInt(m.group(1));
                int to = Integer.parseInt(m.group(2));
                assertEquals(box.hostOf(to), m.group(3), l);
                boolean mates = from % HOSTS == to % HOSTS;
                assertEquals(mates ? "shm" : "tcp", m.group(5), l);
                String before = shmOfHost.putIfAbsent(m.group(3), m.group(4));
                assertEquals(before == null ? m.group(4) : before, m.group(4), "one /dev/shm per host: " + l);
                connections++;
            }
            // each rank: 3 mates and 2 neighbours; rank 0: all 31
            assertEquals(31 * 5 + 31, connections, out);
            assertEquals(HOSTS, shmOfHost.size(), shmOfHost.toString());
            assertEquals(HOSTS, Set.copyOf(shmOfHost.values()).size(), "each host its own /dev/shm: " + shmOfHost);
            assertTrue(!shmOfHost.containsValue(ownShm), "the hosts' /dev/shm is not the launcher's: " + shmOfHost);
            for (int r = 0; r < RANKS; r++) {
                List<Integer> mates = new ArrayList<>();
                for (int q = r % HOSTS; q < RANKS; q += HOSTS) {
                    if (q != r) {
                        mates.add(q);
                    }
                }
                assertTrue(out.contains("[" + r + "] mates " + mates + "\n"), "rank " + r + ": " + out);
            }
            figures = figures(out, launched, ended);
        } finally {
            MarkedProcesses.assertNoneLeft(marker, Duration.ofSeconds(15));
        }
        System.out.println(figures); // no rank left: checked above
    }

    @Test
    void sorOn32RanksEqualsTheSequentialSolver() throws Exception {
        String marker = UUID.randomUUID().toString();
        long launched = System.currentTimeMillis();
        try (ChildJvm run = launch(marker, io.mobula.examples.sor.SorMain.class, "130", "20")) {
            int code = run.waitFor(WAIT);
            String out = run.output();
            assertEquals(0, code, out);
            assertTrue(out.contains("[0] SOR result: bitwise equal to the sequential solver"), out);
            assertTrue(out.contains("[0] SOR 130x130, 20 iterations, 32 ranks: parallel"), out);
            System.out.printf(Locale.ROOT, "ClusterBoxTest figures: {\"test\":\"ClusterBoxTest\",\"case\":\"sor\","
                    + "\"hosts\":%d,\"ranks\":%d,\"size\":130,\"iterations\":20,\"verified\":true,\"run_s\":%.1f%s}%n",
                    HOSTS, RANKS, (System.currentTimeMillis() - launched) / 1000.0, context());
        } finally {
            MarkedProcesses.assertNoneLeft(marker, Duration.ofSeconds(15));
        }
    }

    /**
     * A host cut off in the middle of a GMI run (16 ranks, 2 per host, running combined invocations of all ranks in
     * a loop): its link goes down, so its ranks fall silent without closing a connection, as when a host loses power.
     * The survivors' pool declares a rank of that host dead (suspicion, then a confirmation without an answer,
     * docs/POOL.md), their round fails naming it, the first to fail ends the job through the launcher, and once the
     * link is back the cut-off ranks are gone too (their ssh sessions end, and with them the ranks).
     */
    @Test
    void aHostCutOffDuringAGmiRunFailsTheOthersPromptlyAndLeavesNothing() throws Exception {
        String marker = UUID.randomUUID().toString();
        int ranks = 2 * HOSTS;
        int cut = 3; // host 3 runs ranks 3 and 11
        String device = "eth0";
        List<String> argv = new ArrayList<>(List.of("--np", Integer.toString(ranks), "--timeout", "120"));
        argv.addAll(box.runOptions());
        argv.addAll(List.of("-J", "-Dmobula.test.marker=" + marker));
        for (String a : RANK_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.add(HostFaultMain.class.getName());
        boolean down = false;
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (run.output().lines().filter(l -> l.matches("\\[\\d+] running")).count() < ranks) {
                assertTrue(System.nanoTime() < deadline && !run.output().contains("failed"), run.output());
                Thread.sleep(50);
            }
            long cutAt = System.currentTimeMillis();
            check(ip("-n", box.namespaces.get(cut), "link", "set", device, "down"));
            down = true;
            int code = run.waitFor(Duration.ofSeconds(60));
            long ended = System.currentTimeMillis();
            String out = run.output();
            assertEquals(3, code, out);
            Pattern failed = Pattern.compile(
                    "\\[(\\d+)] \\[fault] rank (\\d+) failed at (\\d+) after \\d+ rounds: (.*)");
            long first = Long.MAX_VALUE;
            String firstLine = null;
            int reported = 0;
            for (String l : out.lines().toList()) {
                Matcher m = failed.matcher(l);
                if (m.matches()) {
                    int r = Integer.parseInt(m.group(2));
                    assertNotEquals(cut, r % HOSTS, "a cut-off rank reported through its cut link: " + l);
                    assertTrue(m.group(4).matches(".*rank (" + cut + "|" + (cut + HOSTS) + ")\\b.*"),
                            "the failure names a rank of the cut-off host: " + l);
                    if (Long.parseLong(m.group(3)) < first) {
                        first = Long.parseLong(m.group(3));
                        firstLine = l;
                    }
                    reported++;
                }
            }
            assertTrue(reported > 0, out);
            assertTrue(first - cutAt < 15_000, "the first survivor failed " + (first - cutAt) + " ms after the cut");
            System.out.println("ClusterBoxTest: host " + cut + " cut off; first survivor to fail: " + firstLine);
            System.out.printf(Locale.ROOT, "ClusterBoxTest figures: {\"test\":\"ClusterBoxTest\",\"case\":\"host-cut\","
                    + "\"hosts\":%d,\"ranks\":%d,\"first_failure_after_cut_s\":%.1f,\"survivors_reporting\":%d,"
                    + "\"launcher_returned_after_cut_s\":%.1f%s}%n", HOSTS, ranks, (first - cutAt) / 1000.0, reported,
                    (ended - cutAt) / 1000.0, context());
        } finally {
            if (down) {
                check(ip("-n", box.namespaces.get(cut), "link", "set", device, "up"));
            }
            MarkedProcesses.assertNoneLeft(marker, Duration.ofSeconds(30));
        }
    }

    /** {@code ,"date":...,"cpus":...,"load":...}: when and under what load the figures were taken. */
    private static String context() {
        String load;
        try {
            load = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            load = "-1";
        }
        return ",\"date\":\"" + java.time.Instant.now() + "\",\"cpus\":" + Runtime.getRuntime().availableProcessors()
                + ",\"load\":" + load;
    }

    /** The run's figures as one JSON line: pool formation and, per rank, RSS, threads, connections, segments. */
    private static String figures(String out, long launched, long ended) {
        Pattern p = Pattern.compile("\\[(\\d+)] figures jvmStartMs=(-?\\d+) joinStartMs=(\\d+) joinedMs=(\\d+)"
                + " rssKb=(\\d+) threads=(\\d+) connections=(\\d+) shmSegments=(\\d+)");
        long lastJoin = 0;
        long firstStart = Long.MAX_VALUE;
        List<long[]> ranks = new ArrayList<>();
        for (String l : out.lines().toList()) {
            Matcher m = p.matcher(l);
            if (m.matches()) {
                long[] v = new long[8];
                for (int i = 0; i < 8; i++) {
                    v[i] = Long.parseLong(m.group(i + 1));
                }
                ranks.add(v);
                lastJoin = Math.max(lastJoin, v[3]);
                firstStart = Math.min(firstStart, v[1] > 0 ? v[1] : v[2]);
            }
        }
        assertEquals(RANKS, ranks.size(), "every rank printed its figures: " + out);
        ranks.sort((a, b) -> Long.compare(a[0], b[0]));
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "{\"test\":\"ClusterBoxTest\",\"case\":\"pool+table51\","
                        + "\"hosts\":%d,\"ranks\":%d,\"run_s\":%.1f,\"pool_formed_after_launch_s\":%.1f,"
                        + "\"first_jvm_to_last_join_s\":%.1f",
                HOSTS, RANKS, (ended - launched) / 1000.0, (lastJoin - launched) / 1000.0,
                (lastJoin - firstStart) / 1000.0));
        for (String[] f : new String[][] {{"rss_kb", "4"}, {"threads", "5"}, {"connections", "6"},
                {"shm_segments", "7"}}) {
            int i = Integer.parseInt(f[1]);
            long[] col = ranks.stream().mapToLong(v -> v[i]).sorted().toArray();
            s.append(String.format(Locale.ROOT, ",\"%1$s_min\":%2$d,\"%1$s_median\":%3$d,\"%1$s_max\":%4$d", f[0],
                    col[0], col[col.length / 2], col[col.length - 1]));
            if (f[0].equals("rss_kb")) {
                assertTrue(col[0] > 0, "RSS read from /proc");
            }
        }
        s.append(",\"ranks_left\":0").append(context()).append('}');
        assertNotEquals(0, lastJoin);
        return "ClusterBoxTest figures: " + s;
    }
}
