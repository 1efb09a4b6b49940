package io.mobula.rmi;

import static io.mobula.rmi.RmiProtocol.ERROR_MARSHAL_RESULT;
import static io.mobula.rmi.RmiProtocol.ERROR_UNMARSHAL_ARGUMENTS;
import static io.mobula.rmi.RmiProtocol.FLAG_ONE_WAY;
import static io.mobula.rmi.RmiProtocol.REPLY;
import static io.mobula.rmi.RmiProtocol.REPLY_ERROR;
import static io.mobula.rmi.RmiProtocol.REPLY_THROWN;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.transport.Connection;
import java.lang.System.Logger.Level;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import jdk.jfr.FlightRecorder;

/**
 * The server half of a peer connection: decodes an incoming call's arguments, runs the call where it should run
 * (thesis 3.3.1) and sends its reply. Where a call goes is worked out by {@link CallTarget}, the same way as for the
 * local short-cut; one bad argument or result fails its call only.
 *
 * <p>Where a call runs: a method marked or proven non-blocking on the receive thread, with nothing handed on; a call
 * that must wait for replicated writes the caller saw (RepMI's causal clock) on a virtual thread after the wait;
 * anything else on the receive thread itself after it handed its receive role on ({@link Connection#runAfterFrame}),
 * or on a virtual thread where the transport does not allow that or dispatch is {@link RmiConfig.Dispatch#VIRTUAL_THREADS}.
 */
final class PeerServer {
    private static final System.Logger LOG = System.getLogger(PeerServer.class.getName());

    /**
     * The connection whose receive thread runs a method now, set while the method runs: a two-way remote call from
     * there fails instead of deadlocking, and {@link #handOff} asks that connection to take the work.
     */
    private static final ThreadLocal<Connection> INLINE = new ThreadLocal<>();

    private final RmiRuntime runtime;
    private final PeerSender sender;
    private final Connection connection;
    private final Supplier<RemoteClient> client;
    /** Where the call being received goes; used by the receive role only. */
    private final CallTarget target = new CallTarget();
    /** The result of a call run on the receive thread; used by the receive role only. */
    private final CallResult inlineResult = new CallResult();

    /**
     * @param client the caller as a served method sees it ({@link RemoteClient#current()})
     */
    PeerServer(RmiRuntime runtime, PeerSender sender, Connection connection, Supplier<RemoteClient> client) {
        this.runtime = runtime;
        this.sender = sender;
        this.connection = connection;
        this.client = client;
    }

    /** Whether the current thread is running a method on a receive thread (and so may not wait for a reply). */
    static boolean onReceiveThread() {
        return INLINE.get() != null;
    }

    /**
     * Arranges for {@code work} to run on the current receive thread once the current frame is delivered and its
     * receive role handed on ({@link Connection#runAfterFrame}); false, and nothing arranged, when the calling thread
     * runs no method on a receive thread or the transport does not allow it now.
     */
    static boolean runAfterFrame(Runnable work) {
        Connection c = INLINE.get();
        return c != null && c.runAfterFrame(work);
    }

    /**
     * Runs {@code work}, which may block, where it may: from a method running on a receive thread, on that thread
     * once the current frame is delivered and its receive role handed on ({@link Connection#runAfterFrame}), else
     * on the runtime's dispatch executor; from any other thread, at once on the calling thread.
     */
    static void handOff(RmiRuntime runtime, Runnable work) {
        Connection c = INLINE.get();
        if (c == null) {
            work.run();
        } else if (!c.runAfterFrame(work)) {
            runtime.dispatchExecutor.execute(work);
        }
    }

    /**
     * A CALL frame whose header {@code h} was read and whose type trailer is bound: the arguments follow in
     * {@code reader}. Runs on the receive role of {@code from}.
     */
    void onCall(Connection from, RmiHeader h, SerialReader reader) {
        int flags = h.flags();
        int callId = h.callId();
        int methodId = h.methodId();
        int causal = h.sequence();
        boolean oneWay = (flags & FLAG_ONE_WAY) != 0;
        CallTarget t = target;
        if (!t.resolve(runtime, h.objectId(), h.interfaceHash(), methodId)) {
            if (!oneWay) {
                sendError(callId, t.error, t.message);
            }
            return;
        }
        Dispatcher d = t.dispatcher;
        ExportTable.Exported exported = t.exported;
        Invocation inv;
        try {
            inv = d.decode(t.impl, methodId, reader);
        } catch (Throwable e) {
            // one bad argument fails its call only: the type trailer was bound before the body
            if (oneWay) {
                LOG.log(Level.WARNING, "one-way call to {0}#{1} dropped: undecodable arguments: {2}",
                        d.remoteInterface().getName(), methodId, e);
            } else {
                sendError(callId, ERROR_UNMARSHAL_ARGUMENTS, "error unmarshalling arguments of "
                        + d.remoteInterface().getName() + "#" + methodId + ": " + e.getMessage(),
                        RemoteFailures.javaIo(e));
            }
            return;
        }
        runtime.stats.callsServed.increment();
        CausalClock clock = runtime.clock;
        // the caller saw replicated writes this process has not applied (a process without replicas waits for none)
        boolean behind = clock != CausalClock.NONE && causal > clock.now();
        boolean auto = runtime.config.dispatch() == RmiConfig.Dispatch.AUTO;
        boolean inline = !behind && auto && (exported.flags(d, methodId) & Dispatcher.NON_BLOCKING) != 0;
        String iface = d.remoteInterface().getName();
        if (behind) {
            runtime.dispatchExecutor.execute(() -> {
                try {
                    clock.awaitAtLeast(causal);
                } catch (InterruptedException | RuntimeException e) {
                    if (!oneWay) {
                        sendThrown(callId, RemoteFailures.asThrownByServer(new java.rmi.RemoteException(
                                "the call waited for replicated write " + causal + " in vain: " + e, e)));
                    }
                    return;
                }
                run(inv, new CallResult(), callId, oneWay, iface, methodId);
            });
        } else if (inline) {
            INLINE.set(from);
            try {
                run(inv, inlineResult, callId, oneWay, iface, methodId);
            } finally {
                INLINE.set(null); // not remove(): the thread's entry is reused by its next call (no rehash, no cleanup)
            }
        } else {
            Runnable call = () -> run(inv, new CallResult(), callId, oneWay, iface, methodId);
            // the receive thread runs the call itself after handing on its receive role, when the transport lets it:
            // no wake-up of another thread, and it is back receiving as soon as the call returns (a callback inside
            // the call is received by this thread while it waits for the callback's reply)
            if (!auto || !from.runAfterFrame(call)) {
                runtime.dispatchExecutor.execute(call);
            }
        }
    }

