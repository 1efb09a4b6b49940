package io.mobula.examples.classic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.classic.PortedPrograms.Variant;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Three classic java.rmi programs, each kept twice: as written for java.rmi ({@code classic.jrmi}) and ported to
 * Mobula by changing import lines only ({@code classic.mobula}). Each runs across JVMs on both and must print the
 * same lines.
 */
class ClassicProgramsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Path JRMI = Path.of("src/test/java/io/mobula/examples/classic/jrmi");
    private static final Path MOBULA = Path.of("src/test/java/io/mobula/examples/classic/mobula");

    private static final Variant JAVA_RMI = PortedPrograms.javaRmi("io.mobula.examples.classic");
    private static final Variant PORTED = PortedPrograms.ported("io.mobula.examples.classic");

    @Test
    void theTwoCopiesDifferOnlyInImportLines() throws IOException {
        List<Path> sources = PortedPrograms.assertPortedByImportsOnly(JRMI, MOBULA);
        assertEquals(3, sources.size(), sources.toString());
    }

    @Test
    void chatWithCallbacksAndAMemberThatDies() throws Exception {
        String jdk = chat(JAVA_RMI);
        assertTrue(jdk.contains("room: dropped carol, its callback failed\n") && jdk.contains("bob hears * carol dropped")
                && jdk.contains("alice sees [alice, bob]") && jdk.contains("bob hears * alice left"), jdk);
        assertEquals(jdk, chat(PORTED));
    }

    @Test
    void bankExceptionsCarryTheirFields() throws Exception {
        String jdk = bank(JAVA_RMI);
        assertTrue(jdk.contains("missing 50"), jdk);
        assertEquals(jdk, bank(PORTED));
    }

    @Test
    void staticExportRemoteResultsAndSerializableRemoteObjectsByValue() throws Exception {
        String jdk = workshop(JAVA_RMI, ALL_WORKSHOP_LINES);
        assertTrue(jdk.contains("[a copy]"), jdk);
        assertEquals(jdk, workshop(PORTED, ALL_WORKSHOP_LINES));
    }

    @Test
    void staticExportAndRemoteObjectsAsResultsAndArguments() throws Exception {
        String[] remoteOnly = {"a is", "b is", "asking", "counters", "total"};
        String jdk = workshop(JAVA_RMI, remoteOnly);
        assertTrue(jdk.contains("total of b and a: 4"), jdk);
        assertEquals(jdk, workshop(PORTED, remoteOnly));
    }

    private static final String[] ALL_WORKSHOP_LINES = {"a is", "b is", "asking", "counters", "total", "server says",
        "calls"};

    private static String chat(Variant v) throws Exception {
        String port = Integer.toString(freePort());
        try (ChildJvm room = v.start("Chat", "room", port)) {
            room.awaitLine("room ready", LIMIT);
            // members join one after the other, so everyone hears the same sequence
            try (ChildJvm alice = v.start("Chat", "member", port, "alice")) {
                alice.awaitLine("alice is in", LIMIT); // its join, callbacks included, is over
                try (ChildJvm bob = v.start("Chat", "member", port, "bob")) {
                    bob.awaitLine("bob is in", LIMIT); // its join, callbacks included, is over
                    try (ChildJvm carol = v.start("Chat", "member", port, "carol")) {
                        carol.awaitLine("carol is in", LIMIT); // its join, callbacks included, is over
                        carol.kill(); // the room finds out when it next calls carol back
                        bob.send("say hello");
                        bob.awaitLine("bob did say hello", LIMIT);
                        alice.send("who");
                        alice.awaitLine("alice did who", LIMIT);
                        alice.send("quit");
                        assertEquals(0, alice.waitFor(LIMIT), alice.output());
                        bob.send("say anyone?");
                        bob.awaitLine("bob did say anyone?", LIMIT);
                        bob.send("quit");
                        assertEquals(0, bob.waitFor(LIMIT), bob.output());
                        room.awaitLine("room: bob left", LIMIT);
                        return String.join("\n", program(room, "room"), program(alice, "alice"),
                                program(bob, "bob"), program(carol, "carol"));
                    }
                }
            }
        }
    }

    private static String bank(Variant v) throws Exception {
        int port = freePort();
        try (ChildJvm server = v.start("Bank", "server", Integer.toString(port))) {
            server.awaitLine("bank open", LIMIT);
            StringBuilder out = new StringBuilder();
            for (String session : new String[] {"open", "audit"}) {
                try (ChildJvm client = v.start("Bank", session, Integer.toString(port))) {
                    assertEquals(0, client.waitFor(LIMIT), client.output());
                    out.append(program(client, "ann", "ben", "no account", "found", "session")).append('\n');
                }
            }
            return out.toString();
        }
    }

    private static String workshop(Variant v, String... lines) throws Exception {
        int port = freePort();
        try (ChildJvm server = v.start("Workshop", "server", Integer.toString(port))) {
            server.awaitLine("workshop ready", LIMIT);
            try (ChildJvm client = v.start("Workshop", "client", Integer.toString(port))) {
                assertEquals(0, client.waitFor(LIMIT), client.output());
                return program(client, lines);
            }
        }
    }

    /** The program's own lines (not log lines of either runtime), in order. */
    static String program(ChildJvm child, String... prefixes) {
        List<String> out = new ArrayList<>();
        for (String line : child.output().split("\n")) {
            for (String p : prefixes) {
                if (line.startsWith(p)) {
                    out.add(line);
                    break;
                }
            }
        }
        return out.stream().collect(Collectors.joining("\n"));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
