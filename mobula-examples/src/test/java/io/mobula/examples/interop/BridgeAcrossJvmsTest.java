package io.mobula.examples.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge to standard java.rmi across JVMs: the same client program ({@link ShopChecks}) gives the same lines
 * whether a plain java.rmi client (a JVM with no Mobula class at all) calls a Mobula server through
 * {@code mobula.jrmp.port}, a Mobula client calls a plain java.rmi server, or plain java.rmi talks to itself (the
 * reference).
 */
@Timeout(180)
class BridgeAcrossJvmsTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String PKG = "io.mobula.examples.interop.";
    /** The plain JVMs' stubs must name the loopback address, on which their objects listen. */
    private static final List<String> PLAIN_JVM = List.of("-Djava.rmi.server.hostname=127.0.0.1");

    @TempDir
    static Path plainClasses;
    private static List<String> reference;

    /** Copies the java.rmi-only classes of the example to a directory: the plain JVMs' whole class path. */
    @BeforeAll
    static void plainClassPath() throws Exception {
        Path compiled = Path.of(Shop.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/mobula/examples/interop");
        Path target = Files.createDirectories(plainClasses.resolve("io/mobula/examples/interop"));
        try (Stream<Path> files = Files.list(compiled)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".class") && !name.startsWith("Mobula") && !name.contains("_Mobula")) {
                    Files.copy(f, target.resolve(name));
                }
            }
        }
        reference = plainOnPlain();
    }

    private static List<String> plainOnPlain() throws Exception {
        int port = freePort();
        try (ChildJvm server = plain("PlainShopServer", String.valueOf(port));
             ChildJvm client = startReady(server, () -> plain("PlainShopClient", "127.0.0.1", String.valueOf(port)))) {
            return checks(client, "HOLDING");
        }
    }

    @Test
    void plainClientCallsMobulaServerThroughTheStandardRegistry() throws Exception {
        int jrmp = freePort();
        try (ChildJvm server = mobulaServer(jrmp);
             ChildJvm client = startReady(server, () -> plain("PlainShopClient", "127.0.0.1", String.valueOf(jrmp)))) {
            assertEquals(reference, checks(client, "HOLDING"), client.output());
            assertTrue(reference.contains("plain-jvm"), "the client JVM had no Mobula class: " + reference);

            // the counter only the plain client holds survives collections on the server (java.rmi's DGC)
            server.send("gc");
            assertNotNull(server.awaitLine("GC DONE", WAIT), server.output());
            client.send("held");
            assertEquals("CHECK held held 2", client.awaitLine("CHECK held", WAIT), client.output());

            // the Mobula object's unexport reaches plain clients as java.rmi's NoSuchObjectException
            server.send("unexport");
            assertEquals("UNEXPORTED true", server.awaitLine("UNEXPORTED", WAIT), server.output());
            client.send("gone");
            assertEquals("CHECK gone NoSuchObjectException", client.awaitLine("CHECK gone", WAIT), client.output());
            client.send("exit");
            assertEquals(0, client.waitFor(WAIT), client.output());
        }
    }

    @Test
    void aValueTheClassFilterRefusesFailsItsCallOnly() throws Exception {
        int jrmp = freePort();
        try (ChildJvm server = mobulaServer(jrmp, "-Dmobula.classFilter.deny=" + PKG + "Item");
             ChildJvm client = startReady(server,
                     () -> plain("PlainShopClient", "127.0.0.1", String.valueOf(jrmp), "commands-only"))) {
            assertNotNull(client.awaitLine("HOLDING", WAIT), client.output());
            client.send("filtered");
            String refused = client.awaitLine("CHECK filtered", WAIT);
            assertTrue(refused.startsWith("CHECK filtered refused"), refused + "\n" + client.output());
            assertEquals("CHECK after 42", client.awaitLine("CHECK after", WAIT), client.output());
            client.send("exit");
            assertEquals(0, client.waitFor(WAIT), client.output());
        }
    }

    @Test
    void mobulaClientCallsPlainServerByRmiUrlAndByStandardRegistry() throws Exception {
        int port = freePort();
        List<String> expected = new ArrayList<>(reference);
        expected.remove("plain-jvm");
        try (ChildJvm server = plain("PlainShopServer", String.valueOf(port))) {
            assertNotNull(server.awaitLine("READY", WAIT), server.output());
            for (String how : List.of("naming", "jrmp-registry")) {
                try (ChildJvm client = ChildJvm.start(MobulaShopClient.class, List.of(), "127.0.0.1",
                        String.valueOf(port), how)) {
                    assertEquals(expected, checks(client, "DONE"), how + ": " + client.output());
                    assertEquals(0, client.waitFor(WAIT), client.output());
                }
            }
        }
    }

    @Test
    void aJrmpPortWithoutTheBridgeOnTheClassPathFailsClearly() throws Exception {
        try (ChildJvm server = ChildJvm.startWithClassPath(e -> !e.contains("mobula-interop"),
                MobulaShopServer.class.getName(), List.of("-Dmobula.jrmp.port=" + freePort()), "0")) {
            assertFalse(server.waitFor(WAIT) == 0, server.output());
            assertTrue(server.output().contains("no bridge to standard java.rmi is on the class path: add mobula-interop"),
                    server.output());
        }
    }

    private static ChildJvm mobulaServer(int jrmpPort, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("-Dmobula.jrmp.port=" + jrmpPort));
        args.addAll(List.of(extra));
        return ChildJvm.start(MobulaShopServer.class, args, "0");
    }

    private static ChildJvm plain(String main, String... args) throws IOException {
        return ChildJvm.startOnClassPath(plainClasses.toString(), PKG + main, PLAIN_JVM, args);
    }

    private interface Starter {
        ChildJvm start() throws IOException;
    }

    /** Starts the client once {@code server} is ready. */
    private static ChildJvm startReady(ChildJvm server, Starter client) throws Exception {
        assertNotNull(server.awaitLine("READY", WAIT), server.output());
        return client.start();
    }

    /** The client's CHECK lines, up to {@code end}. */
    private static List<String> checks(ChildJvm client, String end) throws InterruptedException {
        assertNotNull(client.awaitLine(end, WAIT), client.output());
        List<String> out = new ArrayList<>();
        for (String line : client.programOutput().split("\n")) {
            if (line.startsWith("CHECK ")) {
                out.add(line.substring(6));
            }
        }
        assertFalse(client.programOutput().contains("FAIL"), client.output());
        return out;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
