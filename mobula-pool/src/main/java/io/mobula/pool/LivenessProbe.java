package io.mobula.pool;

import io.mobula.transport.ListenerKnock;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Asks whether a suspected member's process is still there, for the coordinator's confirmation of a suspicion. The
 * default knocks on the member's RMI listener (its advertised {@code tcp://} address) with {@link ListenerKnock}: a
 * refused connection means its process is gone, an accepted one that it is present (not that it progresses), no
 * answer or another kind of address tells nothing. The coordinator knocks only on the host
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
        return switch (ListenerKnock.knock(host, u.getPort(), timeoutMillis)) {
            case GONE -> Answer.GONE;
            case PRESENT -> Answer.PRESENT;
            case UNKNOWN -> Answer.UNKNOWN;
        };
    }
}
