package io.mobula.bench.rmi;

import io.mobula.transport.TlsKeyStores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Mobula RMI over TCP with TLS ({@code mobula.tls=true}): as {@link MobulaSystem}, with every connection a TLS
 * session between two holders of keys the other trusts (mutual TLS, the default). The key and trust stores are made
 * once per run with the JDK's keytool in a temporary directory (deleted when the harness exits) and handed to the
 * children through the standard {@code javax.net.ssl} properties; the client checks that calls travel over TLS before
 * it measures.
 */
public final class MobulaTlsSystem extends MobulaSystem {
    private List<String> serverFlags;
    private List<String> clientFlags;

    @Override
    public String name() {
        return "mobula-tls";
    }

    @Override
    public String transport() {
        return "tls";
    }

    @Override
    protected List<String> offered() {
        return List.of("tcp"); // TCP only: shared memory would bypass TLS
    }

    @Override
    public Optional<String> prepare(LaunchContext ctx) {
        try {
            Path dir = Files.createTempDirectory("mobula-bench-tls");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(dir)));
            TlsKeyStores keys = TlsKeyStores.create(dir, List.of("server", "client"), List.of());
            serverFlags = new ArrayList<>(List.of("-Dmobula.tls=true"));
            serverFlags.addAll(keys.systemProperties("server"));
            clientFlags = new ArrayList<>(List.of("-Dmobula.tls=true"));
            clientFlags.addAll(keys.systemProperties("client"));
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot make TLS key stores: " + e.getMessage());
        }
    }

    @Override
    protected LaunchContext serverContext(LaunchContext ctx) {
        return ctx.withJvmFlags(prepared(serverFlags));
    }

    @Override
    protected LaunchContext clientContext(LaunchContext ctx) {
        return ctx.withJvmFlags(prepared(clientFlags));
    }

    private static List<String> prepared(List<String> flags) {
        if (flags == null) {
            throw new IllegalStateException("mobula-tls: prepare() has not made the key stores");
        }
        return flags;
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temporary directory: the system cleans it up eventually
        }
    }
}
