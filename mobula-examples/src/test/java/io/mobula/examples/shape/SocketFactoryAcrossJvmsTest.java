package io.mobula.examples.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Socket factories are honoured across JVMs: a registry and an object exported with TLS factories (javax.rmi.ssl's
 * client factory, travelling inside the references) answer a client using them, and refuse a plain client.
 */
class SocketFactoryAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void tlsFactoriesGiveTls(@TempDir Path dir) throws Exception {
        Path store = dir.resolve("test.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "test", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
        try {
            assertTrue(keytool.waitFor(60, TimeUnit.SECONDS), "keytool did not finish");
            assertEquals(0, keytool.exitValue(), new String(keytool.getInputStream().readAllBytes()));
        } finally {
            keytool.destroyForcibly();
        }
        assertTrue(Files.size(store) > 0);
        List<String> tls = List.of("-Djavax.net.ssl.keyStore=" + store, "-Djavax.net.ssl.keyStorePassword=changeit",
                "-Djavax.net.ssl.keyStoreType=PKCS12", "-Djavax.net.ssl.trustStore=" + store,
                "-Djavax.net.ssl.trustStorePassword=changeit", "-Djavax.net.ssl.trustStoreType=PKCS12");
        try (ChildJvm server = ChildJvm.start(SslServerMain.class, tls)) {
            String port = server.awaitLine("READY ", LIMIT).substring("READY ".length()).trim();
            try (ChildJvm client = ChildJvm.start(SslClientMain.class, tls, "ssl", port)) {
                assertEquals(0, client.waitFor(LIMIT), client.output());
                assertEquals("ECHO tls:hello\nPLAIN plain:hi\nDONE", client.programOutput().strip(), client.output());
            }
            try (ChildJvm plain = ChildJvm.start(SslClientMain.class, tls, "plain", port)) {
                assertEquals(0, plain.waitFor(LIMIT), plain.output());
                assertTrue(plain.output().contains("PLAIN REFUSED"), plain.output());
            }
        }
    }
}
