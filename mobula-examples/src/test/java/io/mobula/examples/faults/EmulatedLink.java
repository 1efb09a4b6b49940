package io.mobula.examples.faults;

import io.mobula.examples.Netns;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The link between the two hosts of a {@link Netns.Middlebox}: the user-space link emulator
 * ({@code src/test/launcher/LinkEmulator.java}, run by the JDK's source launcher in the middle namespace) bridges
 * them and delays, drops, duplicates or reorders frames as told, as the kernel's netem would. Closing stops it.
 */
final class EmulatedLink implements AutoCloseable {
    private static final Path SOURCE = Path.of("src/test/launcher/LinkEmulator.java");
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern STATS = Pattern.compile(
            "STATS frames=(\\d+) dropped=(\\d+) duplicated=(\\d+) reordered=(\\d+)");

    /** What the emulator did to the frames so far, both directions together. */
    record Stats(long frames, long dropped, long duplicated, long reordered) {
    }

    private final Process process;
    private final Writer commands;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> transcript = new ArrayList<>();

    private EmulatedLink(Process process) {
        this.process = process;
        this.commands = process.outputWriter(StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (IOException ignored) {
                // the emulator ended
            }
            lines.add("EOF");
        }, "link emulator output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts the emulator in {@code hosts.m}, bridging its two devices with no fault, and waits until it forwards.
     * Skips the test (JUnit assumption) on a JDK without the final foreign-function API (before 22), which the
     * emulator uses for its packet sockets.
     */
    static EmulatedLink start(Netns.Middlebox hosts, long seed) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Runtime.version().feature() >= 22,
                "skipped: the link emulator needs JDK 22 or later (foreign functions); this is "
                        + Runtime.version());
        if (!Files.isRegularFile(SOURCE)) {
            throw new IllegalStateException("no link emulator source at " + SOURCE.toAbsolutePath());
        }
        List<String> cmd = new ArrayList<>(Netns.Pair.exec(hosts.m));
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "--enable-native-access=ALL-UNNAMED", SOURCE.toString(), hosts.towardsA, hosts.towardsB,
                Long.toString(seed)));
        EmulatedLink link = new EmulatedLink(new ProcessBuilder(cmd).redirectErrorStream(true).start());
        try {
            link.expect("READY");
            return link;
        } catch (RuntimeException | Error | InterruptedException e) {
            link.close();
            throw e;
        }
    }

    /**
     * Changes the faults for both directions: {@code settings} is any of {@code delayMs=D jitterMs=J loss=P dup=P
     * reorder=P} (probabilities from 0 to 1). Every frame after the answer sees them.
     */
    void set(String settings) throws IOException, InterruptedException {
        send("set " + settings);
        expect("OK");
    }

    /** What the emulator did so far. */
    Stats stats() throws IOException, InterruptedException {
        send("stats");
        Matcher m = STATS.matcher(expect("STATS"));
        if (!m.matches()) {
            throw new IllegalStateException("the link emulator answered: " + transcript);
        }
        return new Stats(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)));
    }

    private void send(String command) throws IOException {
        transcript.add("> " + command);
        commands.write(command + "\n");
        commands.flush();
    }

    /** The next line of the emulator, which must start with {@code prefix}; bounded by {@link #WAIT}. */
    private String expect(String prefix) throws InterruptedException {
        String line = lines.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        transcript.add(String.valueOf(line));
        if (line == null || !line.startsWith(prefix)) {
            throw new IllegalStateException("the link emulator did not answer " + prefix + ": " + transcript
                    + " " + String.join("\n", lines));
        }
        return line;
    }

    @Override
    public void close() throws InterruptedException {
        try {
            commands.close(); // end of input stops it
        } catch (IOException ignored) {
            // already gone
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
