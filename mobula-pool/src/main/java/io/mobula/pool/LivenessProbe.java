package io.mobula.pool;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Asks whether a suspected member's process is still there, for the coordinator's confirmation of a suspicion. The
 * default knocks on the member's RMI listener (its advertised {@code tcp://} or {@code tls://} address) and closes the
 * connection without a word: a refused connection means nobody listens there any more, so the process is gone (kill
 * -9, exit, crash: the kernel closes the listener with the process); an accepted one means the process is present
 * (the kernel accepts for a stopped or hung process too, so presence is no proof of life); no answer within the
 * timeout (a dead host, a cut link) or another kind of address tells nothing (a {@code tls://} listener is not
 * knocked on: it would log the knock as a failed handshake). The coordinator knocks only on the host
 * the member joined from, so a joining process cannot make it connect elsewhere.
 */
@FunctionalInterface
interface LivenessProbe {
    /** What a probe learned. */
    enum Answer {
        /** Nobody listens at the member's address: its process is gone. */
        GONE,
        /** Its listener accepted a connection: the process exists (it may still be hung). */
        PRESENT,
        /** Nothing could be learned (timeout, unreachable, an address the probe cannot knock on). */
        UNKNOWN
    }

    /**
     * Probes {@code m}, which joined from host {@code joinedFrom} (null: in the coordinator's process), waiting at
     * most {@code timeoutMillis}.
     */
    Answer probe(Member m, String joinedFrom, int timeoutMillis);

    /** Knocks on the member's listener, as described above. */
    LivenessProbe LISTENER = LivenessProbe::knock;

    private static Answer knock(Member m, String joinedFrom, int timeoutMillis) {
        URI u;
        try {
            u = new URI(m.address());
        } catch (URISyntaxException | NullPointerException e) {
            return Answer.UNKNOWN;
        }
        String scheme = u.getScheme();
        String host = u.getHost();
        if (!"tcp".equals(scheme) || host == null || u.getPort() <= 0) {
            return Answer.UNKNOWN;
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (joinedFrom != null && !joinedFrom.equals(host)) {
            return Answer.UNKNOWN; // only the host the member joined from
        }
        try (Socket s = new Socket()) {
            s.setSoLinger(true, 0); // leave no TIME_WAIT behind
            s.connect(new InetSocketAddress(host, u.getPort()), Math.max(1, timeoutMillis));
            return Answer.PRESENT;
        } catch (ConnectException e) {
            String why = e.getMessage();
            return why != null && why.toLowerCase(java.util.Locale.ROOT).contains("refused") ? Answer.GONE : Answer.UNKNOWN;
        } catch (IOException | RuntimeException e) {
            return Answer.UNKNOWN;
        }
    }
}
