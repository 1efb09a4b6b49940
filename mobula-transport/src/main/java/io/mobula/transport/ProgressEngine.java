package io.mobula.transport;

import java.io.IOException;
import java.nio.channels.SelectableChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * Who receives on one connection, for every stream transport (tcp, tls, shm, local, sock+tcp): the one place that
 * decides which thread reads the connection's {@link ByteSource} and delivers its frames, so that they are delivered
 * one at a time and in order whoever does it.
 *
 * <ul>
 *   <li><b>The receive lock</b> ({@link #rx}) is the receive role: whoever holds it reads and delivers through the
 *   {@link FrameAssembly}. It is taken only with {@code tryLock} by the receive loop and by polling callers.</li>
 *   <li><b>The receive thread</b> (a platform daemon, {@link #run}) reads, spins for
 *   {@link Policy#busyPollNanos} when the source is empty, then waits in {@link ByteSource#awaitReadable}.</li>
 *   <li><b>Polling callers</b> ({@link #receiveUntil}): a thread waiting for something a frame will bring (a reply)
 *   reads and delivers frames itself, Manta-style (thesis 3.3.3), instead of being woken by the receive thread.
 *   While callers poll, the receive thread <b>stands by</b>, parked; the last caller to leave wakes it.</li>
 *   <li><b>Idle hand-off</b>: a connection with an {@linkplain ByteSource#idleChannel() idle channel} whose receive
 *   thread found nothing for {@link TransportOptions#idleReceiver()} hibernates: {@link IdleReceivers} watches the
 *   channel and the thread ends; readiness, a close or a poller that met the end {@linkplain #resume() resumes} it
 *   with a fresh receive thread. A receive thread is started only by whoever moves {@link #receiverState} from
 *   hibernated to running, and does nothing after it set it to hibernated, so at most one runs at a time.</li>
 *   <li><b>Work after the frame and relief</b>: a handler may give the receive thread work
 *   ({@link #runAfterFrame}); it runs with the lock released, the frames read after it kept in the buffer for
 *   whoever receives next. If it runs longer than {@link TransportOptions#receiverRelief()}, {@link ReceiveRelief}
 *   starts a fresh receive thread and the busy one ends when its work returns.</li>
 * </ul>
 *
 * <p>Failures: a throwable from the source or a handler, on whichever thread, ends receiving: a poller records it
 * ({@link #rxFailure}, {@link #rxEnded}) and leaves, the receive loop reports it; the lock is released on every path
 * (try/finally), and the connection's last receive thread closes the connection, takes the lock for good and reports
 * onClose, so every pending call above is settled by the connection's close. Pollers check the end on every turn and
 * never spin after it. Every wait is bounded or ended by a close, except that the last receive thread waits for a
 * poller still inside a handler to return before it reports onClose (a handler must not block for good).
 *
 * <p>Thread-safety: {@link #receiveUntil}, {@link #runAfterFrame}, {@link #resume} and the counters may be called
 * from any thread; {@link #start} once; the rest is called by receive threads, {@link IdleReceivers} and
 * {@link ReceiveRelief} as documented on each method.
 *
 * <p>Hot path: per frame, no allocation, no lock beyond the one uncontended {@code tryLock} per read, and no volatile
 * read beyond the connection's close state.
 */
final class ProgressEngine implements Runnable {

    private static final System.Logger LOG = StreamConnection.LOG;

    /**
     * How a transport's receive side behaves when it finds nothing.
     *
     * @param busyPollNanos      how long the receive thread spins on an empty source before it waits (0: waits at once,
     *                           when the source's own wait spins, as the shared-memory ring does)
     * @param pollSpinNanos      how long a polling caller spins before it yields between looks
     * @param standByParkNanos   one park of a receive thread that stands by for polling callers
     * @param standByLingerNanos how long the receive thread goes on standing by after a caller that got what it waited
     *                           for stopped polling (it may poll again soon); 0: none
     * @param drain              whether whoever holds the lock reads until the source is empty (a cheap check, no
     *                           system call) rather than once per turn
     */
    record Policy(long busyPollNanos, long pollSpinNanos, long standByParkNanos, long standByLingerNanos,
                  boolean drain) {

        /** Stand-by park of socket transports. */
        static final long STAND_BY_NANOS = 200_000;

        /** Sockets: the receive thread spins for {@link TransportOptions#busyPoll()}; one read per turn. */
        static Policy socket(TransportOptions options) {
            return new Policy(options.busyPoll().toNanos(), Long.MAX_VALUE, STAND_BY_NANOS, 0, false);
        }

        /** Shared memory: the ring's wait spins and yields by itself; a read of an empty ring is cheap. */
        static Policy ring(long pollSpinNanos) {
            return new Policy(0, pollSpinNanos, STAND_BY_NANOS / 2, STAND_BY_NANOS, true);
        }
    }

    private final StreamConnection connection;
    private final ByteSource source;
    private final Policy policy;
    /** {@link TransportOptions#receiverRelief()} in nanoseconds; 0 = the receive thread takes no work. */
    private final long reliefNanos;
    /** {@link TransportOptions#idleReceiver()} in milliseconds; 0 = never hibernate. */
    private final long idleMillis;

    /** The receive role; {@link #assembly} is guarded by it. */
    private final ReentrantLock rx = new ReentrantLock();
    private final FrameAssembly assembly;
    /** Callers polling now: the receive thread stands by, parked, meanwhile. */
    private final AtomicInteger pollers = new AtomicInteger();
    /** The thread running the receive loop now. */
    private volatile Thread receiver;
    /** End of stream or failure met by a poller, for the receive thread to report. */
    private volatile boolean rxEnded;
    private volatile IOException rxFailure;
    /** When the last polling caller that got what it waited for stopped (only with a stand-by linger). */
    private volatile long lastPollEnd;

    ProgressEngine(StreamConnection connection, ByteSource source, Policy policy, TransportOptions options) {
        this.connection = connection;
        this.source = source;
        this.policy = policy;
        this.reliefNanos = options.receiverRelief().toNanos();
        this.idleMillis = options.idleReceiver().toMillis();
        this.assembly = new FrameAssembly(connection, source, this, options);
    }

    // ---- receive threads ----

    private boolean openOnReceiver;
    /** Whether {@link #start} was called: before it, nothing is delivered, not even to a polling caller. */
    private volatile boolean startCalled;
    /** Whether a receive thread ran already; touched by receive threads only, ordered by {@link #receiverState}. */
    private boolean started;
    /** Whether this connection ever hibernated; same rules as {@link #started}. */
    private boolean everHibernated;

    private static final int RUNNING = 0;
    private static final int HIBERNATED = 1;
    /** RUNNING while a receive thread runs (or is about to); HIBERNATED while {@link IdleReceivers} watches. */
    private final AtomicInteger receiverState = new AtomicInteger(RUNNING);
    /** How many times the connection hibernated (for tests); written by receive threads only. */
    private volatile int hibernations;

    /**
     * Starts the first receive thread; called once.
     *
     * @param openOnReceiver whether onOpen runs first on the receive thread (accepted connections, so a slow handler
     *                       does not hold up the acceptor) or was already called by the caller
     */
    void start(boolean openOnReceiver) {
        this.openOnReceiver = openOnReceiver;
        startCalled = true;
        startReceiver();
    }

    /** Whether {@link #start} was called. */
    boolean startCalled() {
        return startCalled;
    }

    private void startReceiver() {
        Thread.ofPlatform().daemon().name("mobula-" + connection.technology() + "-recv-" + connection.remote)
                .start(this);
    }

    /** The body of every receive thread of the connection; the last one reports the end. */
    @Override
    public void run() {
        IOException failure = null;
        boolean handedOn = false;
        try {
            if (!started) {
                started = true;
                LOG.log(System.Logger.Level.DEBUG, () -> "open: " + connection);
                if (openOnReceiver) {
                    connection.open();
                }
            }
            handedOn = receiveLoop();
        } catch (IOException e) {
            failure = e;
        } catch (Throwable e) { // a handler's RuntimeException or Error, or a checked exception thrown sneakily
            LOG.log(System.Logger.Level.WARNING, "frame handler of " + connection + " failed; closing", e);
            failure = new IOException("frame handler failed: " + e, e);
        } finally {
            if (!handedOn) {
                connection.finish(failure);
            }
        }
    }

    /**
     * Reads and delivers frames until the peer closes (return false) or the connection fails (throw), or until this
     * thread hands the connection on (return true: it hibernated, or a relief thread took over while this one ran
     * handed-off work); the thread then ends and the connection stays open.
     */
    private boolean receiveLoop() throws IOException {
        receiver = Thread.currentThread();
        source.receiverStarts();
        boolean spinning = false;
        long spinStart = 0;
        while (!connection.isClosed()) {
            if (rxEnded) {
                return false;
            }
            IOException failed = rxFailure;
            if (failed != null) {
                throw failed;
            }
            if (standingBy()) {
                LockSupport.parkNanos(this, policy.standByParkNanos); // a caller receives; it unparks us when done
                spinning = false;
                continue;
            }
            if (!rx.tryLock()) {
                Thread.onSpinWait(); // a caller took the role just now: it counts as a poller at the next look
                continue;
            }
            int n;
            try {
                n = drain(true);
            } finally {
                rx.unlock();
            }
            if (afterFrame != null && runHandedOffWork()) {
                return true; // another receive thread took over while the work ran: this one ends
            }
            if (n < 0) {
                return false; // orderly end of stream, or closed from inside onFrame
            }
            if (n == 0) {
                if (!spinning && policy.busyPollNanos > 0) {
                    spinning = true;
                    spinStart = System.nanoTime();
                } else if (spinning && System.nanoTime() - spinStart < policy.busyPollNanos) {
                    Thread.onSpinWait();
                } else {
                    if (!source.awaitReadable(idleMillis) && hibernate()) {
                        return true; // idle: IdleReceivers watches the channel and resumes us with a new thread
                    }
                    spinning = false;
                }
                continue;
            }
            spinning = false;
        }
        return false;
    }

    /** Whether the receive thread is to stand by: callers poll, or one stopped just now. */
    private boolean standingBy() {
        return pollers.get() > 0
                || policy.standByLingerNanos > 0 && System.nanoTime() - lastPollEnd < policy.standByLingerNanos;
    }

    /**
     * Reads and delivers under the receive lock: once, or with {@link Policy#drain} until the source is empty.
     * Returns the last read's result: 0 when the source was empty, negative at the end, positive after a single read
     * or when a handler gave the loop work. {@code loop}: called by the receive loop, which may be given work.
     */
    private int drain(boolean loop) throws IOException {
        loopDelivers = loop;
        try {
            while (true) {
                int n = assembly.receiveOnce();
                if (n <= 0 || !policy.drain || afterFrame != null) {
                    return n;
                }
            }
        } finally {
            loopDelivers = false;
        }
    }

    // ---- polling callers ----

    /** See {@link Connection#receiveUntil}. */
    boolean receiveUntil(BooleanSupplier done, long windowNanos) {
        if (!enterPolling()) {
            return done.getAsBoolean(); // a call from inside onFrame: only the thread delivering can go on
        }
        boolean got = false;
        try {
            long start = System.nanoTime();
            while (!done.getAsBoolean()) {
                if (ended()) {
                    return false;
                }
                if (pollOnce()) {
                    continue;
                }
                long waited = System.nanoTime() - start;
                if (waited > windowNanos) {
                    return false;
                }
                idle(waited, policy.pollSpinNanos);
            }
            got = true;
            return true;
        } finally {
            leave(got);
        }
    }

    /**
     * What a polling caller does between looks that found nothing, {@code waited} nanoseconds into its poll: spins
     * for the first {@code spinNanos}, then yields the processor at each look. The one place for every poller
     * ({@link #receiveUntil}, {@link Progress}), so that a back-off (parking until a doorbell) changes all of them.
     */
    static void idle(long waited, long spinNanos) {
        if (waited < spinNanos) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /**
     * Makes the calling thread a polling caller of this connection, so that the receive thread stands by; false if it
     * may not poll (the source's reads block, or it is this connection's delivering thread: a call from inside
     * onFrame). Every true is to be followed by exactly one {@link #leave}, in a finally block.
     */
    boolean enterPolling() {
        if (!source.pollable() || rx.isHeldByCurrentThread()) {
            return false;
        }
        pollers.incrementAndGet();
        source.pollerArrives();
        return true;
    }

    /**
     * One look of a polling caller ({@link #enterPolling}): if the source may hold bytes and nobody else receives,
     * reads and delivers on the calling thread. Whatever the source or a handler throws ends receiving (recorded for
     * the receive thread to report) and the lock is released. Returns whether to look again at once (it read bytes,
     * or the source is read until empty and was not empty).
     */
    boolean pollOnce() {
        if ((source.readable() || assembly.hasBufferedFrames()) && rx.tryLock()) {
            int n = 0;
            try {
                if (!ended()) {
                    n = drain(false);
                    if (n < 0) {
                        rxEnded = true;
                    }
                }
            } catch (IOException e) {
                rxFailure = e;
            } catch (Throwable e) { // as on the receive thread: whatever a handler throws ends receiving, said aloud
                LOG.log(System.Logger.Level.WARNING, "frame handler of " + connection + " failed on a polling"
                        + " thread; closing", e);
                rxFailure = new IOException("frame handler failed: " + e, e);
            } finally {
                rx.unlock();
            }
            return n > 0 || policy.drain;
        }
        return false;
    }

    /** How long a polling caller of this connection spins before it yields between looks. */
    long pollSpinNanos() {
        return policy.pollSpinNanos;
    }

    /**
     * A poller leaves. One that got what it waited for may poll again soon: with a stand-by linger the receive thread
     * stands by a little longer; one that gave up now waits for the receive thread, which must watch the source. The
     * receive thread itself, polling inside work it runs, goes back to its loop at once. The last poller to leave
     * wakes the receive thread if there is anything to read, or the end to report.
     */
    void leave(boolean got) {
        Thread r = receiver;
        if (policy.standByLingerNanos > 0 && Thread.currentThread() != r) {
            lastPollEnd = got ? System.nanoTime() : System.nanoTime() - policy.standByLingerNanos;
        }
        boolean end = rxEnded || rxFailure != null;
        if (pollers.decrementAndGet() == 0 || end) {
            r = receiver;
            if (r != null && (!got || end || source.readable())) {
                LockSupport.unpark(r);
            }
            if (end) {
                source.wakeReceiver(); // a receive thread waiting on the source reports the end now
                resume(); // a hibernating connection needs a receive thread to report the end
            }
        }
    }

    /** Whether receiving is over: closed, or a poller met the end of the stream or a failure. Any thread. */
    boolean ended() {
        return connection.isClosed() || rxEnded || rxFailure != null;
    }

    // ---- idle hand-off (IdleReceivers) ----

    /** How many times the connection gave its receive thread up (for tests). */
    int hibernations() {
        return hibernations;
    }

    /** Whether the connection waits in {@link IdleReceivers} without a receive thread. */
    boolean hibernated() {
        return receiverState.get() == HIBERNATED;
    }

    /**
     * Starts a fresh receive thread if the connection hibernates; called when its channel is readable, it is closed,
     * or a polling caller met the end of the stream. Any thread; idempotent. If the thread cannot be started, the
     * connection stays hibernated and {@link IdleReceivers} tries again shortly.
     */
    void resume() {
        if (!receiverState.compareAndSet(HIBERNATED, RUNNING)) {
            return;
        }
        try {
            startReceiver();
        } catch (OutOfMemoryError | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot start a receive thread for " + connection + "; trying again",
                    e);
            receiverState.set(HIBERNATED);
            try {
                IdleReceivers.shared().retryLater(this);
            } catch (IOException never) {
                // shared() succeeded when this connection hibernated: it exists
            }
        }
    }

    /**
     * Hands the channel to {@link IdleReceivers} so that this receive thread can end; called by the receive thread,
     * holding nothing, after the channel stayed idle. Returns true if the thread must end now (without finishing the
     * connection), false if it goes on: hibernation is not possible, a caller polls, or the connection closed or
     * ended meanwhile.
     */
    private boolean hibernate() {
        SelectableChannel channel = source.idleChannel();
        if (channel == null || idleMillis == 0 || pollers.get() > 0 || ended()) {
            return false;
        }
        IdleReceivers idle;
        try {
            idle = IdleReceivers.shared();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "no selector for idle connections: " + e);
            return false;
        }
        if (!idle.ensureRunning()) {
            return false;
        }
        source.hibernating(); // before the state changes: a receive thread started after it has the source to itself
        everHibernated = true;
        receiver = null;
        receiverState.set(HIBERNATED);
        // a close or a poller's end of stream before the state was set saw no hibernation: check after setting it
        if (ended()) {
            return !receiverState.compareAndSet(HIBERNATED, RUNNING); // we won: go on and finish; else a new thread does
        }
        hibernations = hibernations + 1;
        LOG.log(System.Logger.Level.TRACE, () -> "idle: " + connection);
        idle.park(this, channel);
        return true;
    }

    /** Wakes the receive thread if it parks (a local close). Any thread. */
    void wakeReceiver() {
        Thread r = receiver;
        if (r != null) {
            LockSupport.unpark(r);
        }
    }

    /**
     * Ends receiving for good, on the connection's last receive thread after the connection closed: takes the
     * receive lock and keeps it, so that no poller delivers a frame after onClose, drops the receive buffer and gives
     * its growth back to the budget. Waits only for a poller inside a handler to return.
     */
    void stopReceiving() {
        rx.lock();
        assembly.release();
        if (everHibernated) {
            try {
                IdleReceivers.shared().wakeUp(); // so that it releases its registration of the closed channel now
            } catch (IOException e) {
                // it existed when the connection hibernated
            }
        }
    }

    /** The bytes of receive buffer the connection holds beyond the initial one (for tests); any thread. */
    long receiveBufferGrowth() {
        return assembly.growth();
    }

    // ---- work handed to the receive thread (Connection.runAfterFrame), relieved by ReceiveRelief ----

    /** Work the handler gave the receive thread for after the frame; only touched under {@link #rx} and then by it. */
    private Runnable afterFrame;
    /** Whether the receive loop (not a polling caller) delivers now; guarded by {@link #rx}. */
    private boolean loopDelivers;
    /** The receive thread while it runs handed-off work, else null; the relief moves it to null when it takes over. */
    private final AtomicReference<Thread> working = new AtomicReference<>();
    private volatile long workSince;
    private volatile long lastWork;
    /**
     * Whether {@link ReceiveRelief} watches this connection. Set only by compareAndSet(false, true), so exactly one
     * thread registers it ({@link #watchRelief}) whichever of its receive threads and the relief thread race.
     */
    private final AtomicBoolean watchedByRelief = new AtomicBoolean();
    /** Registers this connection with the relief watcher; made once, so that handing off work allocates nothing. */
    private final Runnable registerWithRelief = () -> ReceiveRelief.shared().watch(this);
    /** A relief thread is due but could not be started yet. */
    private volatile boolean reliefPending;
    /**
     * Threads whose work outlived the relief time and still runs: while there is one, no more work is taken (the
     * handler runs it elsewhere, on a virtual thread), so calls that block cost a connection at most one platform
     * thread beyond its receive thread.
     */
    private final AtomicInteger relievedWorking = new AtomicInteger();
    /** How many times a fresh receive thread took over from one running handed-off work (for tests). */
    private volatile int reliefs;

    /** See {@link Connection#runAfterFrame}. */
    boolean runAfterFrame(Runnable work) {
        if (reliefNanos == 0 || !rx.isHeldByCurrentThread() || !loopDelivers || working.get() != null
                || afterFrame != null || relievedWorking.get() > 0) {
            return false;
        }
        afterFrame = work;
        return true;
    }

    /** Whether the receive loop is to run handed-off work after the frame just delivered; under {@link #rx}. */
    boolean hasHandedOffWork() {
        return afterFrame != null;
    }

    /**
     * Runs the work handed to this receive thread, with the receive lock released; returns true if another receive
     * thread took over meanwhile ({@link ReceiveRelief}), so this one must end without finishing the connection.
     */
    private boolean runHandedOffWork() {
        Runnable work = afterFrame;
        afterFrame = null;
        Thread me = Thread.currentThread();
        workSince = System.nanoTime();
        working.set(me);
        watchRelief();
        try {
            work.run();
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "work run on the receive thread of " + connection + " failed", t);
        } finally {
            // an interrupt the work left behind (a method that restores it after catching InterruptedException)
            // must not reach the channel, which an interrupted thread would close
            Thread.interrupted();
            lastWork = System.nanoTime();
        }
        if (working.compareAndSet(me, null)) {
            return false;
        }
        relievedWorking.decrementAndGet(); // relieved while it ran: another thread receives now
        return true;
    }

    /**
     * One look of {@link ReceiveRelief} at this connection: starts a fresh receive thread if handed-off work has run
     * for the relief time. Returns when to look again (nanoseconds), or -1 to stop watching (no work for a while).
     */
    long checkRelief(long now) {
        if (reliefPending) {
            startRelief();
        }
        Thread w = working.get();
        if (w == null) {
            // work that starts after this look has run at most a relief time at the next one
            return now - lastWork > ReceiveRelief.FORGET_RELIEF_TIMES * reliefNanos && !reliefPending ? -1
                    : reliefNanos;
        }
        long ran = now - workSince;
        if (ran >= reliefNanos && working.compareAndSet(w, null)) {
            relievedWorking.incrementAndGet();
            LOG.log(System.Logger.Level.TRACE, () -> "relieving the receive thread of " + connection + " after "
                    + ran / 1000 + " us of work");
            reliefs = reliefs + 1;
            startRelief();
            return reliefNanos;
        }
        // the work that runs is due when it has run a relief time (or a later work is, if this one ends first)
        return Math.max(reliefNanos - ran, reliefNanos / 8);
    }

    private void startRelief() {
        try {
            startReceiver();
            reliefPending = false;
        } catch (OutOfMemoryError | RuntimeException e) {
            reliefPending = true; // tried again at the next look
            LOG.log(System.Logger.Level.WARNING, "cannot start a receive thread for " + connection + "; trying again",
                    e);
        }
    }

    /** Called by {@link ReceiveRelief} when it stops watching. */
    void unwatched() {
        watchedByRelief.set(false);
    }

    /** Called by {@link ReceiveRelief} after it stopped watching: work that started meanwhile registers again. */
    void rewatchIfRunning() {
        if (working.get() != null) {
            watchRelief();
        }
    }

    /** Registers this connection with {@link ReceiveRelief} unless it is watched; a plain read while it is. */
    private void watchRelief() {
        watchRelief(watchedByRelief, registerWithRelief);
    }

    /**
     * The registration rule, on its own for tests: {@code watch} runs only in the one thread that turns
     * {@code flag} from false to true; a thread that finds it true does no compareAndSet.
     *
     * @return whether this thread registered
     */
    static boolean watchRelief(AtomicBoolean flag, Runnable watch) {
        if (flag.get() || !flag.compareAndSet(false, true)) {
            return false;
        }
        watch.run();
        return true;
    }

    /** How many times a fresh receive thread took over from one running handed-off work (for tests). */
    int reliefs() {
        return reliefs;
    }

    @Override
    public String toString() {
        return "receiving of " + connection;
    }
}
