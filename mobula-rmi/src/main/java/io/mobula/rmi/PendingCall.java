package io.mobula.rmi;

import io.mobula.serial.SerialWriter;
import java.io.IOException;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import jdk.jfr.FlightRecorder;

/**
 * The one object a call allocates (as in KaRMI, paper 4.2): the stub's handle on the call and, once sent, the
 * slot its reply is decoded into. The receive thread decodes the reply (in arrival order, because type
 * descriptors are sent once per peer) and wakes the caller, or completes the future of an asynchronous call.
 */
final class PendingCall extends Call implements java.util.function.BooleanSupplier {
    final RemoteRef ref;
    final long interfaceHash;
    final int methodId;
    final int flags;
    private final CallChannel channel;
    private SerialWriter out;
    /** Whether the channel's writer is still held: between newCall and the send (or close). */
    private boolean writing = true;

    ResultKind kind = ResultKind.VOID;
    Class<?> expected;
    Thread waiter;
    CompletableFuture<Object> future;
    int callId;
    long bytesSent; // set by the channel when sent
    /** Whether the caller takes part in the causal order: its reply waits for the writes it follows. */
    boolean ordered;

    // written by the settling thread, through the methods below, before 'done' is set (the volatile write
    // publishes them)
    private long prim;
    private Object obj;
    private Throwable thrown;        // the remote method threw this
    private RemoteException failure; // the call failed in the runtime or the connection
    private volatile boolean done;

    /** The reply carried a primitive result (its bits). */
    void primitiveResult(long bits) {
        prim = bits;
    }

    /** The reply carried an object result. */
    void objectResult(Object value) {
        obj = value;
    }

    /** The remote method threw {@code t}. */
    void threw(Throwable t) {
        thrown = t;
    }

    /** The call failed in the runtime or the connection; settle it with {@link #complete()}. */
    void failed(RemoteException e) {
        failure = e;
    }

    /** Why the call failed, or null. */
    RemoteException failure() {
        return failure;
    }

    /** What the remote method threw, or null. */
    Throwable thrown() {
        return thrown;
    }

    /** The object result. */
    Object objectResult() {
        return obj;
    }

    PendingCall(RemoteRef ref, long interfaceHash, int methodId, int flags, CallChannel channel, SerialWriter out) {
        this.ref = ref;
        this.interfaceHash = interfaceHash;
        this.methodId = methodId;
        this.flags = flags;
        this.channel = channel;
        this.out = out;
    }

    /** {@link #isDone()}, for polling a shared-memory ring until the reply is in. */
    @Override
    public boolean getAsBoolean() {
        return isDone();
    }

    boolean isDone() {
        return done;
    }

    /** Called once by whoever settles the call. */
    void complete() {
        done = true;
        if (future != null) {
            AsyncCompletion.complete(this);
        } else if (waiter != null && waiter != Thread.currentThread()) {
            LockSupport.unpark(waiter); // not when the caller polled the reply in itself: nobody sleeps
        }
    }

    /** Fails the call and settles it. */
    void fail(RemoteException e) {
        failed(e);
        complete();
    }

    @Override
    public SerialWriter arguments() {
        return out;
    }

    @Override
    public MarshalException marshalFailed(Throwable cause) {
        close();
        if (cause instanceof IOException io) { // java.rmi's words and the java.io exception its stream throws
            return UnsentCalls.mark(new MarshalException("error marshalling arguments", RemoteFailures.javaIo(io)));
        }
        if (cause instanceof OutOfMemoryError oom) {
            return UnsentCalls.mark(new MarshalException("error marshalling arguments of " + ref.describe(methodId)
                    + ": they do not fit in memory", new io.mobula.serial.SerialException(oom.toString(), oom)));
        }
        if (cause instanceof RuntimeException r) {
            throw r;
        }
        if (cause instanceof Error e) {
            throw e;
        }
        return UnsentCalls.mark(new MarshalException("error marshalling arguments of " + ref.describe(methodId)
                + ": " + cause, new Exception(cause)));
    }

    @Override
    public void close() {
        if (writing) {
            writing = false;
            out = null;
            channel.abort();
        }
    }

    /** Hands the written message to the channel; from here the channel owns (and releases) the writer. */
    private void send(boolean oneWay) throws RemoteException {
        if (!writing) {
            throw new IllegalStateException("call " + ref.describe(methodId) + " already sent or closed");
        }
        writing = false;
        out = null;
        channel.send(this, oneWay);
    }

    private void sendAndWait(ResultKind k, Class<?> exp) throws Throwable {
        kind = k;
        expected = exp;
        waiter = Thread.currentThread();
        long start = FlightRecorder.isInitialized() && CallEvent.enabled() ? System.nanoTime() : 0;
        try {
            send(false);
            channel.await(this);
        } catch (RemoteException e) {
            failure = e;
        }
        if (start != 0) {
            CallEvent.emit("client", ref.interfaceName, methodId, bytesSent, start,
                    failure != null ? "failed" : thrown != null ? "thrown" : "ok");
        }
        if (failure != null) {
            throw failure;
        }
        if (thrown != null) {
            throw RemoteTraces.withLocalTrace(thrown);
        }
    }

    @Override
    public void invokeVoid() throws Throwable {
        sendAndWait(ResultKind.VOID, null);
    }

    @Override
    public void invokeOneWay() throws RemoteException {
        send(true);
    }

    @Override
    public boolean invokeBoolean() throws Throwable {
        sendAndWait(ResultKind.BOOLEAN, null);
        return prim != 0;
    }

    @Override
    public byte invokeByte() throws Throwable {
        sendAndWait(ResultKind.BYTE, null);
        return (byte) prim;
    }

    @Override
    public char invokeChar() throws Throwable {
        sendAndWait(ResultKind.CHAR, null);
        return (char) prim;
    }

    @Override
    public short invokeShort() throws Throwable {
        sendAndWait(ResultKind.SHORT, null);
        return (short) prim;
    }

    @Override
    public int invokeInt() throws Throwable {
        sendAndWait(ResultKind.INT, null);
        return (int) prim;
    }

    @Override
    public long invokeLong() throws Throwable {
        sendAndWait(ResultKind.LONG, null);
        return prim;
    }

    @Override
    public float invokeFloat() throws Throwable {
        sendAndWait(ResultKind.FLOAT, null);
        return Float.intBitsToFloat((int) prim);
    }

    @Override
    public double invokeDouble() throws Throwable {
        sendAndWait(ResultKind.DOUBLE, null);
        return Double.longBitsToDouble(prim);
    }

    @Override
    public String invokeString() throws Throwable {
        sendAndWait(ResultKind.STRING, null);
        return (String) obj;
    }

    @Override
    public <T> T invokeObject(Class<T> exp) throws Throwable {
        sendAndWait(ResultKind.OBJECT, exp);
        return exp.cast(obj);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> CompletableFuture<T> invokeAsync(Class<T> exp) throws RemoteException {
        kind = ResultKind.OBJECT;
        expected = exp;
        future = new CompletableFuture<>();
        send(false);
        return (CompletableFuture<T>) (CompletableFuture<?>) future;
    }
}