    private void run(Invocation inv, CallResult result, int callId, boolean oneWay, String iface, int methodId) {
        result.clear();
        long start = FlightRecorder.isInitialized() && CallEvent.enabled() ? System.nanoTime() : 0;
        Throwable t = CallTarget.invoke(inv, result, client.get());
        if (start != 0) {
            CallEvent.emit("server", iface, methodId, 0, start, t != null ? "thrown" : oneWay ? "one-way" : "ok");
        }
        if (t != null) {
            if (oneWay) {
                LOG.log(Level.WARNING, "one-way call threw", t);
            } else {
                sendThrown(callId, RemoteFailures.asThrownByServer(t));
            }
            return;
        }
        if (oneWay) {
            return;
        }
        if (result.future != null) {
            result.future.whenComplete((v, ex) -> {
                if (ex != null) {
                    sendThrown(callId, RemoteFailures.asThrownByServer(
                            ex instanceof CompletionException && ex.getCause() != null ? ex.getCause() : ex));
                } else {
                    CallResult r = new CallResult();
                    r.setObject(v);
                    sendReply(callId, r);
                }
            });
            return;
        }
        sendReply(callId, result);
    }

    /**
     * Sends a reply for call {@code callId}; runs on the receive thread or on a virtual thread. Whatever goes wrong
     * while writing the result (a value the serializer refuses, a hook that throws, a frame over the limit, an
     * OutOfMemoryError), the message is discarded and the caller still gets an answer.
     */
    private void sendReply(int callId, CallResult result) {
        sender.lock();
        try {
            SerialWriter w = sender.beginLocked();
            result.kind.write(w, result.prim, result.obj);
            sender.finish(REPLY, 0, callId, 0, 0, 0);
            sender.send(sender.out());
        } catch (Throwable e) {
            sender.writer().abortMessage();
            if (connection.isOpen()) {
                sendError(callId, ERROR_MARSHAL_RESULT, "error marshalling the result on the server: "
                        + sender.failure(e, "the result").getMessage(), RemoteFailures.javaIo(e));
            }
        } finally {
            sender.unlock();
        }
    }

    /** Sends what the remote method threw; an exception that cannot travel is described instead. */
    private void sendThrown(int callId, Throwable thrown) {
        sender.lock();
        try {
            sender.beginLocked().writeObject(thrown);
            sender.finish(REPLY_THROWN, 0, callId, 0, 0, 0);
            sender.send(sender.out());
        } catch (Throwable e) {
            sender.writer().abortMessage();
            if (connection.isOpen()) {
                sendError(callId, ERROR_MARSHAL_RESULT, "the remote method threw " + thrown
                        + ", which cannot be sent: " + sender.failure(e, "the exception").getMessage(), null);
            }
        } finally {
            sender.unlock();
        }
    }

    /**
     * Answers call {@code callId}, whose frame this process had no memory for, with an error naming why (the caller
     * sees a {@code ServerException} wrapping an {@code UnmarshalException}, as for arguments it cannot decode).
     */
    void refuse(int callId, String why) {
        sendError(callId, ERROR_UNMARSHAL_ARGUMENTS, "the server refused the call for lack of resources: " + why);
    }

    /** Sends a runtime error for a call; never throws (a connection that cannot carry it is closing anyway). */
    private void sendError(int callId, int code, String message) {
        sendError(callId, code, message, null);
    }

    /**
     * As {@link #sendError(int, int, String)}; a serialization failure ({@code ERROR_UNMARSHAL_ARGUMENTS},
     * {@code ERROR_MARSHAL_RESULT}) carries after its text the java.io exception java.rmi's caller would see in
     * it (or null). If that exception cannot be written, the text goes alone.
     */
    private void sendError(int callId, int code, String message, Exception javaIo) {
        boolean withCause = code == ERROR_UNMARSHAL_ARGUMENTS || code == ERROR_MARSHAL_RESULT;
        String text = message.length() > 4096 ? message.substring(0, 4096) + "..." : message;
        sender.lock();
        try {
            SerialWriter w = sender.beginLocked();
            w.writeString(text);
            if (withCause) {
                try {
                    w.writeObject(javaIo instanceof java.io.ObjectStreamException
                            || javaIo instanceof ClassNotFoundException ? javaIo : null);
                } catch (Throwable notWritable) {
                    sender.writer().abortMessage();
                    w = sender.beginLocked();
                    w.writeString(text);
                    w.writeObject(null);
                }
            }
            sender.finish(REPLY_ERROR, 0, callId, 0, 0, code);
            sender.send(sender.out());
        } catch (Throwable e) {
            sender.writer().abortMessage();
            LOG.log(Level.DEBUG, "cannot send an error reply to {0}: {1}", connection.remote(), e);
        } finally {
            sender.unlock();
        }
    }
}
