package io.mobula.examples.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.sor.SorMain;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Pools under a real Slurm: the test starts a private single-node cluster (slurmctld and slurmd in the foreground,
 * {@code auth/none}, everything in a temporary directory, free ports on 127.0.0.1) and runs SOR through
 * {@code srun} and through the sbatch script of docs/LAUNCHERS.md, with {@code bootstrap=rank0}: the ranks find rank
 * 0's coordinator from the step's environment alone. Skips, saying why, when Slurm is not installed
 * ({@code .ci/setup-slurm.sh}), the test is not root (slurmd launches tasks as root), or the daemons do not come up.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SlurmPoolTest {
    private static final List<String> TOOLS = List.of("slurmctld", "slurmd", "srun", "sbatch", "sinfo", "scontrol",
            "scancel");
    private static final String JVM_OPTS = "-Xmx96m -XX:+UseSerialGC -XX:TieredStopAtLevel=1";
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(40);

    private final Map<String, Path> tools = new HashMap<>();
    private final List<Process> daemons = new ArrayList<>();
    private Path dir;
    private Path conf;
    /** Set in the environment of the daemons and of every job, so that leftovers can be found by it. */
    private String marker;

    @BeforeAll
    void startCluster() throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux"), "Slurm test: Linux only");
        for (String t : TOOLS) {
            Path p = find(t);
            Assumptions.assumeTrue(p != null, "Slurm is not installed (" + t + " not found; .ci/setup-slurm.sh"
                    + " installs it as root)");
            tools.put(t, p);
        }
        int uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        Assumptions.assumeTrue(uid == 0, "slurmd must run as root to launch tasks; this test runs as uid " + uid);

        dir = Files.createTempDirectory("mobula-slurm");
        marker = dir.toString();
        for (String d : List.of("state", "spool", "log")) {
            Files.createDirectories(dir.resolve(d));
        }
        String node = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        node = node.contains(".") ? node.substring(0, node.indexOf('.')) : node;
        if (node.isEmpty()) {
            node = "localhost";
        }
        int ctldPort = freePort();
        int slurmdPort = freePort();
        while (slurmdPort == ctldPort) {
            slurmdPort = freePort();
        }
        conf = dir.resolve("slurm.conf");
        Files.writeString(conf, String.join("\n",
                "ClusterName=mobulatest",
                "SlurmctldHost=" + node + "(127.0.0.1)",
                "SlurmctldPort=" + ctldPort,
                "SlurmdPort=" + slurmdPort,
                "AuthType=auth/none",
                "CredType=cred/none",
                "SlurmUser=root",
                "SlurmdUser=root",
                // job ids, and so the coordinator ports derived from them, differ from another run's
                "FirstJobId=" + ThreadLocalRandom.current().nextInt(1000, 1_000_000),
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("slurmd.pid"),
                "SlurmctldLogFile=" + dir.resolve("log/slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("log/slurmd.log"),
                "ProctrackType=proctrack/pgid",
                "TaskPlugin=task/none",
                "MpiDefault=none",
                "SwitchType=switch/none",
                "SchedulerType=sched/builtin",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core",
                "ReturnToService=2",
                "JobCompType=jobcomp/none",
                "AccountingStorageType=accounting_storage/none",
                "JobAcctGatherType=jobacct_gather/none",
                "PlugStackConfig=/dev/null",
                "KillWait=2",
                "NodeName=" + node + " NodeAddr=127.0.0.1 CPUs=" + Runtime.getRuntime().availableProcessors()
                        + " State=UNKNOWN",
                "PartitionName=mobula Nodes=" + node + " Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4",
                ""));
        daemons.add(daemon("slurmctld", List.of(tools.get("slurmctld").toString(), "-D", "-i", "-f",
                conf.toString()), "slurmctld.out"));
        daemons.add(daemon("slurmd", List.of(tools.get("slurmd").toString(), "-D", "-N", node, "-f",
                conf.toString()), "slurmd.out"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String state = "";
        while (System.nanoTime() < deadline) {
            for (Process d : daemons) {
                if (!d.isAlive()) {
                    String why = "Slurm cannot run here: a daemon exited with code " + d.exitValue() + ": "
                            + logTail();
                    stopCluster();
                    Assumptions.abort(why);
                }
            }
            Result r = run(List.of(tools.get("sinfo").toString(), "-h", "-o", "%T"), Map.of(), Duration.ofSeconds(10));
            state = r.output.strip();
            if (r.code == 0 && state.equals("idle")) {
                return;
            }
            Thread.sleep(200);
        }
        String why = "Slurm cannot run here: the node is not idle within 30 s (sinfo: '" + state + "'): "
                + logTail();
        stopCluster();
        Assumptions.abort(why);
    }

    @AfterAll
    void stopCluster() throws Exception {
        if (dir == null) {
            return;
        }
        try {
            if (!daemons.isEmpty() && daemons.get(0).isAlive()) {
                run(List.of(tools.get("scancel").toString(), "--full", "--partition=mobula"), Map.of(),
                        Duration.ofSeconds(10));
            }
        } finally {
            for (Process d : daemons) {
                d.destroy();
            }
            for (Process d : daemons) {
                if (!d.waitFor(10, TimeUnit.SECONDS)) {
                    d.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
            daemons.clear();
            for (ProcessHandle p : leftovers()) {
                p.destroyForcibly();
            }
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            dir = null;
        }
    }

    @Test
    void srunFormsAPoolThatVerifiesSor() throws Exception {
        Result r = run(javaStep("30", "srun", "-n", "2", "--overcommit", "-l"), jobEnv(List.of()),
                STEP_TIMEOUT);
        assertEquals(0, r.code, r.output);
        assertTrue(r.output.contains("0: SOR 120x120, 30 iterations, 2 ranks: parallel"), r.output);
        assertTrue(r.output.contains("0: SOR result: bitwise equal to the sequential solver"), r.output);
        assertNoLeftovers();
    }

    @Test
    void aRankThatDiesFailsTheStepNamingItAndLeavesNoProcess() throws Exception {
        Result r = run(javaStep("100000000", "srun", "-n", "3", "--overcommit", "-l"),
                jobEnv(List.of("-Dsor.dieAtIteration.2=20", "-Dmobula.pool.leaseMs=2000")), STEP_TIMEOUT);
        assertNotEquals(0, r.code, r.output);
        assertTrue(r.output.contains("2: rank 2 dying at iteration 20"), r.output);
        for (int rank = 0; rank < 2; rank++) {
            Matcher m = Pattern.compile("(?m)^" + rank + ": SOR failed: pool 'slurm-\\d+\\.\\d+', rank " + rank
                    + ": rank 2 \\(pid \\d+ on \\S+").matcher(r.output);
            assertTrue(m.find(), "rank " + rank + " does not name the dead rank:\n" + r.output);
        }
        assertTrue(r.output.contains("task 2: Exited with exit code 3"), r.output);
        assertNoLeftovers();
    }

    @Test
    void theSbatchScriptOfTheDocsRunsSor() throws Exception {
        Path script = dir.resolve("sor.sbatch");
        Files.writeString(script, sbatchScriptFromDocs());
        Path out = dir.resolve("sbatch.out");
        Result submit = run(List.of(tools.get("sbatch").toString(), "--parsable", "--ntasks=2", "--overcommit",
                "--output=" + out, script.toString(), "120", "30"), jobEnv(List.of()), Duration.ofSeconds(10));
        assertEquals(0, submit.code, submit.output);
        String job = submit.output.strip().split(";")[0];
        long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
        String info = "";
        while (System.nanoTime() < deadline) {
            info = run(List.of(tools.get("scontrol").toString(), "-o", "show", "job", job), Map.of(),
                    Duration.ofSeconds(10)).output;
            if (info.contains("JobState=COMPLETED") || info.contains("JobState=FAILED")
                    || info.contains("JobState=CANCELLED") || info.contains("JobState=TIMEOUT")) {
                break;
            }
            Thread.sleep(200);
        }
        String output = Files.exists(out) ? Files.readString(out) : "(no output file)";
        assertTrue(info.contains("JobState=COMPLETED") && info.contains("ExitCode=0:0"), info + "\n" + output);
        assertTrue(output.contains("SOR 120x120, 30 iterations, 2 ranks: parallel"), output);
        assertTrue(output.contains("SOR result: bitwise equal to the sequential solver"), output);
        assertNoLeftovers();
    }

    /** The script in the "Slurm" section of docs/LAUNCHERS.md: the one block with #SBATCH lines. */
    private static String sbatchScriptFromDocs() throws IOException {
        Path docs = Path.of("..", "docs", "LAUNCHERS.md");
        if (!Files.exists(docs)) {
            docs = Path.of("docs", "LAUNCHERS.md");
        }
        String md = Files.readString(docs);
        Matcher m = Pattern.compile("```bash\n(#!/bin/bash\n#SBATCH.*?)```", Pattern.DOTALL).matcher(md);
        assertTrue(m.find(), "no sbatch script (```bash block starting #!/bin/bash, #SBATCH) in " + docs);
        return m.group(1);
    }

    /** {@code launcher launcherArgs} then java running {@code SorMain 120 iterations} in each task. */
    private List<String> javaStep(String iterations, String launcher, String... launcherArgs) {
        List<String> cmd = new ArrayList<>();
        cmd.add(tools.get(launcher).toString());
        cmd.addAll(List.of(launcherArgs));
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Dmobula.pool.bootstrap=rank0");
        cmd.add(SorMain.class.getName());
        cmd.add("120");
        cmd.add(iterations);
        return cmd;
    }

    /** Environment of srun/sbatch: the test's class path and java, small JVMs, and the leftover marker. */
    private Map<String, String> jobEnv(List<String> extraJvmOpts) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_CONF", conf.toString());
        env.put("CLASSPATH", System.getProperty("java.class.path"));
        env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH"));
        env.put("JAVA_TOOL_OPTIONS", JVM_OPTS + " -Dmobula.host=127.0.0.1 " + String.join(" ", extraJvmOpts));
        env.put("MOBULA_SLURM_TEST", marker);
        return env;
    }

    private Result run(List<String> cmd, Map<String, String> env, Duration timeout)
            throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(cmd);
        ProcessBuilder pb = new ProcessBuilder(full).redirectErrorStream(true).directory(dir.toFile());
        pb.environment().put("SLURM_CONF", conf.toString());
        pb.environment().putAll(env);
        Path log = Files.createTempFile(dir, "cmd", ".out");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
                throw new AssertionError(String.join(" ", full) + " did not end within " + timeout + ":\n"
                        + Files.readString(log));
            }
            return new Result(p.exitValue(), Files.readString(log));
        } finally {
            p.destroyForcibly();
        }
    }

    private record Result(int code, String output) {
    }

    private Process daemon(String name, List<String> cmd, String out) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(dir.toFile());
        pb.redirectOutput(dir.resolve("log").resolve(out).toFile());
        pb.environment().put("MOBULA_SLURM_TEST", marker);
        pb.environment().put("SLURM_CONF", conf.toString());
        Process p = pb.start();
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly, "stop-" + name));
        return p;
    }

    /** Processes started for this cluster (steps, tasks) other than the two daemons: none may outlive a job. */
    private List<ProcessHandle> leftovers() {
        List<ProcessHandle> found = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        // the daemons, and slurmctld's own helper (slurmscriptd), while the daemons run; slurmd's step daemons
        // and their tasks are what must not outlive a job
        List<Long> cluster = new ArrayList<>();
        for (Process d : daemons) {
            cluster.add(d.pid());
        }
        if (!daemons.isEmpty()) {
            daemons.get(0).descendants().forEach(h -> cluster.add(h.pid()));
        }
        for (ProcessHandle h : ProcessHandle.allProcesses().toList()) {
            if (h.pid() == self || cluster.contains(h.pid())) {
                continue;
            }
            if (ours(h.pid())) {
                found.add(h);
            }
        }
        return found;
    }

    /**
     * Whether a process belongs to this cluster's jobs: a task carries the marker in its environment (srun passes
     * the environment on); a step daemon (slurmstepd, which cleans its environment) works in the job's directory
     * or holds the cluster's log open.
     */
    private boolean ours(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            byte[] env = Files.readAllBytes(proc.resolve("environ"));
            if (new String(env, StandardCharsets.ISO_8859_1).contains("MOBULA_SLURM_TEST=" + marker + "\0")) {
                return true;
            }
            if (Files.readSymbolicLink(proc.resolve("cwd")).startsWith(dir)) {
                return true;
            }
            try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
                return fds.anyMatch(fd -> {
                    try {
                        return Files.readSymbolicLink(fd).startsWith(dir);
                    } catch (IOException | SecurityException gone) {
                        return false;
                    }
                });
            }
        } catch (IOException | SecurityException gone) {
            return false; // exited meanwhile, or not ours to read
        }
    }

    /** Slurm ends a step's processes shortly after srun returns: allow a few seconds, then none may be left. */
    private void assertNoLeftovers() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<ProcessHandle> left = leftovers();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = leftovers();
        }
        assertTrue(left.isEmpty(), "processes left behind: " + left.stream()
                .map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList());
    }

    private String logTail() {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> logs = Files.list(dir.resolve("log"))) {
            for (Path p : logs.sorted().toList()) {
                List<String> lines = Files.readAllLines(p);
                List<String> errors = lines.stream().filter(l -> l.contains("error") || l.contains("fatal"))
                        .toList();
                List<String> shown = errors.isEmpty() ? lines : errors;
                b.append(p.getFileName()).append(": ")
                        .append(String.join(" | ", shown.subList(Math.max(0, shown.size() - 3), shown.size())))
                        .append("; ");
            }
        } catch (IOException e) {
            b.append("(logs unreadable: ").append(e.getMessage()).append(')');
        }
        return b.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    private static Path find(String tool) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        dirs.addAll(List.of("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"));
        for (String d : dirs) {
            if (!d.isEmpty()) {
                Path p = Path.of(d, tool);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }
}
