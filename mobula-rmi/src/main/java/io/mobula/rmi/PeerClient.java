package io.mobula.rmi;

import static io.mobula.rmi.RmiProtocol.CALL;
import static io.mobula.rmi.RmiProtocol.FLAG_ONE_WAY;
import static io.mobula.rmi.RmiProtocol.REPLY;
import static io.mobula.rmi.RmiProtocol.REPLY_THROWN;

import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.transport.Connection;
import io.mobula.transport.FrameTooLargeException;
import java.lang.System.Logger.Level;
import java.io.IOException;
import java.rmi.ConnectException;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.util.concurrent.locks.LockSupport;

/**
 * The client half of a peer connection: sends calls, keeps them by call id until their replies come (so concurrent
 * calls never wait for each other's replies, thesis 3.3.3), and settles each with its reply, its timeout or the loss of
 * the connection. A caller waiting for its reply first receives on the connection itself within the poll window
 * ({@link PeerUpgrade#receiveUntil}): a reply that comes in time is read by the caller's own thread, with no wake-up.
 */
final class PeerClient implements CallChannel {
    private static final System.Logger LOG = System.getLogger(PeerClient.class.getName());
    /**
     * The longest a caller parks before it looks at its call again and, if the reply is still missing, polls the
     * connection itself for a poll window, as at the start of {@link #await}. The reply normally unparks it; this bound
     * only matters when nothing does: a receive thread stuck in handed-off work whose relief (ReceiveRelief) failed
     * to start another leaves the reply unread, and a caller without a call timeout would otherwise wait for good.
     * An idle caller wakes this often; short enough that such a stall costs tens of milliseconds, not a call.
     */
    private static final long RECHECK_NANOS = 20_000_000L;

    private final RmiRuntime runtime;
    private final PeerSender sender;
    private final PeerUpgrade link;
    private final Connection connection;
    private final PendingCalls pending = new PendingCalls();
    private volatile boolean closed;
    private volatile RemoteException closeCause;

    PeerClient(RmiRuntime runtime, PeerSender sender, PeerUpgrade link, Connection connection) {
        this.runtime = runtime;
        this.sender = sender;
        this.link = link;
        this.connection = connection;
    }

    @Override
    public SerialWriter begin() throws RemoteException {
        if (closed) {
            throw notConnected();
        }
        try {
            return sender.begin();
        } catch (SerialException | RuntimeException | Error e) {
            throw new RemoteException("cannot start a call", e instanceof Exception ex ? ex : new Exception(e));
        }
    }

    @Override
    public void abort() {
        try {
            sender.writer().abortMessage();
        } finally {
            sender.unlock();
        }
    }

    @Override
    public void send(PendingCall call, boolean oneWay) throws RemoteException {
        if (!oneWay && PeerServer.onReceiveThread()) {
            // a one-way call waits for nothing and may leave from here; a call with a reply may not
            try {
                sender.writer().abortMessage();
            } finally {
                sender.unlock();
            }
            throw UnsentCalls.mark(new RemoteException("a remote call from a method that runs on a connection's"
                    + " receive thread (marked @NonBlocking or proven non-blocking) could wait for a reply only that"
                    + " thread can deliver; remove @NonBlocking from the method that makes it (one-way calls may be"
                    + " made)"));
        }
        boolean registered = false;
        RemoteException broken = null;
        try {
            if (!oneWay) {
                if (!pending.add(call)) {
                    throw UnsentCalls.mark(new RemoteException("more than 4096 calls outstanding to "
                            + connection.remote()));
                }
                registered = true;
            }
            call.ordered = runtime.causallyOrdered();
            sender.finish(CALL, oneWay ? FLAG_ONE_WAY : 0, oneWay ? 0 : call.callId, call.ref.objectId,
                    call.interfaceHash, call.methodId);
            call.bytesSent = sender.writer().size();
            sender.send(sender.out());
        } catch (Throwable e) {
            // nothing (or half a frame, on a connection that is closing) reached the peer: the message's type
            // descriptors are defined again by the next message
            sender.writer().abortMessage();
            RemoteException failure = sender.failure(e, "call " + call.ref.describe(call.methodId));
            if (!registered) {
                throw failure;
            }
            if (!(e instanceof IOException) || e instanceof FrameTooLargeException || connection.isOpen()) {
                pending.remove(call.callId);
                throw failure;
            }
            broken = failure; // the connection broke under the frame: maybe the server refused it and said why
        } finally {
            sender.unlock();
        }
        if (broken != null) {
            throw refusedOr(call, broken);
        }
        if (!oneWay && call.future != null) {
            expireLater(call);
        }
        if (closed && !oneWay && pending.remove(call.callId) != null) {
            // closed between add and send: close() may have missed it
            call.fail(closeCause != null ? closeCause : notConnected());
        }
    }

