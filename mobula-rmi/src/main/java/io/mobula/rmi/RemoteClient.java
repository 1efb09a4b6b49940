package io.mobula.rmi;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Who made the remote call the current thread is serving: the client's host address (as the server's connection
 * sees it), the id of the client's process and the technology the call came over ({@code "tcp"}, {@code "shm"} or
 * {@code "local"} for the local short-cut), whether the client proved the cluster secret, and the connection the call
 * came over. The base of {@code RemoteServer.getClientHost()} and of the access checks of the registry and the pool
 * coordinator.
 *
 * <p>The VM id is what the client's HELLO says. Over a connection that did not authenticate it is a mere claim (any
 * process that connected to the client once has read it), so rights must not rest on it there: bind them to
 * {@link #connection()} instead, or to the VM id only when {@link #authenticated()} (the handshake's answers cover
 * the HELLO, so only a holder of the secret can present a VM id).
 *
 * @param host          the client's address: an IP literal, or {@code "127.0.0.1"} for a call from this process
 * @param vmId          the client's process id (its RMI runtime's random VM id), as its HELLO claims
 * @param transport     {@code "tcp"}, {@code "shm"} or {@code "local"}
 * @param authenticated whether the client proved the cluster secret on this connection (always true for a call
 *                      from this process)
 * @param connection    the connection the call came over: a number unique in this process and never reused (it
 *                      stays the same after the upgrade to shared memory); 0 for none (a call from this process, or
 *                      through a protocol bridge)
 */
public record RemoteClient(String host, long vmId, String transport, boolean authenticated, long connection) {

    /** A client that did not authenticate, on no connection of its own (connection 0, which matches none). */
    public RemoteClient(String host, long vmId, String transport) {
        this(host, vmId, transport, false, 0);
    }

    private static final ThreadLocal<RemoteClient> CURRENT = new ThreadLocal<>();

    /** The client of the call the current thread serves, or {@code null} outside a remote call. */
    public static RemoteClient current() {
        return CURRENT.get();
    }

    /** Whether the call came from this process or over shared memory (so from this host). */
    public boolean sameHost() {
        return "local".equals(transport) || "shm".equals(transport);
    }

    /**
     * Whether the client runs on this host: a call from this process or over shared memory, or over TCP from a
     * loopback address or an address of one of this host's network interfaces. The base of the registry's rule
     * that only local callers may bind (as in java.rmi).
     */
    public boolean fromLocalHost() {
        return sameHost() || isLocalAddress(address());
    }

    /** The client's address; null when {@link #host()} is not an IP literal (no name is looked up). */
    public InetAddress address() {
        return parseLiteral(host);
    }

    /** An IP literal as an address, without any name service look-up; null for anything else. */
    static InetAddress parseLiteral(String s) {
        if (s == null || s.isEmpty() || s.length() > 64) {
            return null;
        }
        boolean v6 = s.indexOf(':') >= 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= '0' && c <= '9') || c == '.'
                    || (v6 && (c == ':' || c == '%' || c == '[' || c == ']' || Character.isLetter(c)));
            if (!ok) {
                return null;
            }
        }
        if (!v6 && s.chars().filter(c -> c == '.').count() != 3) {
            return null;
        }
        try {
            return InetAddress.getByName(s); // a literal: parsed, never resolved
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }

    /** Whether {@code a} is a loopback address or an address of a network interface of this host. */
    static boolean isLocalAddress(InetAddress a) {
        if (a == null) {
            return false;
        }
        if (a.isLoopbackAddress()) {
            return true;
        }
        if (LocalAddresses.current().contains(a)) {
            return true;
        }
        return LocalAddresses.refreshed().contains(a); // an interface may have come up since the last look
    }

    /** The addresses of this host's interfaces, read once and again at most every 10 s on a miss. */
    private static final class LocalAddresses {
        private static final long REFRESH_NANOS = TimeUnit.SECONDS.toNanos(10);
        private static volatile Set<InetAddress> addresses;
        private static volatile long readAt;

        static Set<InetAddress> current() {
            Set<InetAddress> s = addresses;
            return s != null ? s : refreshed();
        }

        static synchronized Set<InetAddress> refreshed() {
            Set<InetAddress> s = addresses;
            if (s != null && System.nanoTime() - readAt < REFRESH_NANOS) {
                return s;
            }
            Set<InetAddress> found = new HashSet<>();
            try {
                var it = NetworkInterface.getNetworkInterfaces();
                while (it != null && it.hasMoreElements()) {
                    it.nextElement().inetAddresses().forEach(found::add);
                }
            } catch (SocketException | RuntimeException e) {
                // no interface list: loopback remains local, everything else is remote
            }
            addresses = s = Set.copyOf(found);
            readAt = System.nanoTime();
            return s;
        }
    }

    /** Sets the client for the call about to run; returns the previous one, for {@link #restore}. */
    static RemoteClient enter(RemoteClient c) {
        RemoteClient prev = CURRENT.get();
        CURRENT.set(c);
        return prev;
    }

    static void restore(RemoteClient prev) {
        CURRENT.set(prev); // not remove(): the entry is reused by the thread's next call
    }
}
