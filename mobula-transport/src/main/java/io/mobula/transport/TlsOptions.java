package io.mobula.transport;

import java.io.IOException;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * Settings of the {@code "tls"} technology ({@link Transports#tls(TransportOptions, TlsOptions)}): where keys and trust
 * come from, whether accepted peers must show a certificate, and how long a handshake may take.
 *
 * @param context           the source of this process's key and of the certificates it trusts; {@code null} takes
 *                          {@link SSLContext#getDefault()}, built from the standard system properties
 *                          {@code javax.net.ssl.keyStore}, {@code javax.net.ssl.keyStorePassword},
 *                          {@code javax.net.ssl.trustStore}, {@code javax.net.ssl.trustStorePassword} (and their
 *                          {@code ...Type})
 * @param clientAuth        whether an accepting side requires the connecting side's certificate (mutual TLS, the
 *                          default: every member of a cluster holds a key); off, any client that trusts this process's
 *                          certificate may connect
 * @param handshakeTimeout  how long a TLS handshake may take, on either side, before the socket is closed with an
 *                          {@link IOException} (default 10 s); a peer that connects and sends nothing costs at most
 *                          this long
 */
public record TlsOptions(SSLContext context, boolean clientAuth, Duration handshakeTimeout) {

    /** The protocol versions offered, best first; nothing older. */
    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    private static final TlsOptions DEFAULTS = new TlsOptions(null, true, Duration.ofSeconds(10));

    /** Checks the values. */
    public TlsOptions {
        if (handshakeTimeout == null || handshakeTimeout.isNegative() || handshakeTimeout.isZero()) {
            throw new IllegalArgumentException("handshakeTimeout must be > 0: " + handshakeTimeout);
        }
    }

    /** The default context, mutual TLS, a 10 s handshake timeout. */
    public static TlsOptions defaults() {
        return DEFAULTS;
    }

    /** A copy with {@code context} replaced (null: {@link SSLContext#getDefault()}). */
    public TlsOptions withContext(SSLContext v) {
        return new TlsOptions(v, clientAuth, handshakeTimeout);
    }

    /** A copy with {@code clientAuth} replaced. */
    public TlsOptions withClientAuth(boolean v) {
        return new TlsOptions(context, v, handshakeTimeout);
    }

    /** A copy with {@code handshakeTimeout} replaced. */
    public TlsOptions withHandshakeTimeout(Duration v) {
        return new TlsOptions(context, clientAuth, v);
    }

    /** The context to use: the configured one or the JDK default. */
    SSLContext resolve() throws IOException {
        if (context != null) {
            return context;
        }
        try {
            return SSLContext.getDefault();
        } catch (NoSuchAlgorithmException | RuntimeException e) {
            throw new IOException("no default SSLContext (check javax.net.ssl.keyStore and javax.net.ssl.trustStore): "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "TlsOptions[context=" + (context == null ? "default" : context.getProtocol()) + ", clientAuth="
                + clientAuth + ", handshakeTimeout=" + handshakeTimeout + "]";
    }
}
