package io.mobula.transport;

import java.io.Closeable;
import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * A listener that accepts on a blocking server socket until it is closed, on one platform thread, and hands every
 * accepted socket to its technology to become a started connection. The technology supplies the server's
 * operations (an NIO channel or a {@link java.net.ServerSocket}) and the set-up of an accepted socket.
 *
 * @param <S> an accepted socket
 */
final class AcceptingListener<S extends Closeable> implements Listener, Runnable {

    /** The server's blocking accept; fails once the server is closed. */
    @FunctionalInterface
    interface Accept<S> {
        S accept() throws IOException;
    }

    /** Makes an accepted socket a connection and starts it; if this fails the listener closes the socket. */
    @FunctionalInterface
    interface SetUp<S> {
        void start(S socket) throws IOException;
    }

    private final TransportBase<?, ?> owner;
    private final Endpoint endpoint;
    private final Closeable server;
    private final BooleanSupplier serverOpen;
    private final Accept<S> accept;
    private final SetUp<S> setUp;
    private final SocketTransport.AcceptFailures failures;
    private volatile Thread acceptor;

    /**
     * @param owner      the transport that tracks this listener
     * @param endpoint   the address actually bound
     * @param server     bound and blocking; closed with this listener
     * @param serverOpen whether the server is still open
     * @param accept     the server's accept
     * @param setUp      the set-up of every accepted socket
     */
    AcceptingListener(TransportBase<?, ?> owner, Endpoint endpoint, Closeable server, BooleanSupplier serverOpen,
                      Accept<S> accept, SetUp<S> setUp) {
        this(owner, endpoint, server, serverOpen, accept, setUp, null);
    }

    /** As above; {@code failures} decides whether to go on after a failed accept (null: after a short pause). */
    AcceptingListener(TransportBase<?, ?> owner, Endpoint endpoint, Closeable server, BooleanSupplier serverOpen,
                      Accept<S> accept, SetUp<S> setUp, SocketTransport.AcceptFailures failures) {
        this.failures = failures;
        this.owner = owner;
        this.endpoint = endpoint;
        this.server = server;
        this.serverOpen = serverOpen;
        this.accept = accept;
        this.setUp = setUp;
    }

    /** Starts accepting on a daemon thread named {@code threadPrefix + endpoint}. */
    void start(String threadPrefix) {
        acceptor = Thread.ofPlatform().daemon().name(threadPrefix + endpoint).start(this);
    }

    @Override
    public void run() {
        while (isOpen()) {
            S socket;
            try {
                socket = accept.accept();
            } catch (IOException e) {
                if (!isOpen()) {
                    break; // closed under the accept (for a channel: an AsynchronousCloseException)
                }
                // e.g. out of file descriptors: keep the listener, back off briefly (or as the owner decides)
                StreamConnection.LOG.log(System.Logger.Level.WARNING, "accept on " + endpoint + " failed", e);
                if (failures == null) {
                    sleepQuietly();
                } else if (!keepAccepting(e)) {
                    close();
                    break;
                }
                continue;
            }
            if (!isOpen()) {
                // the kernel may still complete a handshake while a close is deferring behind this accept:
                // a closed listener hands out nothing
                closeQuietly(socket);
                break;
            }
            try {
                setUp.start(socket);
            } catch (IOException | RuntimeException e) {
                StreamConnection.LOG.log(System.Logger.Level.WARNING,
                        "setting up an accepted connection on " + endpoint + " failed", e);
                closeQuietly(socket);
            }
        }
        owner.listeners.remove(this);
    }

    /** What {@link #failures} says; one that throws keeps the listener (it is logged). */
    private boolean keepAccepting(IOException e) {
        try {
            return failures.keepAccepting(e);
        } catch (RuntimeException x) {
            StreamConnection.LOG.log(System.Logger.Level.WARNING, "the accept failure handler of " + endpoint
                    + " failed", x);
            sleepQuietly();
            return true;
        }
    }

    private static void closeQuietly(Closeable socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already failing or refused
        }
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public boolean isOpen() {
        return serverOpen.getAsBoolean();
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "closing listener " + endpoint + ": " + e);
        }
        owner.listeners.remove(this);
        awaitAcceptor();
    }

    /**
     * Waits (at most a second) for the accepting thread to leave its accept: the close of a server channel that a
     * thread is blocked on completes only then, so until it does the port is still bound. When close returns, the
     * port can be bound again (a later export or registry on the same port).
     */
    private void awaitAcceptor() {
        Thread t = acceptor;
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        try {
            t.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return owner.name() + " listener " + endpoint;
    }
}
