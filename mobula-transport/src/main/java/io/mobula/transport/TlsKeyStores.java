package io.mobula.transport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Key and trust stores for a small cluster that tries TLS out ({@code mobula.tls}, docs/SECURITY.md), for tests and
 * benchmarks: made with the JDK's {@code keytool} into a directory, a PKCS12 key store per member (an EC key with a
 * self-signed certificate) and a trust store holding the members' certificates. Every keytool run is bounded. A real
 * cluster's keys come from its own certificate authority.
 */
public final class TlsKeyStores {
    /** The password of every store made here (they are throw-away stores; protect a real one). */
    public static final String PASSWORD = "mobula-tls";
    private static final long KEYTOOL_SECONDS = 60;

    private final Path dir;

    private TlsKeyStores(Path dir) {
        this.dir = dir;
    }

    /**
     * Makes key stores {@code <name>.p12} for every name in {@code members} and {@code strangers} (identities that are
     * not trusted, to test refusals), and {@code trust.p12} trusting the members only.
     *
     * @throws IOException when keytool fails or takes longer than a minute
     */
    public static TlsKeyStores create(Path dir, List<String> members, List<String> strangers) throws IOException {
        TlsKeyStores keys = new TlsKeyStores(dir);
        List<String> all = new ArrayList<>(members);
        all.addAll(strangers);
        for (String name : all) {
            keys.keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1",
                    "-dname", "CN=" + name + ",O=Mobula", "-validity", "30", "-keystore", keys.keyStore(name).toString(),
                    "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD);
        }
        for (String name : members) {
            Path cert = dir.resolve(name + ".crt");
            keys.keytool("-exportcert", "-alias", name, "-keystore", keys.keyStore(name).toString(),
                    "-storepass", PASSWORD, "-rfc", "-file", cert.toString());
            keys.keytool("-importcert", "-noprompt", "-alias", name, "-file", cert.toString(),
                    "-keystore", keys.trustStore().toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
        }
        return keys;
    }

    /** Stores made earlier by {@link #create} in {@code dir}. */
    public static TlsKeyStores existing(Path dir) throws IOException {
        if (!Files.isRegularFile(dir.resolve("trust.p12"))) {
            throw new IOException("no trust store in " + dir);
        }
        return new TlsKeyStores(dir);
    }

    /** The key store of {@code name}. */
    public Path keyStore(String name) {
        return dir.resolve(name + ".p12");
    }

    /** The trust store holding the members' certificates. */
    public Path trustStore() {
        return dir.resolve("trust.p12");
    }

    /** A TLS context with the key of {@code name} that trusts the members. */
    public SSLContext context(String name) throws IOException {
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(load(keyStore(name)), PASSWORD.toCharArray());
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(load(trustStore()));
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot build a TLS context from " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The JVM options that make {@code name}'s key and the members' trust the default context
     * ({@code javax.net.ssl.*}).
     */
    public List<String> systemProperties(String name) {
        return List.of("-Djavax.net.ssl.keyStore=" + keyStore(name), "-Djavax.net.ssl.keyStorePassword=" + PASSWORD,
                "-Djavax.net.ssl.keyStoreType=PKCS12", "-Djavax.net.ssl.trustStore=" + trustStore(),
                "-Djavax.net.ssl.trustStorePassword=" + PASSWORD, "-Djavax.net.ssl.trustStoreType=PKCS12");
    }

    private static KeyStore load(Path file) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        return ks;
    }

    private void keytool(String... args) throws IOException {
        Path tool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = new ArrayList<>();
        command.add(tool.toString());
        command.addAll(List.of(args));
        Path log = dir.resolve("keytool.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            if (!p.waitFor(KEYTOOL_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("keytool did not finish within " + KEYTOOL_SECONDS + " s: " + command);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running keytool", e);
        }
        if (p.exitValue() != 0) {
            throw new IOException("keytool failed (exit " + p.exitValue() + "): " + command + "\n"
                    + Files.readString(log));
        }
    }
}
