package io.mobula.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The {@code ip} commands the network-namespace tests run to build and remove their namespaces and links. */
public final class Netns {
    private Netns() {
    }

    /** Runs {@code ip args} (bounded to 20 s); null on success, else what went wrong. */
    public static String ip(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add("ip");
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            return "no ip command: " + e.getMessage();
        }
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return String.join(" ", cmd) + ": timed out";
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return p.exitValue() == 0 ? null : String.join(" ", cmd) + ": " + out;
    }

    /** Fails the test with {@code error} unless it is null (an {@link #ip} result). */
    public static void check(String error) {
        assertEquals(null, error);
    }
}
