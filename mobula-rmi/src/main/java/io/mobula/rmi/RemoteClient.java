package io.mobula.rmi;

/**
 * Who made the remote call the current thread is serving: the client's host address (as the server's connection
 * sees it), the id of the client's process and the technology the call came over ({@code "tcp"}, {@code "shm"} or
 * {@code "local"} for the local short-cut). The base of {@code RemoteServer.getClientHost()} and of the access
 * checks of the registry and the pool coordinator.
 *
 * @param host      the client's address: an IP literal, or {@code "127.0.0.1"} for a call from this process
 * @param vmId      the client's process id (its RMI runtime's random VM id)
 * @param transport {@code "tcp"}, {@code "shm"} or {@code "local"}
 */
public record RemoteClient(String host, long vmId, String transport) {

    private static final ThreadLocal<RemoteClient> CURRENT = new ThreadLocal<>();

    /** The client of the call the current thread serves, or {@code null} outside a remote call. */
    public static RemoteClient current() {
        return CURRENT.get();
    }

    /** Whether the call came from this process or over shared memory (so from this host). */
    public boolean sameHost() {
        return "local".equals(transport) || "shm".equals(transport);
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
