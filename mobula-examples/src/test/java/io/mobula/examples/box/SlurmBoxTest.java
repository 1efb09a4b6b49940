package io.mobula.examples.box;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ClusterBox;
import io.mobula.examples.MarkedProcesses;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Slurm across a cluster in a box (docs/LAUNCHERS.md, "Slurm across the box"): one slurmctld in the launcher's
 * namespace and one slurmd per emulated host ({@code .ci/cluster-in-a-box.sh slurm}). {@code srun} starts 8 ranks on
 * 4 hosts (Slurm's block distribution: ranks 2h and 2h + 1 on host h) with {@code bootstrap=rank0}, each rank given
 * its host's address as the docs say; the pool forms from the step's environment alone, ranks of one host talk over
 * shared memory and ranks of two hosts over TCP, each host has its own {@code /dev/shm}, and Table 5.1, ASP and LEQ
 * verify. No rank is left afterwards. Skipped where the box cannot be made (root, {@code ip netns}, OpenSSH) or Slurm
 * is not installed ({@code .ci/setup-slurm.sh}).
 */
@Timeout(240)
class SlurmBoxTest {
    private static final int HOSTS = 4;
    private static final int RANKS = 8;
    /** Ranks per host: Slurm's block distribution puts ranks {@code PER_HOST * h} up to the next host's on host h. */
    private static final int PER_HOST = RANKS / HOSTS;
    private static final Duration STEP = Duration.ofSeconds(150);

    @Test
    void srunStartsRanksOnEveryHostThatUseShmWithinAndTcpAcrossHostsAndVerifyTable51() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (ClusterBox box = ClusterBox.upOrSkip(HOSTS)) {
            Path conf = box.slurmOrSkip();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // as docs/LAUNCHERS.md says for a step over several nodes: each rank listens on its node's address
            String rank = "exec " + java + " -Xmx64m -Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
                    + " -Dmobula.test.marker=" + marker + " -Dmobula.host=\"$(hostname -I | cut -d' ' -f1)\""
                    + " -Dmobula.pool.bootstrap=rank0 " + BoxRankMain.class.getName();
            ProcessBuilder pb = new ProcessBuilder("srun", "-N", Integer.toString(HOSTS), "-n",
                    Integer.toString(RANKS), "--overcommit", "--kill-on-bad-exit=1", "-l", "bash", "-c", rank)
                    .redirectErrorStream(true);
            pb.environment().put("SLURM_CONF", conf.toString());
            pb.environment().put("CLASSPATH", System.getProperty("java.class.path"));
            Path log = Files.createTempFile("mobula-slurm-box", ".out");
            pb.redirectOutput(log.toFile());
            Process srun = pb.start();
            String out;
            try {
                boolean ended = srun.waitFor(STEP.toMillis(), TimeUnit.MILLISECONDS);
                out = Files.readString(log, StandardCharsets.UTF_8);
                assertTrue(ended, "srun did not end within " + STEP + ":\n" + out);
            } finally {
                srun.destroyForcibly();
                Files.deleteIfExists(log);
            }
            assertEquals(0, srun.exitValue(), out);
            assertTrue(out.contains("0: [gmi] table 5.1: all 14 rows verified on " + RANKS + " processes"), out);
            assertTrue(out.contains("0: asp gmi result: verified against the sequential version"), out);
            assertTrue(out.contains("0: leq gmi result: verified against the sequential version"), out);
            Pattern reached = Pattern.compile("(\\d+): reached (\\d+): (\\S+) shmdev=(\\S+) id=\\S+ via (\\w+)");
            Map<String, String> shmOfHost = new HashMap<>();
            int[] from = new int[RANKS];
            // srun -l pads the labels to the width of the largest (" 0:" from 10 ranks on)
            for (String l : out.lines().map(String::strip).filter(l -> l.matches("\\d+: reached .*")).toList()) {
                Matcher m = reached.matcher(l);
                assertTrue(m.matches(), l);
                int a = Integer.parseInt(m.group(1));
                int b = Integer.parseInt(m.group(2));
                assertEquals(box.hosts.get(b / PER_HOST), m.group(3),
                        "rank " + b + "'s host (block distribution): " + l);
                assertEquals(a / PER_HOST == b / PER_HOST ? "shm" : "tcp", m.group(5), l);
                String before = shmOfHost.putIfAbsent(m.group(3), m.group(4));
                assertEquals(before == null ? m.group(4) : before, m.group(4), "one /dev/shm per host: " + l);
                from[a]++;
            }
            for (int r = 0; r < RANKS; r++) {
                assertTrue(from[r] >= 2, "rank " + r + " reached its mate and its neighbours: " + out);
                int self = r;
                int host = r / PER_HOST;
                String mates = IntStream.range(host * PER_HOST, (host + 1) * PER_HOST)
                        .filter(m -> m != self).mapToObj(Integer::toString)
                        .collect(Collectors.joining(", ", "[", "]"));
                assertTrue(out.contains(r + ": mates " + mates + "\n"), "rank " + r + "'s mates: " + out);
            }
            assertEquals(HOSTS, shmOfHost.size(), shmOfHost.toString());
            assertEquals(HOSTS, Set.copyOf(shmOfHost.values()).size(), "each host its own /dev/shm: " + shmOfHost);
        } finally {
            MarkedProcesses.assertNoneLeft(marker, Duration.ofSeconds(15));
        }
    }
}
