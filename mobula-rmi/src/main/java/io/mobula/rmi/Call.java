package io.mobula.rmi;

import io.mobula.serial.SerialWriter;
import java.io.IOException;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.rmi.UnexpectedException;
import java.util.concurrent.CompletableFuture;

/**
 * One outbound call, as made by a generated stub: {@link RemoteRef#newCall} sends nothing yet and holds the
 * connection's writer; the stub writes the arguments into {@link #arguments()} (straight into the send buffer)
 * and then calls exactly one {@code invoke*} method, which sends the frame and waits for the reply. The stub
 * holds the call in a try-with-resources statement: whatever is thrown before the call is sent (by an argument's
 * serializer, a {@code writeReplace} hook, the class filter, an {@link OutOfMemoryError}), {@link #close()}
 * discards the half-written message, with the type descriptors first defined in it, and releases the connection,
 * so no later call to that peer waits for it. Failures while writing arguments go through {@link #marshalFailed}.
 *
 * <pre>{@code
 * try (Call call = ref.newCall(HASH, 3, 0)) {
 *     try {
 *         call.arguments().writeInt(a0);
 *     } catch (Throwable e) {
 *         throw call.marshalFailed(e);
 *     }
 *     return call.invokeInt();
 * } catch (RemoteException | RuntimeException | Error e) {
 *     throw e;
 * } catch (Throwable t) {
 *     throw Call.unexpected(t);
 * }
 * }</pre>
 *
 * <p>The {@code invoke*} methods throw whatever the remote method threw, so generated stubs rethrow the declared
 * exceptions and wrap anything else in {@link UnexpectedException}. For generated code.
 */
public abstract class Call implements AutoCloseable {

    Call() {
    }

    /** The writer to put the arguments into, in parameter order. */
    public abstract SerialWriter arguments();

    /**
     * Maps a failure while writing the arguments, as java.rmi does: an {@link IOException} (a value the serializer
     * refuses) or an {@link OutOfMemoryError} (an argument too large for this heap) becomes the returned
     * {@link MarshalException} (for which {@link Rmi#callNotSent} is true), to throw; other unchecked exceptions and
     * errors (thrown by an argument's own {@code writeObject} or {@code writeReplace}) are rethrown as they are.
     * Nothing is sent either way.
     */
    public abstract MarshalException marshalFailed(Throwable cause);

    /**
     * Gives the connection back if the call was not sent (its arguments failed, or an {@code invoke*} method threw
     * before sending); does nothing after a send. Idempotent.
     */
    @Override
    public abstract void close();

    /** Sends the call and waits; for methods returning {@code void}. */
    public abstract void invokeVoid() throws Throwable;

    /** Sends a {@link OneWay} call and returns once it is handed to the transport. */
    public abstract void invokeOneWay() throws RemoteException;

    public abstract boolean invokeBoolean() throws Throwable;

    public abstract byte invokeByte() throws Throwable;

    public abstract char invokeChar() throws Throwable;

    public abstract short invokeShort() throws Throwable;

    public abstract int invokeInt() throws Throwable;

    public abstract long invokeLong() throws Throwable;

    public abstract float invokeFloat() throws Throwable;

    public abstract double invokeDouble() throws Throwable;

    public abstract String invokeString() throws Throwable;

    /**
     * Sends the call and waits for an object result, which must be an instance of {@code expected} (the erasure
     * of the declared return type; wrapper classes for nothing — primitives have their own methods).
     */
    public abstract <T> T invokeObject(Class<T> expected) throws Throwable;

    /**
     * Sends the call and returns at once; the future completes, on a virtual thread, with the result (an instance
     * of {@code expected}) or with what the remote method threw or a {@link RemoteException}.
     */
    public abstract <T> CompletableFuture<T> invokeAsync(Class<T> expected) throws RemoteException;

    /** Wraps an undeclared checked exception, as java.rmi does. */
    public static UnexpectedException unexpected(Throwable t) {
        return new UnexpectedException("undeclared checked exception", t instanceof Exception e ? e : new Exception(t));
    }
}
