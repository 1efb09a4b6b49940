package io.mobula.transport;

import java.io.IOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The one thread per process that watches the channels of idle connections (see
 * {@link TransportOptions#idleReceiver()}), so that an open connection that receives nothing holds no thread of its
 * own. A receive thread that found its connection idle hands the channel over ({@link #park}) and ends; when the
 * channel becomes readable (bytes, the peer's FIN or reset) this thread takes the channel's interest back and
 * {@linkplain ProgressEngine#resume() resumes} the connection, which starts a fresh receive thread.
 *
 * <p>Threading: {@link #park}, {@link #retryLater} and {@link #wakeUp} may be called from any thread; they only queue
 * work and wake the selector. Registrations and interest changes happen on the selector thread alone, after a
 * {@code select} (so no cancelled key is pending when a channel is registered again). The selector is level-triggered:
 * bytes that arrived before a channel was registered are reported by the first {@code select} after the registration,
 * so a wake-up is never lost. The thread is a daemon, started on the first {@link #park}; it does not die from a
 * runtime exception (it logs and goes on), and is started again by the next {@link #park} if an error ended it.
 */
final class IdleReceivers implements Runnable {

    private static final System.Logger LOG = System.getLogger("io.mobula.transport");
    /** How long a connection whose receive thread could not be started waits before the next try. */
    private static final long RETRY_MILLIS = 100;

    private static IdleReceivers shared;

    private final Selector selector;
    private final Queue<Parked> parked = new ConcurrentLinkedQueue<>();
    private final Queue<ProgressEngine> retries = new ConcurrentLinkedQueue<>();
    /** Guarded by this. */
    private Thread thread;

    private record Parked(ProgressEngine connection, SelectableChannel channel) { }

    private IdleReceivers(Selector selector) {
        this.selector = selector;
    }

    /** The process's instance, created on first use. */
    static synchronized IdleReceivers shared() throws IOException {
        if (shared == null) {
            shared = new IdleReceivers(Selector.open());
        }
        return shared;
    }

    /**
     * Makes sure the selector thread runs; false if it could not be started (the caller then keeps its own thread).
     */
    synchronized boolean ensureRunning() {
        if (thread != null && thread.isAlive()) {
            return true;
        }
        try {
            thread = Thread.ofPlatform().daemon().name("mobula-idle-receivers").start(this);
            return true;
        } catch (OutOfMemoryError | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot start the thread watching idle connections", e);
            return false;
        }
    }

    /**
     * Watches {@code channel} (non-blocking) for readability on behalf of {@code connection}, which has hibernated;
     * the selector thread resumes the connection when it is readable.
     */
    void park(ProgressEngine connection, SelectableChannel channel) {
        parked.add(new Parked(connection, channel));
        ensureRunning();
        selector.wakeup();
    }

    /** Resumes {@code connection} again in a while (starting its receive thread failed). */
    void retryLater(ProgressEngine connection) {
        retries.add(connection);
        ensureRunning();
        selector.wakeup();
    }

    /** Makes the selector thread run a selection soon, which releases the registrations of closed channels. */
    void wakeUp() {
        selector.wakeup();
    }

    @Override
    public void run() {
        while (true) {
            try {
                boolean retrying = !retries.isEmpty();
                selector.select(this::readable, retrying ? RETRY_MILLIS : 0);
                registerParked();
                if (retrying) {
                    resumeRetries();
                }
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "watching idle connections failed; going on", e);
                pause();
            }
        }
    }

    /** A parked channel is readable: stop watching it and give the connection a receive thread again. */
    private void readable(SelectionKey key) {
        ProgressEngine connection = (ProgressEngine) key.attachment();
        try {
            key.interestOps(0);
        } catch (CancelledKeyException e) {
            // closed meanwhile: the close resumed the connection
        }
        connection.resume();
    }

    private void registerParked() {
        Parked p;
        while ((p = parked.poll()) != null) {
            ProgressEngine connection = p.connection();
            if (!connection.hibernated()) {
                continue; // resumed before we got to it (closed, or a caller met the end of the stream)
            }
            try {
                SelectionKey key = p.channel().keyFor(selector);
                if (key != null && key.isValid()) {
                    key.interestOps(SelectionKey.OP_READ);
                } else {
                    p.channel().register(selector, SelectionKey.OP_READ, connection);
                }
            } catch (ClosedChannelException | CancelledKeyException e) {
                connection.resume(); // closed meanwhile: a receive thread reports it
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot watch idle " + connection + "; resuming it", e);
                connection.resume();
            }
        }
    }

    private void resumeRetries() {
        int n = retries.size();
        for (int i = 0; i < n; i++) {
            ProgressEngine connection = retries.poll();
            if (connection == null) {
                return;
            }
            connection.resume();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_MILLIS); // a failing select must not spin a core
        } catch (InterruptedException e) {
            // nobody interrupts this thread on purpose; go on
        }
    }
}
