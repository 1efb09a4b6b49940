package io.mobula.examples.classic.sockets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.classic.JrmiLoopback;
import io.mobula.transport.SharedMemory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Unmodified java.rmi programs across JVMs with the Mobula socket agent ({@code -javaagent:mobula-sockets-agent.jar}):
 * they print what they print without it, and their connections went over shared memory (the factory's counts,
 * printed when each JVM exits). The reference runs bind java.rmi to 127.0.0.1 with {@link JrmiLoopback}; the agent
 * runs with {@code -Dmobula.sockets.bind=127.0.0.1}.
 */
class MobulaSocketsAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final Path AGENT = Path.of("../mobula-interop/target/mobula-sockets-agent.jar").toAbsolutePath()
            .normalize();
    private static final Pattern COUNTS = Pattern.compile("mobula sockets: shm (\\d+) tcp (\\d+)");
    private static final String HOSTNAME = "-Djava.rmi.server.hostname=127.0.0.1";

    @BeforeAll
    static void agentJarIsBuilt() {
        assertTrue(Files.isRegularFile(AGENT), AGENT + " is missing: package mobula-interop first (mvn package)");
        assumeTrue(SharedMemory.available(), "no shared-memory directory here");
    }

    private static ChildJvm plain(Class<?> main, String... args) throws IOException {
        return ChildJvm.start(JrmiLoopback.class, List.of(HOSTNAME), prepend(main.getName(), args));
    }

    private static ChildJvm agent(Class<?> main, String... args) throws IOException {
        return ChildJvm.start(WithSocketCounts.class,
                List.of("-javaagent:" + AGENT, "-Dmobula.sockets.bind=127.0.0.1", HOSTNAME),
                prepend(main.getName(), args));
    }

    private static String[] prepend(String first, String[] rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    /** The shared-memory and TCP connection counts the child printed at exit. */
    private static long[] counts(ChildJvm child) {
        Matcher m = COUNTS.matcher(child.output());
        assertTrue(m.find(), "no socket counts in:\n" + child.output());
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }

    private static String lines(ChildJvm child, String... prefixes) {
        List<String> out = new ArrayList<>();
        for (String line : child.output().split("\n")) {
            for (String p : prefixes) {
                if (line.startsWith(p)) {
                    out.add(line);
                    break;
                }
            }
        }
        return String.join("\n", out);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private record Run(String output, long[] clientCounts) {
    }

    private static Run probe(boolean withAgent) throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm server = withAgent ? agent(RmiProbe.class, "server", port) : plain(RmiProbe.class, "server", port)) {
            server.awaitLine("probe ready", LIMIT);
            try (ChildJvm client = withAgent ? agent(RmiProbe.class, "work", port)
                    : plain(RmiProbe.class, "work", port)) {
                assertEquals(0, client.waitFor(LIMIT), client.output());
                String out = lines(client, "concurrent", "large", "callbacks", "work");
                return new Run(out, withAgent ? counts(client) : null);
            }
        }
    }

    @Test
    void concurrentCallsLargeArraysAndCallbacksGiveTheSameResultsOverSharedMemory() throws Exception {
        Run reference = probe(false);
        assertEquals("""
                concurrent calls: 4800 of 4800 right
                large arrays: 12582912 bytes reversed intact, 1048576 doubles scaled intact
                callbacks: sum of squares below 200 = 2646700
                work done""", reference.output());
        Run mobula = probe(true);
        assertEquals(reference.output(), mobula.output());
        long[] c = mobula.clientCounts();
        // the client's calls (several connections: 16 threads) and the server's callbacks (accepted here)
        assertTrue(c[0] >= 2, "connections over shared memory: " + c[0]);
        assertEquals(0, c[1], "no connection stayed on TCP");
        System.out.println("probe client connections: shm " + c[0] + ", tcp " + c[1]);
    }

    @Test
    void theBankProgramPrintsTheSameOverSharedMemory() throws Exception {
        assertEquals(bank(false), bank(true));
    }

    private static String bank(boolean withAgent) throws Exception {
        Class<?> bank = io.mobula.examples.classic.jrmi.Bank.class;
        String port = Integer.toString(freePort());
        try (ChildJvm server = withAgent ? agent(bank, "server", port) : plain(bank, "server", port)) {
            server.awaitLine("bank open", LIMIT);
            StringBuilder out = new StringBuilder();
            for (String session : new String[] {"open", "audit"}) {
                try (ChildJvm client = withAgent ? agent(bank, session, port) : plain(bank, session, port)) {
                    assertEquals(0, client.waitFor(LIMIT), client.output());
                    out.append(lines(client, "ann", "ben", "no account", "found", "session")).append('\n');
                    if (withAgent) {
                        long[] c = counts(client);
                        assertTrue(c[0] >= 1 && c[1] == 0, session + ": shm " + c[0] + ", tcp " + c[1]);
                    }
                }
            }
            assertTrue(out.toString().contains("missing 50"), out.toString());
            return out.toString();
        }
    }

    @Test
    void killingTheServerFailsABlockedCallPromptly() throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm server = agent(RmiProbe.class, "server", port)) {
            server.awaitLine("probe ready", LIMIT);
            try (ChildJvm client = agent(RmiProbe.class, "hang", port)) {
                client.awaitLine("calling sleep", LIMIT);
                Thread.sleep(1000); // the call is under way, the client asleep on its shared-memory ring
                long killed = System.nanoTime();
                server.kill();
                String failed = client.awaitLine("sleep", Duration.ofSeconds(20));
                long noticed = (System.nanoTime() - killed) / 1_000_000;
                assertTrue(failed.startsWith("sleep failed after") && failed.contains("java.rmi."), failed);
                assertTrue(noticed < 10_000, "the client noticed the death after " + noticed + " ms");
                System.out.println("killed server noticed by the blocked client after " + noticed + " ms: " + failed);
                assertEquals(0, client.waitFor(LIMIT), client.output());
                assertTrue(counts(client)[0] >= 1, client.output());
            }
        }
    }
}
