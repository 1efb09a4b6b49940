package io.mobula.transport;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Locale;

/**
 * Asks the kernel whether a process still listens at a TCP address: connects and closes at once, without a word (no
 * TIME_WAIT left behind). A refused connection means nobody listens there any more, so the process is gone (kill -9,
 * exit, crash: the kernel closes the listener with the process), and the answer is immediate; an accepted one means
 * the process is present (the kernel accepts for a loaded, stopped or hung process too, so presence is no proof of
 * progress); no answer within the timeout (a dead host, a cut link) tells nothing. Only plain TCP listeners are
 * knocked on: a TLS listener would log the knock as a failed handshake. Used by the pool coordinator to confirm a
 * suspicion and by Mobula RMI to tell a slow peer from a dead one.
 */
public final class ListenerKnock {
    /** What a knock learned. */
    public enum Answer {
        /** Nobody listens at the address: the process is gone. */
        GONE,
        /** A listener accepted the connection: the process exists (it may be slow, stopped or hung). */
        PRESENT,
        /** Nothing could be learned (timeout, unreachable, an address that is not knocked on). */
        UNKNOWN
    }

    private ListenerKnock() {
    }

    /**
     * Knocks on {@code e}, waiting at most {@code timeoutMillis} for the connection; a non-{@code tcp} endpoint or
     * one without a host answers {@link Answer#UNKNOWN} at once.
     */
    public static Answer knock(Endpoint e, int timeoutMillis) {
        if (e == null || !"tcp".equals(e.transport()) || !e.hasHost() || e.port() <= 0) {
            return Answer.UNKNOWN;
        }
        return knock(e.host(), e.port(), timeoutMillis);
    }

    /** Knocks on {@code host:port} (a literal address or a name), waiting at most {@code timeoutMillis}. */
    public static Answer knock(String host, int port, int timeoutMillis) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        try (Socket s = new Socket()) {
            s.setSoLinger(true, 0); // leave no TIME_WAIT behind
            s.connect(new InetSocketAddress(h, port), Math.max(1, timeoutMillis));
            return Answer.PRESENT;
        } catch (ConnectException ex) {
            String why = ex.getMessage();
            return why != null && why.toLowerCase(Locale.ROOT).contains("refused") ? Answer.GONE : Answer.UNKNOWN;
        } catch (IOException | RuntimeException ex) {
            return Answer.UNKNOWN;
        }
    }
}
