package io.mobula.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TLS 1.3 key updates in the middle of traffic (a post-handshake message the receiving engine must answer: its
 * unwrap asks for a wrap): in a JVM whose {@code jdk.tls.keyLimits} force an update every 64 KiB, frames still flow
 * both ways intact, and the JDK's debug log shows the updates were made and answered.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TlsKeyUpdateTest {

    @TempDir
    Path dir;

    @Test
    void framesFlowBothWaysThroughKeyUpdates() throws Exception {
        TlsKeyStores.create(dir, List.of("alice"), List.of());
        Path props = dir.resolve("java.security");
        Files.writeString(props, "jdk.tls.keyLimits=AES/GCM/NoPadding KeyUpdate 2^16\n");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-Djava.security.properties=" + props, "-Djavax.net.debug=ssl:handshake",
                "-cp", System.getProperty("java.class.path"), TlsKeyUpdatePeer.class.getName(), dir.toString(), "400"));
        Path out = dir.resolve("peer.out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the peer JVM did not finish");
        } finally {
            p.destroyForcibly();
        }
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        String result = lines.stream().filter(l -> l.startsWith("OK ") || l.startsWith("FAIL ")).findFirst()
                .orElse("no result");
        assertTrue(result.equals("OK 800"), result + "\n" + tail(lines));
        long consumed = lines.stream().filter(l -> l.contains("Consuming KeyUpdate")).count();
        long requested = lines.stream().filter(l -> l.contains("\"request_update\": update_requested")).count();
        // a requested update must be answered: the receiving engine's unwrap asks for a wrap (NEED_WRAP)
        assertTrue(consumed >= 4 && requested >= 1, "the engines updated their keys: " + consumed
                + " KeyUpdate messages consumed, " + requested + " of them asking for an answer");
    }

    private static String tail(List<String> lines) {
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