    /**
     * A call whose frame could not be sent because the connection broke under it: a server that has no room for a
     * frame answers the call with an error naming why before it closes the connection, and that answer arrives
     * before the close is reported. So wait (briefly: the broken connection's close settles the call) and prefer
     * that answer over the send's own failure, which stays the error of a call nobody answered.
     */
    private RemoteException refusedOr(PendingCall call, RemoteException sendFailure) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
        while (!call.isDone() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(this, 1_000_000);
        }
        if (!call.isDone()) {
            pending.remove(call.callId);
            return sendFailure;
        }
        RemoteException answer = call.failure();
        return answer != null && answer != closeCause ? answer : sendFailure;
    }

    @Override
    public void await(PendingCall call) throws RemoteException {
        long timeout = runtime.config.callTimeout().toNanos();
        long deadline = timeout > 0 ? System.nanoTime() + timeout : 0;
        if (link.receiveUntil(call)) {
            return; // the reply came within the poll window, read by this thread: no wake-up of a parked caller
        }
        int spins = runtime.config.callSpins();
        while (!call.isDone()) {
            if (spins > 0) {
                spins--;
                Thread.onSpinWait();
                continue;
            }
            if (deadline == 0) {
                LockSupport.parkNanos(this, RECHECK_NANOS);
                if (!call.isDone()) {
                    link.receiveUntil(call); // nobody unparked us: read the reply ourselves if it is waiting
                }
            } else {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    if (pending.remove(call.callId) == call) {
                        // the slot is free at once; a late reply is recognised as unknown and dropped (its type
                        // trailer is still bound, so the type tables stay in step)
                        throw timedOut(call);
                    }
                    // the reply is being decoded right now: it settles the call in a moment
                    LockSupport.parkNanos(this, 100_000);
                    continue;
                }
                LockSupport.parkNanos(this, Math.max(Math.min(left, RECHECK_NANOS), 1));
                if (!call.isDone() && deadline - System.nanoTime() > 0) {
                    link.receiveUntil(call); // as above, within the call timeout
                }
            }
        }
    }

    private CallTimeoutException timedOut(PendingCall call) {
        return new CallTimeoutException("no reply within " + runtime.config.callTimeout() + " for "
                + call.ref.describe(call.methodId));
    }

    /** An asynchronous call honours the call timeout too: its future fails and its slot is freed. */
    private void expireLater(PendingCall call) {
        long timeout = runtime.config.callTimeout().toNanos();
        if (timeout > 0) {
            runtime.schedule(() -> {
                if (pending.remove(call.callId) == call) {
                    call.fail(timedOut(call));
                }
            }, timeout);
        }
    }

    /**
     * A REPLY, REPLY_THROWN or REPLY_ERROR frame whose header {@code h} was read and whose type trailer is bound: the
     * result follows in {@code reader}. Runs on the receive role.
     */
    void onReply(RmiHeader h, SerialReader reader) {
        int callId = h.callId();
        int causal = h.sequence();
        PendingCall call = pending.remove(callId);
        if (call == null) {
            // a reply after its call timed out (its trailer is bound already), or a forged one: dropped
            LOG.log(Level.DEBUG, "dropping the reply to call {0} from {1}: the call is no longer waiting", callId,
                    connection.remote());
            return;
        }
        try {
            switch (h.type()) {
                case REPLY -> call.kind.read(reader, call);
                case REPLY_THROWN -> {
                    Object t = reader.readObject(Throwable.class);
                    call.threw(t != null ? (Throwable) t : new UnmarshalException("null exception"));
                }
                default -> {
                    String message = reader.readString();
                    Object cause = h.methodId() == RmiProtocol.ERROR_UNMARSHAL_ARGUMENTS
                            || h.methodId() == RmiProtocol.ERROR_MARSHAL_RESULT
                            ? reader.readObject(Throwable.class) : null;
                    call.failed(RemoteFailures.forError(h.methodId(), message, (Throwable) cause));
                }
            }
            runtime.stats.callsMade.increment();
        } catch (Throwable e) {
            // one bad value fails its own call only: the connection and the other calls go on
            call.failed(new UnmarshalException("error unmarshalling return", RemoteFailures.javaIo(e)));
        } finally {
            CausalClock clock = runtime.clock;
            if (call.ordered && causal > clock.now()) {
                // the server saw replicated writes this process has not applied: the caller waits for them (not a
                // caller outside the order, such as a replica joining, whose own call brings those writes about)
                runtime.dispatchExecutor.execute(() -> {
                    try {
                        clock.awaitAtLeast(causal);
                    } catch (InterruptedException | RuntimeException e) {
                        call.failed(new RemoteException("the reply waited for replicated write " + causal
                                + " in vain: " + e, e));
                    }
                    call.complete();
                });
            } else {
                call.complete();
            }
        }
    }

    /** The connection is gone: every pending call fails with {@code cause}, and so does every later one. */
    void close(RemoteException cause) {
        closeCause = cause;
        closed = true;
        for (PendingCall c : pending.drain()) {
            c.fail(cause);
        }
    }

    private RemoteException notConnected() {
        return new ConnectException("connection to " + connection.remote() + " is closed");
    }
}
