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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * A cluster in a box ({@link ClusterBox}, {@code .ci/cluster-in-a-box.sh}): 8 emulated hosts, each a network
 * namespace with its own address, sshd and {@code /dev/shm}, and 32 ranks started on them by {@code mobula run
 * --hosts} through ssh, 4 per host. Checks that the pool forms, that every rank knows its 3 host mates, that calls
 * between host mates go over shared memory and all others over TCP (per connection, for each rank's mates and
 * neighbours and for every connection of rank 0), that each host has a {@code /dev/shm} of its own, that every row of
 * the thesis's Table 5.1 verifies on the 32 ranks (relay trees and binomial combines across hosts), that ASP and LEQ
 * verify against their sequential versions in the same job, and that SOR on 32 ranks equals the sequential solver bit
 * for bit; prints the figures of the run (pool formation, memory, threads and
 * connections per rank) and checks that no rank is left. Then a GMI run through a host cut off, and last a RepMI cloud
 * through a sequencer kill, a host kill, a link cut between two hosts and the loss of the coordinator's host. Needs
 * root, {@code ip netns} and OpenSSH; skipped with the reason otherwise.
 */
@Timeout(300)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
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
            assertTrue(out.contains("[0] asp gmi result: verified against the sequential version"), out);
            assertTrue(out.contains("[0] leq gmi result: verified against the sequential version"), out);
            Matcher kernels = Pattern.compile("\\[0] kernels asp=verified leq=verified in (\\d+) ms").matcher(out);
            assertTrue(kernels.find(), out);
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
            figures = figures(out, launched, ended, Long.parseLong(kernels.group(1)));
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

    /**
     * A RepMI cloud through faults, on 4 of the box's hosts with 2 ranks each (rank r on host r mod 4), every rank
     * writing ({@link BoxCloudMain}), started by {@code mobula run --keep-going} so that the job outlives its lost
     * ranks. In turn: (a) {@code kill -9} of the sequencer's rank (rank 0); (b) a host killed (every process of host
     * 3's namespace at once: ranks 2 and 6, their sessions and sshd); (c) the link between hosts 2 and 4 only cut (a
     * blackhole route to each other's address in both, so no packet passes between them while both still reach
     * everyone else); then the survivors stop, sync and compare: every replica equal, no value twice, each writer's
     * values present are 0 .. k - 1 with none missing and hold every push that returned. Last, (d) the pool
     * coordinator's host dies (the launcher's link goes down and stays down): every remaining rank's next push fails
     * within a bound with a clear error and the rank exits, the launcher gives every host up through ssh's
     * keep-alives and returns by itself naming each, and nothing is left on either side while the link is still
     * down. Runs last: it kills a host of the box.
     */
    @Test
    @Order(Integer.MAX_VALUE) // after the others (unordered tests come at Order.DEFAULT)
    void aRepmiCloudKeepsIdenticalReplicasThroughASequencerKillAHostKillAndACutLink() throws Exception {
        int hosts = 4;
        int ranks = 2 * hosts;
        String marker = UUID.randomUUID().toString();
        Path dir = Files.createTempDirectory("mobula-box-cloud");
        List<String> argv = new ArrayList<>(List.of("--np", Integer.toString(ranks), "--timeout", "120",
                "--keep-going", "--hosts", String.join(",", box.hosts.subList(0, hosts)), "--bind", box.bind,
                "--ssh", box.ssh));
        argv.addAll(List.of("-J", "-Dmobula.test.marker=" + marker));
        for (String a : RANK_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.add(BoxCloudMain.class.getName());
        argv.add(dir.toString());
        String cutA = box.hosts.get(1);
        String cutB = box.hosts.get(3);
        boolean routesCut = false;
        boolean launcherCut = false;
        long launched = System.currentTimeMillis();
        StringBuilder json = new StringBuilder();
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            CloudLogs logs = new CloudLogs(dir, run);
            List<Integer> alive = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
            logs.await(Duration.ofSeconds(150), "every rank writing", () -> {
                for (int r : alive) {
                    if (logs.count(r, "pushed ") < 1) {
                        return false;
                    }
                }
                return true;
            });
            json.append(String.format(Locale.ROOT, ",\"hosts\":%d,\"ranks\":%d,\"all_writing_after_launch_s\":%.1f",
                    hosts, ranks, (System.currentTimeMillis() - launched) / 1000.0));

            // (a) the sequencer's rank, kill -9
            long seqPid = rankPid(marker, 0);
            long killedAt = System.currentTimeMillis();
            ProcessHandle.of(seqPid).ifPresent(ProcessHandle::destroyForcibly);
            alive.remove(Integer.valueOf(0));
            long[] a = logs.awaitGoneAndWriting(alive, List.of(0), killedAt);
            json.append(String.format(Locale.ROOT, ",\"sequencer_kill\":{\"detected_s\":%.1f,\"all_heard_s\":%.1f,"
                    + "\"writing_again_s\":%.1f}", a[0] / 1000.0, a[1] / 1000.0, a[2] / 1000.0));

            // (b) host 3 (index 2): ranks 2 and 6, every process of its namespace at once
            long hostKilledAt = System.currentTimeMillis();
            box.killHost(2);
            alive.removeAll(List.of(2, 6));
            long[] b = logs.awaitGoneAndWriting(alive, List.of(2, 6), hostKilledAt);
            json.append(String.format(Locale.ROOT, ",\"host_kill\":{\"detected_s\":%.1f,\"all_heard_s\":%.1f,"
                    + "\"writing_again_s\":%.1f}", b[0] / 1000.0, b[1] / 1000.0, b[2] / 1000.0));

            // (c) the link between host 2 (ranks 1, 5) and host 4 (ranks 3, 7) only: one side must go
            long cutAt = System.currentTimeMillis();
            check(ip("-n", box.namespaces.get(1), "route", "add", "blackhole", cutB + "/32"));
            routesCut = true;
            check(ip("-n", box.namespaces.get(3), "route", "add", "blackhole", cutA + "/32"));
            List<Integer> cutSide = List.of(1, 3, 5, 7);
            List<Integer> dropped = new ArrayList<>();
            logs.await(Duration.ofSeconds(60), "one side of the cut link dropped, the others writing on", () -> {
                dropped.clear();
                for (int r : cutSide) {
                    if (logs.count(r, "failed ") > 0) {
                        dropped.add(r);
                    }
                }
                for (int x : cutSide) {
                    for (int y : cutSide) {
                        if (x % hosts == 1 && y % hosts == 3 && !dropped.contains(x) && !dropped.contains(y)) {
                            return false; // both ends of the cut link still in
                        }
                    }
                }
                for (int r : alive) {
                    if (dropped.contains(r)) {
                        continue;
                    }
                    List<String> l = logs.lines(r);
                    int last = -1;
                    for (int d : dropped) {
                        int at = -1;
                        for (int i = 0; i < l.size() && at < 0; i++) {
                            at = l.get(i).startsWith("gone " + d + " ") ? i : -1;
                        }
                        if (at < 0) {
                            return false;
                        }
                        last = Math.max(last, at);
                    }
                    if (l.subList(last, l.size()).stream().filter(x -> x.startsWith("pushed ")).count() < 2) {
                        return false;
                    }
                }
                for (int d : dropped) {
                    if (logs.count(d, "read ") == 0) {
                        return false;
                    }
                }
                return true;
            });
            long cutDecided = System.currentTimeMillis();
            assertTrue(!dropped.contains(4), "rank 4 (host 1) is on neither end of the cut: " + logs.dump());
            long firstGone = Long.MAX_VALUE;
            String why = null;
            for (int r : alive) {
                for (String l : logs.lines(r)) {
                    String[] f = l.split(" ", 5);
                    if (l.startsWith("gone ") && dropped.contains(Integer.parseInt(f[1]))) {
                        if (Long.parseLong(f[2]) < firstGone) {
                            firstGone = Long.parseLong(f[2]);
                            why = l;
                        }
                    }
                }
            }
            for (int d : dropped) {
                String read = logs.lines(d).stream().filter(l -> l.startsWith("read ")).findFirst().orElseThrow();
                assertTrue(read.startsWith("read fails too: RepMI stopped in this process:")
                        && read.contains("rank " + d + " was declared gone (dropped: it and rank"),
                        "a dropped replica serves no stale state, and says why: " + read);
            }
            System.out.println("ClusterBoxTest: link between hosts 2 and 4 cut; dropped " + dropped + "; first: "
                    + why);
            assertTrue(why != null && why.contains("cannot reach each other though both reach the coordinator"), why);
            alive.removeAll(dropped);
            json.append(String.format(Locale.ROOT, ",\"link_cut\":{\"dropped\":%s,\"first_dropped_s\":%.1f,"
                    + "\"settled_s\":%.1f}", dropped, (firstGone - cutAt) / 1000.0, (cutDecided - cutAt) / 1000.0));
            check(ip("-n", box.namespaces.get(1), "route", "del", "blackhole", cutB + "/32"));
            check(ip("-n", box.namespaces.get(3), "route", "del", "blackhole", cutA + "/32"));
            routesCut = false;

            // the survivors stop, sync and compare
            Files.createFile(dir.resolve("stop"));
            logs.await(Duration.ofSeconds(30), "survivors " + alive + " stopping", () -> alive.stream()
                    .allMatch(r -> logs.count(r, "stopped-writing ") == 1));
            Files.createFile(dir.resolve("check"));
            logs.await(Duration.ofSeconds(30), "survivors " + alive + " reporting their replicas", () -> alive
                    .stream().allMatch(r -> Files.exists(dir.resolve("values-" + r))));
            int[] values = null;
            for (int r : alive) {
                int[] v = java.util.Arrays.stream(Files.readString(dir.resolve("values-" + r)).split(","))
                        .mapToInt(Integer::parseInt).toArray();
                if (values == null) {
                    values = v;
                }
                assertTrue(java.util.Arrays.equals(values, v), "replica " + r + " differs from replica " + alive.get(0));
            }
            Map<Integer, Integer> perWriter = new java.util.TreeMap<>();
            StringBuilder droppedWrites = new StringBuilder();
            assertEquals(values.length, java.util.Arrays.stream(values).distinct().count(), "no value applied twice");
            for (int w = 0; w < ranks; w++) {
                int writer = w;
                int[] mine = java.util.Arrays.stream(values).filter(v -> v / 1_000_000 == writer).sorted().toArray();
                for (int i = 0; i < mine.length; i++) {
                    assertEquals(writer * 1_000_000 + i, mine[i], "rank " + w + "'s values present are 0 .. k - 1");
                }
                perWriter.put(w, mine.length);
                List<String> l = logs.lines(w);
                if (alive.contains(w)) {
                    int returned = Integer.parseInt(l.stream().filter(x -> x.startsWith("stopped-writing "))
                            .findFirst().orElseThrow().split(" ")[1]);
                    assertEquals(returned, mine.length, "survivor " + w + ": every push that returned, no other");
                } else if (dropped.contains(w)) {
                    // a dropped writer's last pushes may be missing when the sequencer went with it (they returned
                    // on its side of the cut, and no survivor got their order); none beyond its failed one is there
                    int returned = Integer.parseInt(l.stream().filter(x -> x.startsWith("failed write "))
                            .findFirst().orElseThrow().split(" ")[2]);
                    assertTrue(mine.length <= returned + 1, "dropped rank " + w + ": at most its " + returned
                            + " returned pushes and the failed one: " + mine.length);
                    droppedWrites.append(droppedWrites.isEmpty() ? "" : ",").append(String.format(Locale.ROOT,
                            "{\"rank\":%d,\"returned\":%d,\"present\":%d}", w, returned, mine.length));
                }
            }
            long applied = values.length;
            System.out.println("ClusterBoxTest: survivors " + alive + " agree on " + applied + " values, per writer "
                    + perWriter);
            json.append(String.format(Locale.ROOT, ",\"survivors\":%s,\"values_applied\":%d,"
                    + "\"values_per_writer\":%s,\"dropped_writers\":[%s]", alive, applied, perWriter.values(),
                    droppedWrites));

            // (d) the pool coordinator's host (the launcher's) is cut off: every rank stops with a clear error
            Files.createFile(dir.resolve("go"));
            logs.await(Duration.ofSeconds(30), "survivors writing again", () -> alive.stream()
                    .allMatch(r -> logs.count(r, "writing-on") == 1));
            long coordinatorCutAt = System.currentTimeMillis();
            check(ip("link", "set", box.name, "down"));
            launcherCut = true;
            logs.await(Duration.ofSeconds(40), "survivors " + alive + " stopping without the coordinator",
                    () -> alive.stream().allMatch(r -> logs.count(r, "read ") == 1));
            long lastStop = 0;
            for (int r : alive) {
                List<String> l = logs.lines(r);
                String failed = l.stream().filter(x -> x.startsWith("failed coordinator ")).findFirst()
                        .orElseThrow(() -> new AssertionError("rank " + r + ": " + l));
                assertTrue(failed.contains("RepMI stopped in this process: this process lost the pool coordinator"),
                        failed);
                lastStop = Math.max(lastStop, Long.parseLong(failed.split(" ")[3]));
                String read = l.stream().filter(x -> x.startsWith("read ")).findFirst().orElseThrow();
                assertTrue(read.startsWith("read fails too: RepMI stopped"), read);
            }
            // the launcher, alone on its side, gives every host up after 15 s of silence (ssh's keep-alives) and
            // ends the job by itself, naming each host; the hosts' sshd drop the sessions of the silent launcher
            // (ClientAliveInterval), so no process is left on either side while the link is still down
            assertEquals(137, run.waitFor(Duration.ofSeconds(40)), run.output());
            long launcherEnded = System.currentTimeMillis();
            String out = run.output();
            assertTrue(out.contains("mobula run: rank 0 on host " + box.hosts.get(0) + " exited with code 137; the"
                    + " other ranks go on (--keep-going)"), out);
            for (int r : alive) {
                String host = box.hosts.get(r % hosts);
                // the box's ssh runs with LogLevel=ERROR, so ssh's own "Timeout, server ... not responding." is
                // not printed and the launcher names every cause of code 255
                assertTrue(out.contains("mobula run: rank " + r + " on host " + host + " exited with code 255 (ssh's"
                        + " code: " + host + " unreachable, silent for 15 s (down or cut off), or its connection"
                        + " lost)"), out);
            }
            MarkedProcesses.assertNoneLeft(marker, Duration.ofSeconds(30));
            json.append(String.format(Locale.ROOT, ",\"coordinator_host_cut\":{\"last_rank_stopped_s\":%.1f,"
                    + "\"launcher_ended_s\":%.1f,\"nothing_left_s\":%.1f}", (lastStop - coordinatorCutAt) / 1000.0,
                    (launcherEnded - coordinatorCutAt) / 1000.0, (System.currentTimeMillis() - coordinatorCutAt)
                    / 1000.0));
            json.append(String.format(Locale.ROOT, ",\"run_s\":%.1f", (System.currentTimeMillis() - launched)
                    / 1000.0));
        } finally {
            if (routesCut) {
                ip("-n", box.namespaces.get(1), "route", "del", "blackhole", cutB + "/32");
                ip("-n", box.namespaces.get(3), "route", "del", "blackhole", cutA + "/32");
            }
            if (launcherCut) {
                ip("link", "set", box.name, "up");
            }
            MarkedProcesses.assertNoneLeft(marker, Duration.ofSeconds(30));
            try (java.util.stream.Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
        System.out.println("ClusterBoxTest figures: {\"test\":\"ClusterBoxTest\",\"case\":\"repmi-faults\"" + json
                + context() + "}");
    }

    /** The pid of rank {@code rank}'s JVM among the processes marked {@code marker}. */
    private static long rankPid(String marker, int rank) throws Exception {
        for (long pid : MarkedProcesses.find(marker, true)) {
            String cmd = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"));
            if (cmd.contains("\0-Dmobula.pool.rank=" + rank + "\0")) {
                return pid;
            }
        }
        throw new AssertionError("no process of rank " + rank);
    }

    /** The report files of {@link BoxCloudMain}'s ranks. */
    private record CloudLogs(Path dir, ChildJvm run) {
        List<String> lines(int r) {
            try {
                Path f = dir.resolve("rank-" + r + ".log");
                return Files.exists(f) ? Files.readAllLines(f) : List.of();
            } catch (java.io.IOException e) {
                return List.of(); // being written: read again
            }
        }

        long count(int r, String prefix) {
            return lines(r).stream().filter(l -> l.startsWith(prefix)).count();
        }

        String dump() {
            StringBuilder s = new StringBuilder();
            for (int r = 0; r < 8; r++) {
                List<String> l = lines(r);
                s.append("rank ").append(r).append(": ").append(
                        l.stream().filter(x -> !x.startsWith("pushed ")).toList()).append(", pushed lines ")
                        .append(l.stream().filter(x -> x.startsWith("pushed ")).count()).append('\n');
            }
            return s.toString();
        }

        void await(Duration within, String what, java.util.function.BooleanSupplier done)
                throws InterruptedException {
            long deadline = System.nanoTime() + within.toNanos();
            while (!done.getAsBoolean()) {
                assertTrue(System.nanoTime() < deadline, what + " not within " + within + ":\n" + dump()
                        + run.output());
                Thread.sleep(50);
            }
        }

        /**
         * Waits until every rank of {@code alive} heard that every rank of {@code gone} is gone and has written at
         * least 20 more values since (two {@code pushed} lines after the last of those). Returns, in ms after
         * {@code since}: the first survivor hearing of it, the last, and the time all were writing again.
         */
        long[] awaitGoneAndWriting(List<Integer> alive, List<Integer> gone, long since) throws InterruptedException {
            long[] heard = {Long.MAX_VALUE, 0};
            await(Duration.ofSeconds(40), "ranks " + alive + " hearing that " + gone + " are gone, writing on", () -> {
                long first = Long.MAX_VALUE;
                long last = 0;
                for (int r : alive) {
                    List<String> l = lines(r);
                    int after = -1;
                    for (int g : gone) {
                        int at = -1;
                        for (int i = 0; i < l.size(); i++) {
                            if (l.get(i).startsWith("gone " + g + " ")) {
                                at = i;
                                long t = Long.parseLong(l.get(i).split(" ")[2]);
                                first = Math.min(first, t);
                                last = Math.max(last, t);
                                break;
                            }
                        }
                        if (at < 0) {
                            return false;
                        }
                        after = Math.max(after, at);
                    }
                    assertTrue(l.stream().noneMatch(x -> x.startsWith("failed ")), "rank " + r + " failed: " + l);
                    if (l.subList(after, l.size()).stream().filter(x -> x.startsWith("pushed ")).count() < 2) {
                        return false;
                    }
                }
                heard[0] = first;
                heard[1] = last;
                return true;
            });
            return new long[] {heard[0] - since, heard[1] - since, System.currentTimeMillis() - since};
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
    private static String figures(String out, long launched, long ended, long kernelsMs) {
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
                        + "\"first_jvm_to_last_join_s\":%.1f,\"asp_leq_64_s\":%.1f",
                HOSTS, RANKS, (ended - launched) / 1000.0, (lastJoin - launched) / 1000.0,
                (lastJoin - firstStart) / 1000.0, kernelsMs / 1000.0));
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
