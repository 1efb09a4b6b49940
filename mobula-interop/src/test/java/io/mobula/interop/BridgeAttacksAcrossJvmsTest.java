package io.mobula.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge as an attacker meets it: a plain JDK client process (java.rmi only; its classes are compiled here from
 * source, without Mobula on their class path) against a Mobula server process started with
 * {@code -Dmobula.jrmp.port} alone (or with the bridge's other settings).
 */
@Timeout(240)
class BridgeAttacksAcrossJvmsTest {
    private static final Duration WAIT = Duration.ofSeconds(90);

    private static final String UNTRUSTED = """
            package attack;

            import java.io.IOException;
            import java.io.ObjectInputStream;
            import java.io.Serializable;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.nio.file.StandardOpenOption;

            /** Serializable and on the server's class path, but no class the server trusts its peers to send. */
            public class Untrusted implements Serializable {
                private static final long serialVersionUID = 1L;

                static {
                    mark("static initializer");
                }

                static void mark(String what) {
                    String file = System.getProperty("untrusted.marker");
                    if (file != null) {
                        try {
                            Files.writeString(Path.of(file), what + "\\n", StandardOpenOption.CREATE,
                                    StandardOpenOption.APPEND);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }

                private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
                    in.defaultReadObject();
                    mark("readObject");
                }
            }
            """;

    private static final String ATTACKER = """
            package attack;

            import io.mobula.interop.Sink;
            import java.rmi.registry.LocateRegistry;
            import java.rmi.registry.Registry;
            import java.util.ArrayList;
            import java.util.List;

            /** A plain java.rmi client: host, port, plain|tls, then the calls to make on "sink". */
            public final class Attacker {
                public static void main(String[] a) throws Exception {
                    Registry r = a[2].equals("tls")
                            ? LocateRegistry.getRegistry(a[0], Integer.parseInt(a[1]),
                                    new javax.rmi.ssl.SslRMIClientSocketFactory())
                            : LocateRegistry.getRegistry(a[0], Integer.parseInt(a[1]));
                    for (int i = 3; i < a.length; i++) {
                        long start = System.nanoTime();
                        try {
                            Sink sink = (Sink) r.lookup("sink");
                            String result = switch (a[i]) {
                                case "ping" -> sink.ping();
                                case "list" -> sink.take(new ArrayList<>(List.of(1, 2, 3)));
                                case "bomb" -> sink.take(io.mobula.interop.HashSetBombs.nestedSets(60));
                                case "untrusted" -> sink.take(new Untrusted());
                                default -> throw new IllegalArgumentException(a[i]);
                            };
                            System.out.println("RESULT " + a[i] + " ok " + ms(start) + " " + result);
                        } catch (Exception e) {
                            StringBuilder chain = new StringBuilder();
                            for (Throwable t = e; t != null; t = t.getCause()) {
                                chain.append(" | ").append(String.valueOf(t).replace('\\n', ' '));
                            }
                            System.out.println("RESULT " + a[i] + " failed " + ms(start) + chain);
                        }
                    }
                }

                private static long ms(long start) {
                    return (System.nanoTime() - start) / 1_000_000;
                }
            }
            """;

    @TempDir
    static Path dir;
    /**
     * The plain client's whole class path: the attacker, the untrusted class, the remote interface and
     * {@link HashSetBombs}.
     */
    private static Path plain;

    @BeforeAll
    static void compilePlainClient() throws Exception {
        plain = Files.createDirectories(dir.resolve("plain"));
        Path src = Files.createDirectories(dir.resolve("src/attack"));
        Files.writeString(src.resolve("Untrusted.java"), UNTRUSTED);
        Files.writeString(src.resolve("Attacker.java"), ATTACKER);
        Path sink = Path.of(Sink.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/mobula/interop/Sink.class");
        Path sinkCopy = Files.createDirectories(plain.resolve("io/mobula/interop")).resolve("Sink.class");
        Files.copy(sink, sinkCopy);
        Files.copy(sink.resolveSibling("HashSetBombs.class"), sinkCopy.resolveSibling("HashSetBombs.class"));
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-proc:none", "-d", plain.toString(),
                "-cp", plain.toString(), src.resolve("Untrusted.java").toString(),
                src.resolve("Attacker.java").toString());
        assertEquals(0, rc, "compiling the plain client");
    }

    @Test
    void theHashSetBombIsRefusedQuicklyAndTheServerStaysResponsive() throws Exception {
        try (Child server = server(List.of())) {
            int port = ready(server);
            try (Child client = client(List.of(), "127.0.0.1", port, "plain", "list", "bomb", "ping", "bomb", "list")) {
                String list = client.await("RESULT list");
                assertTrue(list.startsWith("RESULT list ok"), list);
                String bomb = client.await("RESULT bomb");
                assertTrue(bomb.startsWith("RESULT bomb failed"), bomb);
                assertTrue(bomb.contains("maxHashWork"), "the client is told why: " + bomb);
                long ms = Long.parseLong(bomb.split(" ")[3]);
                assertTrue(ms < 20_000, "refused within a bound: " + bomb);
                String ping = client.await("RESULT ping");
                assertTrue(ping.startsWith("RESULT ping ok"), "the server still answers: " + ping);
                String again = client.await("RESULT bomb");
                assertTrue(again.startsWith("RESULT bomb failed") && again.contains("maxHashWork"), again);
                String after = client.await("RESULT list");
                assertTrue(after.startsWith("RESULT list ok"), "calls right after a refusal succeed: " + after);
            }
            // and it does no hashing afterwards: its CPU time stays put
            Duration before = server.cpu();
            Thread.sleep(2000);
            Duration spent = server.cpu().minus(before);
            assertTrue(spent.toMillis() < 1000, "server CPU while idle after the attack: " + spent);
        }
    }

    @Test
    void aSerializableClassTheServerDoesNotTrustNeverRuns() throws Exception {
        Path marker = dir.resolve("untrusted-ran");
        try (Child server = server(List.of("-Duntrusted.marker=" + marker))) {
            int port = ready(server);
            try (Child client = client(List.of(), "127.0.0.1", port, "plain", "untrusted", "ping")) {
                String untrusted = client.await("RESULT untrusted");
                assertTrue(untrusted.startsWith("RESULT untrusted failed"), untrusted);
                assertTrue(untrusted.contains("not one this process trusts"), "the client is told why: " + untrusted);
                assertTrue(client.await("RESULT ping").startsWith("RESULT ping ok"));
            }
            assertFalse(Files.exists(marker), () -> "the untrusted class ran on the server: " + read(marker));
        }
    }

    @Test
    void theBridgeListensOnLoopbackUnlessToldAnInterface() throws Exception {
        // Mobula's own address does not move the bridge
        try (Child server = server(List.of("-Dmobula.host=127.0.0.2"))) {
            int port = ready(server);
            assertEquals(List.of("127.0.0.1"), ListeningSockets.addresses(port));
            try (Child client = client(List.of(), "127.0.0.1", port, "plain", "ping")) {
                assertTrue(client.await("RESULT ping").startsWith("RESULT ping ok"));
            }
        }
        try (Child server = server(List.of("-Dmobula.jrmp.host=127.0.0.3"))) {
            int port = ready(server);
            assertEquals(List.of("127.0.0.3"), ListeningSockets.addresses(port));
            try (Child client = client(List.of(), "127.0.0.3", port, "plain", "ping")) {
                assertTrue(client.await("RESULT ping").startsWith("RESULT ping ok"));
            }
        }
    }

    @Test
    void tlsClientAuthenticationRefusesAClientWithoutACertificate() throws Exception {
        Path tls = Files.createDirectories(dir.resolve("tls"));
        // the bridge's certificate names the address plain clients dial (they check it, as for HTTPS)
        keyPair(tls, "bridge", "SAN=ip:127.0.0.1");
        keyPair(tls, "client", null);
        keyPair(tls, "stranger", null);
        trust(tls, "clients-trust", "bridge");
        trust(tls, "server-trust", "client");
        List<String> serverOptions = new ArrayList<>(stores(tls, "bridge", "server-trust"));
        serverOptions.add("-Dmobula.jrmp.tls=true");
        List<String> trustOnly = stores(tls, null, "clients-trust");
        try (Child server = server(serverOptions)) {
            int port = ready(server);
            List<String> withCertificate = stores(tls, "client", "clients-trust");
            try (Child client = client(withCertificate, "127.0.0.1", port, "tls", "ping", "list")) {
                String ping = client.await("RESULT ping");
                assertTrue(ping.startsWith("RESULT ping ok"), ping);
                assertTrue(client.await("RESULT list").startsWith("RESULT list ok"));
            }
            try (Child client = client(trustOnly, "127.0.0.1", port, "tls", "ping")) {
                String ping = client.await("RESULT ping");
                assertTrue(ping.startsWith("RESULT ping failed"), "no certificate: " + ping);
            }
            try (Child client = client(stores(tls, "stranger", "clients-trust"), "127.0.0.1", port, "tls", "ping")) {
                String ping = client.await("RESULT ping");
                assertTrue(ping.startsWith("RESULT ping failed"), "an untrusted certificate: " + ping);
            }
            try (Child client = client(List.of(), "127.0.0.1", port, "plain", "ping")) {
                String ping = client.await("RESULT ping");
                assertTrue(ping.startsWith("RESULT ping failed"), "plain TCP: " + ping);
            }
        }
    }

    private static final String PASSWORD = "bridge-test";

    /** A PKCS12 key store {@code name.p12} with an EC key and a self-signed certificate, and the certificate. */
    private static void keyPair(Path dir, String name, String extension) throws Exception {
        List<String> args = new ArrayList<>(List.of("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname",
                "secp256r1", "-dname", "CN=" + name, "-validity", "2", "-keystore", dir.resolve(name + ".p12")
                        .toString(), "-storetype", "PKCS12", "-storepass", PASSWORD));
        if (extension != null) {
            args.addAll(List.of("-ext", extension));
        }
        keytool(args);
        keytool(List.of("-exportcert", "-alias", name, "-keystore", dir.resolve(name + ".p12").toString(),
                "-storepass", PASSWORD, "-rfc", "-file", dir.resolve(name + ".crt").toString()));
    }

    /** A trust store {@code store.p12} holding the certificate of {@code name}. */
    private static void trust(Path dir, String store, String name) throws Exception {
        keytool(List.of("-importcert", "-noprompt", "-alias", name, "-file", dir.resolve(name + ".crt").toString(),
                "-keystore", dir.resolve(store + ".p12").toString(), "-storetype", "PKCS12", "-storepass", PASSWORD));
    }

    private static void keytool(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of("-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1")); // as the children: cheap to start
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("keytool took more than a minute: " + cmd);
        }
        assertEquals(0, p.exitValue(), () -> cmd + ": " + new String(readAll(p), StandardCharsets.UTF_8));
    }

    private static byte[] readAll(Process p) {
        try {
            return p.getInputStream().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code javax.net.ssl} options for a key store (null: none) and a trust store. */
    private static List<String> stores(Path dir, String key, String trust) {
        List<String> o = new ArrayList<>();
        if (key != null) {
            o.addAll(List.of("-Djavax.net.ssl.keyStore=" + dir.resolve(key + ".p12"),
                    "-Djavax.net.ssl.keyStorePassword=" + PASSWORD, "-Djavax.net.ssl.keyStoreType=PKCS12"));
        }
        o.addAll(List.of("-Djavax.net.ssl.trustStore=" + dir.resolve(trust + ".p12"),
                "-Djavax.net.ssl.trustStorePassword=" + PASSWORD, "-Djavax.net.ssl.trustStoreType=PKCS12"));
        return o;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int ready(Child server) throws InterruptedException {
        String line = server.await("READY");
        int port = Integer.parseInt(line.substring("READY ".length()).trim());
        assertTrue(port > 0, "the bridge started: " + server.output());
        return port;
    }

    private static Child server(List<String> options) throws IOException {
        List<String> cmd = new ArrayList<>(options);
        cmd.add("-Dmobula.jrmp.port=0");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path") + File.pathSeparator + plain);
        cmd.add(BridgeServerMain.class.getName());
        return new Child(cmd);
    }

    private static Child client(List<String> options, String host, int port, String... calls) throws IOException {
        List<String> cmd = new ArrayList<>(options);
        cmd.add("-cp");
        cmd.add(plain.toString());
        cmd.add("attack.Attacker");
        cmd.add(host);
        cmd.add(String.valueOf(port));
        cmd.addAll(List.of(calls));
        return new Child(cmd);
    }

    /** A child JVM of the test's java: its output read line by line, every wait bounded, always destroyed. */
    private static final class Child implements AutoCloseable {
        private final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final StringBuffer output = new StringBuffer();

        Child(List<String> args) throws IOException {
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            // short-lived: the C1 compiler only and the serial collector cost the least processor time to start
            cmd.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
            cmd.addAll(args);
            process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            Thread.ofVirtual().start(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String l = r.readLine(); l != null; l = r.readLine()) {
                        output.append(l).append('\n');
                        lines.add(l);
                    }
                } catch (IOException ended) {
                    // the process is gone
                }
            });
        }

        String await(String prefix) throws InterruptedException {
            long deadline = System.nanoTime() + WAIT.toNanos();
            for (long left = WAIT.toNanos(); left > 0; left = deadline - System.nanoTime()) {
                String l = lines.poll(left, TimeUnit.NANOSECONDS);
                if (l != null && l.startsWith(prefix)) {
                    return l;
                }
            }
            throw new AssertionError("no line " + prefix + " within " + WAIT + "; output:\n" + output);
        }

        Duration cpu() {
            return process.info().totalCpuDuration().orElseThrow();
        }

        String output() {
            return output.toString();
        }

        @Override
        public void close() {
            process.destroyForcibly();
            try {
                assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the child ended");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
