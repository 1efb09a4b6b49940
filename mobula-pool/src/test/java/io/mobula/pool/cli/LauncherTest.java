package io.mobula.pool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LauncherTest {
    private static RunOptions parse(String... a) throws RunOptions.UsageException {
        return RunOptions.parse(List.of(a), "/jdk/bin/java", "/cp", "me.example", null);
    }

    @Test
    void parsesOptionsAndKeepsProgramArguments() throws Exception {
        RunOptions o = parse("--np", "4", "-J", "-Xmx1g", "p.Main", "--np", "x");
        assertEquals(4, o.np());
        assertEquals("p.Main", o.mainClass());
        assertEquals(List.of("--np", "x"), o.args());
        assertEquals(List.of("-Xmx1g"), o.jvmArgs());
        assertEquals("127.0.0.1", o.bind());
        assertEquals(null, o.hostOf(3));
        RunOptions h = parse("--np", "3", "--hosts", "a,b", "--timeout", "5", "p.Main");
        assertEquals(List.of("a", "b"), h.hosts());
        assertEquals("a", h.hostOf(2));
        assertEquals("me.example", h.bind());
        assertEquals(Duration.ofSeconds(5), h.joinTimeout());
        assertEquals(0, h.stagger()); // the default
        assertEquals(4, parse("--np", "32", "--hosts", "a,b", "--stagger", "4", "p.Main").stagger());
        assertFalse(h.keepGoing()); // the default: the first failing rank stops the others
        RunOptions k = parse("--np", "8", "--keep-going", "p.Main", "--keep-going");
        assertTrue(k.keepGoing());
        assertEquals(List.of("--keep-going"), k.args()); // after the main class: the program's
        assertTrue(assertThrows(RunOptions.UsageException.class, () -> parse("--np", "2", "--stagger", "0", "M"))
                .getMessage().contains("--stagger needs a positive number"));
    }

    @Test
    void badCommandLinesSayWhatIsWrong() {
        assertEquals("--np N is required", assertThrows(RunOptions.UsageException.class,
                () -> parse("p.Main")).getMessage());
        assertTrue(assertThrows(RunOptions.UsageException.class, () -> parse("--np", "0", "p.Main")).getMessage()
                .contains("positive"));
        assertEquals("no main class given", assertThrows(RunOptions.UsageException.class,
                () -> parse("--np", "2")).getMessage());
        assertEquals("unknown option: --frobnicate", assertThrows(RunOptions.UsageException.class,
                () -> parse("--np", "2", "--frobnicate", "p.Main")).getMessage());
        assertTrue(assertThrows(RunOptions.UsageException.class, () -> parse("--np", "2", "--hosts", "a;rm", "M"))
                .getMessage().contains("bad host"));

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = MobulaRun.run(List.of("--np"), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("--np needs a value") && text.contains("usage: mobula run"), text);
    }

    @Test
    void sshCommandComesFromSshOptionOrMobulaSshAndIsSplitLikeAShellWould() throws Exception {
        assertEquals(List.of("ssh"), parse("--np", "1", "--hosts", "a", "p.Main").ssh());
        RunOptions env = RunOptions.parse(List.of("--np", "1", "--hosts", "a", "p.Main"), "/j", "/cp", "me",
                "ssh -i '/keys/my key' -p 2222");
        assertEquals(List.of("ssh", "-i", "/keys/my key", "-p", "2222"), env.ssh());
        RunOptions opt = RunOptions.parse(List.of("--np", "1", "--ssh", "/opt/ssh -o \"ProxyJump gw\" -x\\ y",
                "p.Main"), "/j", "/cp", "me", "ssh -p 1");
        assertEquals(List.of("/opt/ssh", "-o", "ProxyJump gw", "-x y"), opt.ssh());
        List<String> cmd = RankCommand.ssh(env.ssh(), "node1", "/", Map.of(), List.of("java"));
        // the user's options come first: for ssh, the first value given for an option wins
        assertEquals(List.of("ssh", "-i", "/keys/my key", "-p", "2222", "-o", "BatchMode=yes", "-o",
                "ConnectTimeout=10", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3", "node1"),
                cmd.subList(0, 14));
        assertEquals("unbalanced ' in 'ssh -i 'x'", assertThrows(RunOptions.UsageException.class,
                () -> parse("--np", "1", "--ssh", "ssh -i 'x", "p.Main")).getMessage());
        assertTrue(assertThrows(RunOptions.UsageException.class,
                () -> parse("--np", "1", "--ssh", "  ", "p.Main")).getMessage().contains("--ssh needs a command"));
        assertTrue(assertThrows(RunOptions.UsageException.class, () -> RunOptions.parse(List.of("--np", "1",
                "p.Main"), "/j", "/cp", "me", "ssh \"")).getMessage().startsWith("MOBULA_SSH: unbalanced"));
    }

    @Test
    void aSilentHostEndsItsSshSessionsAfterABoundedTimeAndTheMessageNamesIt() throws Exception {
        // the keep-alives: ssh asks a silent host every 5 s and gives it up after 3 unanswered questions
        List<String> cmd = RankCommand.ssh(List.of("ssh"), "node7", "/", Map.of(), List.of("java"));
        int interval = cmd.indexOf("ServerAliveInterval=5");
        int count = cmd.indexOf("ServerAliveCountMax=3");
        assertTrue(interval > 0 && count > 0 && cmd.get(interval - 1).equals("-o") && cmd.get(count - 1).equals("-o")
                && count < cmd.indexOf("node7"), cmd.toString());
        assertEquals(15, RankCommand.DEAD_AFTER_S);
        // the user's own value comes first, and for ssh the first value given wins
        List<String> own = RankCommand.ssh(List.of("ssh", "-o", "ServerAliveInterval=60"), "node7", "/", Map.of(),
                List.of("java"));
        assertTrue(own.indexOf("ServerAliveInterval=60") < own.indexOf("ServerAliveInterval=5"), own.toString());
        // ssh's own line when it gives a host up, and what the launcher makes of it
        assertTrue(RankCommand.isKeepAliveTimeout("Timeout, server 10.79.3.4 not responding."));
        assertFalse(RankCommand.isKeepAliveTimeout("ssh: connect to host 10.79.3.4 port 22: Connection refused"));
        assertFalse(RankCommand.isKeepAliveTimeout("[3] Timeout, server x not responding. (a rank's own output)"));
        assertEquals(" (host node7 did not answer for 15 s: it is down or cut off)",
                RankCommand.sshFailure("node7", true, false));
        assertEquals(" (host node7 did not answer for 15 s: it is down or cut off)",
                RankCommand.sshFailure("node7", true, true));
        assertEquals(" (ssh's code when it cannot connect or log in to node7, or node7 was silent for 15 s (down or"
                + " cut off); ssh's message, if any, is above)", RankCommand.sshFailure("node7", false, false));
        assertEquals(" (ssh's code: node7 unreachable, silent for 15 s (down or cut off), or its connection lost)",
                RankCommand.sshFailure("node7", false, true));
    }

    @Test
    void sshCommandRunsTheRankInTheRightDirectoryWithItsEnvironment() throws Exception {
        RunOptions o = parse("--np", "2", "--hosts", "node1", "p.Main", "it's", "a b");
        List<String> java = RankCommand.java(o, List.of(), 1, "pool-x", "head:1100", "node1");
        assertTrue(java.containsAll(List.of("-Dmobula.pool.rank=1", "-Dmobula.pool.size=2",
                "-Dmobula.host=node1", "-Dmobula.pool.server=head:1100", "p.Main", "it's", "a b")), java.toString());
        Map<String, String> env = RankCommand.env(1, 2, "pool-x", "head:1100");
        List<String> ssh = RankCommand.ssh(List.of("ssh"), "node1", "/tmp/my dir", env, java);
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "-o", "ServerAliveInterval=5",
                "-o", "ServerAliveCountMax=3", "node1"), ssh.subList(0, 10));
        assertEquals(11, ssh.size());

        // run what the remote login shell would run, with java replaced by a printer, to check the quoting
        List<String> fake = new java.util.ArrayList<>(java);
        fake.set(0, "printf");
        fake.add(1, "[%s]");
        String remote = RankCommand.ssh(List.of("ssh"), "node1", "/", env, fake).getLast();
        Process p = new ProcessBuilder("sh", "-c", remote + "; echo; echo rank=$MOBULA_RANK")
                .redirectErrorStream(true).start();
        // the launcher stays while the rank runs (closing stdin first would let the watcher kill it before it
        // prints); once the rank is done, the watcher must not keep anything alive
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(out.contains("[p.Main][it's][a b]"), out);
    }

    @Test
    void ranksAreToldWhereTheSecretFileIsButNeverTheSecret() throws Exception {
        assertEquals(Map.of(), RankCommand.secretEnv(null, Map.of("MOBULA_SECRET", "s3cret-never-on-a-command-line")));
        assertEquals(Map.of("MOBULA_SECRET_FILE", java.nio.file.Path.of("conf/secret").toAbsolutePath().toString()),
                RankCommand.secretEnv("conf/secret", Map.of("MOBULA_SECRET_FILE", "/elsewhere")));
        assertEquals(Map.of("MOBULA_SECRET_FILE", "/shared/home/.mobula/secret"),
                RankCommand.secretEnv(null, Map.of("MOBULA_SECRET_FILE", "/shared/home/.mobula/secret")));
        Map<String, String> env = new java.util.LinkedHashMap<>(RankCommand.env(0, 1, "p", "head:1"));
        env.putAll(RankCommand.secretEnv(null, Map.of("MOBULA_SECRET_FILE", "/shared/s",
                "MOBULA_SECRET", "s3cret-never-on-a-command-line")));
        String remote = String.join(" ", RankCommand.ssh(List.of("ssh"), "node1", "/", env, List.of("java")));
        assertTrue(remote.contains("MOBULA_SECRET_FILE=/shared/s"), remote);
        assertFalse(remote.contains("s3cret"), remote);
    }

    @Test
    void sshWatcherKillsTheRankWhenTheLauncherGoesAway() throws Exception {
        String remote = RankCommand.ssh(List.of("ssh"), "h", "/", Map.of(), List.of("sleep", "30")).getLast();
        Process p = new ProcessBuilder("sh", "-c", remote).start();
        try {
            // while the launcher is there (stdin open), the rank runs
            assertFalse(p.waitFor(1500, TimeUnit.MILLISECONDS), "rank stopped although its stdin is still open");
        } finally {
            p.getOutputStream().close();
        }
        long t0 = System.nanoTime();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "rank not stopped when its stdin closed");
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10));
        assertTrue(p.exitValue() != 0, "killed rank reports failure");
    }
}
