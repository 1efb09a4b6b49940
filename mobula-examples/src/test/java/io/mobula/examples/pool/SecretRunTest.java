package io.mobula.examples.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.pool.cli.MobulaRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mobula run} with a cluster secret: its coordinator requires it, and the ranks it starts get it without it
 * appearing on a command line (the environment variable is inherited; a file given to the launcher as
 * {@code -Dmobula.secretFile} is named to the ranks in {@code MOBULA_SECRET_FILE}). With nothing set, a job on one
 * host gets a fresh secret of its own in its ranks' environment, not the per-user cookie.
 */
class SecretRunTest {
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private static final String SECRET = "a secret shared by the ranks of this run";

    private static String run(Map<String, String> env, List<String> launcherJvm) throws Exception {
        List<String> argv = new ArrayList<>(List.of("--np", "2", "--timeout", "30"));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.add(SecretRankMain.class.getName());
        List<String> jvm = new ArrayList<>(SMALL_JVM);
        jvm.addAll(launcherJvm);
        try (ChildJvm run = ChildJvm.startWithEnv(List.of(), env, MobulaRun.class, jvm, argv.toArray(String[]::new))) {
            assertEquals(0, run.waitFor(Duration.ofSeconds(60)), run.output());
            String out = run.output();
            for (int r = 0; r < 2; r++) {
                assertTrue(out.contains("[" + r + "] secret=true") && out.contains("[" + r + "] done " + r + " of 2"),
                        out);
            }
            assertTrue(!out.contains("handshake failed"), out);
            return out;
        }
    }

    @Test
    void withNothingSetTheRanksShareASecretOfTheJobInsteadOfTheCookie() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("MOBULA_SECRET", null);
        env.put("MOBULA_SECRET_FILE", null);
        env.put("MOBULA_AUTH", null);
        assertTimeoutPreemptively(Duration.ofSeconds(90), () -> {
            String out = run(env, List.of());
            for (int r = 0; r < 2; r++) {
                assertTrue(out.contains("[" + r + "] secret=true from=MOBULA_SECRET"), out);
            }
        });
    }

    @Test
    void ranksInheritMobulaSecretFromTheLaunchersEnvironment() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("MOBULA_SECRET", SECRET);
        env.put("MOBULA_SECRET_FILE", null);
        assertTimeoutPreemptively(Duration.ofSeconds(90), () -> {
            run(env, List.of());
        });
    }

    @Test
    void ranksGetTheSecretFileTheLauncherWasGiven(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("secret");
        Files.writeString(file, SECRET + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        Map<String, String> env = new HashMap<>();
        env.put("MOBULA_SECRET", null);
        env.put("MOBULA_SECRET_FILE", null);
        assertTimeoutPreemptively(Duration.ofSeconds(90), () -> {
            run(env, List.of("-Dmobula.secretFile=" + file));
        });
    }

    @Test
    void aLauncherWhoseSecretFileOthersCanReadRefusesToStart(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("secret");
        Files.writeString(file, SECRET);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        Map<String, String> env = new HashMap<>();
        env.put("MOBULA_SECRET", null);
        env.put("MOBULA_SECRET_FILE", file.toString());
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (ChildJvm run = ChildJvm.startWithEnv(List.of(), env, MobulaRun.class, SMALL_JVM, "--np", "1",
                    SecretRankMain.class.getName())) {
                assertEquals(1, run.waitFor(Duration.ofSeconds(30)), run.output());
                assertTrue(run.output().contains("has permissions rw-r--r--") && run.output().contains("chmod 600"),
                        run.output());
                assertTrue(!run.output().contains("secret="), "no rank started: " + run.output());
            }
        });
    }
}
