package io.mobula.interop;

import java.security.NoSuchAlgorithmException;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * Where and how the JRMP bridge listens for plain java.rmi clients (docs/INTEROP.md, docs/SECURITY.md). Plain
 * clients cannot prove knowledge of the cluster secret, so the bridge is a door of its own: by default it listens on
 * the loopback address only; another interface must be named, and TLS with client certificates can be required.
 *
 * @param host         the address the bridge listens on and writes into the stubs it hands out
 *                     ({@code mobula.jrmp.host}, default {@code 127.0.0.1}; {@code 0.0.0.0} for every interface)
 * @param tls          the TLS context of the bridge's listener, or null for plain TCP ({@code mobula.jrmp.tls=true}
 *                     takes the JDK's default context, configured by the {@code javax.net.ssl.keyStore} and
 *                     {@code javax.net.ssl.trustStore} properties); plain clients then connect with
 *                     {@code javax.rmi.ssl.SslRMIClientSocketFactory}
 * @param clientAuth   with TLS, whether a client must show a certificate the trust store accepts
 *                     ({@code mobula.jrmp.tls.clientAuth}, default true)
 * @param maxBytes     the most bytes one call's arguments may take ({@code mobula.jrmp.maxBytes}, default 64 MiB)
 * @param maxReferences the most objects and references one call's arguments may hold
 *                     ({@code mobula.jrmp.maxReferences}, default 2^22)
 */
public record BridgeOptions(String host, SSLContext tls, boolean clientAuth, long maxBytes, long maxReferences) {
    /** Default of {@link #maxBytes()}: the transport's default largest frame. */
    public static final long DEFAULT_MAX_BYTES = 64L << 20;
    /** Default of {@link #maxReferences()}. */
    public static final long DEFAULT_MAX_REFERENCES = 1L << 22;
    /** Loopback, plain TCP, the default bounds. */
    public static final BridgeOptions DEFAULT = new BridgeOptions("127.0.0.1", null, true, DEFAULT_MAX_BYTES,
            DEFAULT_MAX_REFERENCES);

    /** Checks the values. */
    public BridgeOptions {
        Objects.requireNonNull(host, "host");
        if (maxBytes < 1 || maxReferences < 1) {
            throw new IllegalArgumentException("maxBytes " + maxBytes + " and maxReferences " + maxReferences
                    + " must be positive");
        }
    }

    /**
     * From {@code mobula.jrmp.host}, {@code mobula.jrmp.tls}, {@code mobula.jrmp.tls.clientAuth},
     * {@code mobula.jrmp.maxBytes} and {@code mobula.jrmp.maxReferences}.
     *
     * @throws IllegalStateException when TLS is asked for and the JDK's default TLS context cannot be made (a key
     *                               store that cannot be read)
     */
    public static BridgeOptions fromSystemProperties() {
        SSLContext tls = null;
        if (Boolean.parseBoolean(System.getProperty("mobula.jrmp.tls", "false"))) {
            try {
                tls = SSLContext.getDefault();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("mobula.jrmp.tls=true, but the JDK's default TLS context cannot be"
                        + " made (javax.net.ssl.keyStore and javax.net.ssl.trustStore): " + e.getMessage(), e);
            }
        }
        return new BridgeOptions(System.getProperty("mobula.jrmp.host", DEFAULT.host), tls,
                Boolean.parseBoolean(System.getProperty("mobula.jrmp.tls.clientAuth", "true")),
                Long.getLong("mobula.jrmp.maxBytes", DEFAULT_MAX_BYTES),
                Long.getLong("mobula.jrmp.maxReferences", DEFAULT_MAX_REFERENCES));
    }

    /** The same, listening on {@code host}. */
    public BridgeOptions withHost(String host) {
        return new BridgeOptions(host, tls, clientAuth, maxBytes, maxReferences);
    }

    /** The same, with TLS from {@code context} (null: plain TCP), requiring client certificates or not. */
    public BridgeOptions withTls(SSLContext context, boolean requireClientAuth) {
        return new BridgeOptions(host, context, requireClientAuth, maxBytes, maxReferences);
    }

    /** The same, with other bounds on one call's arguments. */
    public BridgeOptions withLimits(long maxBytes, long maxReferences) {
        return new BridgeOptions(host, tls, clientAuth, maxBytes, maxReferences);
    }

    @Override
    public String toString() {
        return "BridgeOptions[host=" + host + ", tls=" + (tls == null ? "off" : clientAuth ? "client certificates"
                : "server only") + ", maxBytes=" + maxBytes + ", maxReferences=" + maxReferences + "]";
    }
}
