package io.mobula.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A cluster in a box for tests: H emulated hosts, each a network namespace with its own address, sshd and
 * {@code /dev/shm}, joined by a bridge; made and removed by {@code .ci/cluster-in-a-box.sh} (the one implementation,
 * which a user runs by hand too; docs/LAUNCHERS.md, "Cluster in a box"). Closing removes the box with every process
 * in it; so does a shutdown hook if the test JVM exits first, and the script's next {@code up} if the test JVM was
 * killed (the box names this JVM as its owner).
 */
public final class ClusterBox implements AutoCloseable {
    private static final String SSHD = "/usr/sbin/sshd";
    /** Boxes made by this JVM, for unique names. */
    private static final AtomicInteger BOXES = new AtomicInteger();

    /** The box's name (prefix of its namespaces). */
    public final String name;
    /** The hosts' addresses, in host order: the {@code --hosts} of {@code mobula run}. */
    public final List<String> hosts;
    /** Host namespaces, in host order. */
    public final List<String> namespaces;
    /** The launcher's address on the box's subnet: the {@code --bind} of {@code mobula run}. */
    public final String bind;
    /** The ssh command with the box's key: the {@code --ssh} of {@code mobula run}. */
    public final String ssh;
    private final Path script;
    private final Thread cleanup;

    private ClusterBox(String name, Map<String, String> env, Path script) {
        this.name = name;
        this.hosts = List.of(env.get("BOX_HOSTS").split(","));
        this.namespaces = List.of(env.get("BOX_NAMESPACES").split(","));
        this.bind = env.get("BOX_BIND");
        this.ssh = env.get("BOX_SSH");
        this.script = script;
        this.cleanup = new Thread(this::down, "cluster-box-down");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /**
     * Makes a box of {@code hostCount} hosts, or skips the test (JUnit assumption) with the reason where it cannot be
     * made: not root, no {@code ip netns}, no OpenSSH ({@code .ci/setup-ssh.sh} installs it).
     */
    public static ClusterBox upOrSkip(int hostCount) throws IOException, InterruptedException {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "skipped: needs root to create network namespaces and run sshd");
        Assumptions.assumeTrue(Files.isExecutable(Path.of(SSHD)),
                "skipped: " + SSHD + " not found (.ci/setup-ssh.sh installs it)");
        for (String tool : List.of("ssh", "ssh-keygen", "ip")) {
            Assumptions.assumeTrue(onPath(tool), "skipped: " + tool + " not found (.ci/setup-ssh.sh installs ssh)");
        }
        long pid = ProcessHandle.current().pid();
        String probe = "mbxprobe" + pid % 100000;
        String why = Netns.ip("netns", "add", probe);
        Assumptions.assumeTrue(why == null, "skipped: cannot create network namespaces here: " + why);
        Netns.ip("netns", "del", probe);
        Path script = repoRoot().resolve(".ci").resolve("cluster-in-a-box.sh");
        String name = "mbx" + pid % 100000 + Integer.toString(BOXES.getAndIncrement() % 36, 36);
        String out = run(script, "up", Integer.toString(hostCount), "--name", name, "--owner", Long.toString(pid));
        Map<String, String> env = new HashMap<>();
        out.lines().filter(l -> l.startsWith("BOX_") && l.contains("="))
                .forEach(l -> env.put(l.substring(0, l.indexOf('=')), unquote(l.substring(l.indexOf('=') + 1))));
        ClusterBox box = new ClusterBox(name, env, script);
        assertEquals(hostCount, box.hosts.size(), out);
        return box;
    }

    /** The address of the host rank {@code r} runs on under {@code mobula run --hosts} (round-robin). */
    public String hostOf(int rank) {
        return hosts.get(rank % hosts.size());
    }

    /** The {@code mobula run} options that start ranks across the box. */
    public List<String> runOptions() {
        return List.of("--hosts", String.join(",", hosts), "--bind", bind, "--ssh", ssh);
    }

    /**
     * Starts Slurm across the box ({@code .ci/cluster-in-a-box.sh slurm}: one slurmctld in this namespace, one slurmd
     * per host, node {@code hI} at host I's address) and returns its {@code slurm.conf} (for {@code SLURM_CONF}), or
     * skips the test (JUnit assumption) when Slurm is not installed ({@code .ci/setup-slurm.sh} installs it). Closing
     * the box stops Slurm too.
     */
    public Path slurmOrSkip() throws IOException, InterruptedException {
        for (String tool : List.of("slurmctld", "slurmd", "srun", "sinfo")) {
            Assumptions.assumeTrue(onPath(tool), "skipped: " + tool + " not found (.ci/setup-slurm.sh installs Slurm)");
        }
        String out = run(script, "slurm", name);
        return out.lines().filter(l -> l.startsWith("SLURM_CONF=")).map(l -> Path.of(unquote(l.substring(11))))
                .findFirst().orElseThrow(() -> new AssertionError("no SLURM_CONF from the box's script: " + out));
    }

    /** Kills (SIGKILL) every process of host {@code i} (0-based) at once: its sshd, sessions and ranks. */
    public void killHost(int i) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", "ip netns pids \"$0\" | xargs -r kill -KILL", namespaces.get(i))
                .redirectErrorStream(true).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
    }

    @Override
    public void close() {
        down();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException ignored) {
            // the JVM is shutting down; the hook runs anyway
        }
    }

    private void down() {
        try {
            run(script, "down", name);
        } catch (Exception | AssertionError ignored) {
            // best effort; the next `up` removes a box whose owner is gone
        }
    }

    private static String run(Path script, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] bytes;
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + ": timed out");
        }
        bytes = p.getInputStream().readAllBytes();
        String out = new String(bytes, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + out);
        return out;
    }

    /** {@code 'v'} as the script prints it: {@code v} (the values hold no quotes). */
    private static String unquote(String v) {
        return v.length() >= 2 && v.startsWith("'") && v.endsWith("'") ? v.substring(1, v.length() - 1) : v;
    }

    /** The repository's root (tests run in the module's directory, or in the root). */
    private static Path repoRoot() {
        Path here = Path.of("").toAbsolutePath();
        return Files.exists(here.resolve(".ci").resolve("cluster-in-a-box.sh")) ? here : here.getParent();
    }

    private static boolean onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        return Stream.of((path + ":/usr/sbin:/sbin").split(":"))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, tool)));
    }
}
