package io.mobula.rmi;

import io.mobula.serial.Serialization;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The RMI runtime the harnesses share (one per JVM, as in production): a cluster secret, so the handshake harness
 * reaches the AUTH frames, TCP only (no shared-memory upgrade), and a short handshake deadline, so connections the
 * fuzzer leaves half-open do not pile up.
 */
public final class FuzzRuntime {
    /** The cluster secret of the runtime under test; a harness playing an honest peer proves it knows it. */
    public static final byte[] SECRET = "mobula fuzz cluster secret, 32 b".getBytes(StandardCharsets.US_ASCII);

    /**
     * Mobula's loggers, quietened: every refused frame logs a warning, which at thousands of inputs a second would
     * cost more than the decoding. Held here so the setting is not collected with the logger.
     */
    private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("io.mobula");

    static {
        QUIET.setLevel(java.util.logging.Level.SEVERE);
    }

    private FuzzRuntime() {
    }

    /** The runtime, once configured: harnesses ask for it per input, and configuring costs more than a decode. */
    private static volatile RmiRuntime runtime;

    /** Configures (first call) and returns the runtime. */
    static RmiRuntime get() {
        RmiRuntime r = runtime;
        return r != null ? r : configure();
    }

    private static synchronized RmiRuntime configure() {
        if (runtime != null) {
            return runtime;
        }
        try {
            Rmi.configure(RmiConfig.fromSystemProperties().withSecret(SECRET).withTransports(List.of("tcp"))
                    .withHandshakeTimeout(Duration.ofSeconds(1)));
        } catch (IllegalStateException alreadyRunning) {
            // configured by an earlier harness in this JVM
        }
        RmiRuntime r = RmiRuntime.get();
        if (r.config.secret() == null) {
            throw new IllegalStateException("the RMI runtime was started before the fuzz configuration");
        }
        runtime = r;
        return r;
    }

    /** The serialization of RMI connections and payloads ({@link Rmi#serialization()}), of the configured runtime. */
    public static Serialization serialization() {
        return get().serialization;
    }

    /** Runs {@code body} as if it served a remote call from {@code client}, as the dispatch of a call does. */
    public static <T> T asClient(RemoteClient client, Callable<T> body) throws Exception {
        RemoteClient prev = RemoteClient.enter(client);
        try {
            return body.call();
        } finally {
            RemoteClient.restore(prev);
        }
    }
}
