package io.mobula.rmi;

import static io.mobula.rmi.RmiProtocol.FLAG_TYPE_DEFS;

import io.mobula.serial.SerialException;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import io.mobula.transport.Connection;
import io.mobula.transport.FrameParts;
import io.mobula.transport.FrameTooLargeException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.rmi.ConnectException;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The sending half of a peer connection: the one writer (and so the one outbound type table) and the lock that
 * orders every frame to the peer, calls, replies and control frames alike. A message is begun with {@link #begin}
 * (which takes the lock), ended with {@link #finish} and {@link #send}, and the lock released with {@link #unlock};
 * a failed message is discarded with {@link SerialWriter#abortMessage()}.
 *
 * <p>Frames go to {@link #out()}: the TCP connection, then the shared-memory one from the point of the frame order
 * where the upgrade switches this direction ({@link #switchTo}, under the lock).
 */
final class PeerSender {
    private final SerialWriter writer;
    private final ReentrantLock lock = new ReentrantLock();
    /** The message being sent when it holds arrays out of line; used under the lock. */
    private final FrameParts parts = new FrameParts();
    private final ByteOrder order;
    /** Read per frame, not kept: a clock installed after this connection opened must stamp its frames too. */
    private final RmiRuntime runtime;
    private final Connection control;
    private volatile Connection out;
    private int headerAt;

    /**
     * @param runtime      whose causal clock ({@link RmiRuntime#clock}) stamps each frame as it is sent
     * @param control      the connection the peer was reached by; control frames always go there
     * @param outOfLine    primitive arrays of at least this many bytes are not copied into the writer's buffer
     *                     ({@link RmiConfig#outOfLineBytes()})
     */
    PeerSender(Serialization serialization, RmiRuntime runtime, Connection control, int outOfLine) {
        this.writer = serialization.newPeerWriter();
        writer.outOfLine(outOfLine);
        this.order = writer.byteOrder();
        this.runtime = runtime;
        this.control = control;
        this.out = control;
    }

    /** The byte order of every frame this side sends (announced in the HELLO). */
    ByteOrder order() {
        return order;
    }

    SerialWriter writer() {
        return writer;
    }

    /** Where frames to the peer go now. */
    Connection out() {
        return out;
    }

    /** Sends every later frame over {@code to}; the caller holds the lock and has sent this direction's last frame. */
    void switchTo(Connection to) {
        out = to;
    }

    void lock() {
        lock.lock();
    }

    boolean tryLock() {
        return lock.tryLock();
    }

    void unlock() {
        lock.unlock();
    }

    /**
     * Takes the lock and starts a message with room for its header; on failure the lock is released again.
     *
     * @throws SerialException if the writer cannot start a message (its buffer cannot grow)
     */
    SerialWriter begin() throws SerialException {
        lock.lock();
        try {
            return beginLocked();
        } catch (Throwable e) {
            writer.abortMessage();
            lock.unlock();
            throw e;
        }
    }

    /** Starts a message with room for its header; the caller holds the lock already. */
    SerialWriter beginLocked() throws SerialException {
        writer.beginMessage();
        headerAt = writer.reserve(RmiHeader.LENGTH);
        return writer;
    }

    /**
     * Ends the message begun last: the type trailer, then the header (with {@link RmiProtocol#FLAG_TYPE_DEFS} when a
     * trailer was written) and this process's causal clock. The caller holds the lock.
     */
    void finish(byte type, int flags, int callId, long objectId, long interfaceHash, int methodId) throws IOException {
        boolean defs = writer.endMessage();
        RmiHeader.write(writer, headerAt, type, flags | (defs ? FLAG_TYPE_DEFS : 0), callId, objectId, interfaceHash,
                methodId, runtime.causalNow());
    }

    /**
     * Sends the finished message as one frame over {@code to}: the writer's buffer, or, with arrays out of line, the
     * buffer and the arrays as {@link FrameParts} for the transport to copy once. The caller holds the lock; the
     * arrays are the caller's and stay unchanged because the send completes before the stub call returns.
     */
    void send(Connection to) throws IOException {
        int n = writer.outOfLineCount();
        if (n == 0) {
            to.send(writer.buffer());
            return;
        }
        FrameParts f = parts;
        try {
            f.reset(writer.inline());
            for (int i = 0; i < n; i++) {
                f.addArray(writer.outOfLineAt(i), writer.outOfLineArray(i), writer.outOfLineOffset(i),
                        writer.outOfLineLength(i), order);
            }
            to.send(f);
        } finally {
            f.clear();
        }
    }

    /** A frame of header only (DGC, PING, PONG) over {@link #out()}; the caller holds the lock. */
    void sendBare(byte type, long objectId) throws IOException {
        try {
            beginLocked();
            finish(type, 0, 0, objectId, 0, 0);
            send(out);
        } catch (Throwable e) {
            writer.abortMessage();
            throw e instanceof IOException io ? io : new IOException("cannot send frame type " + type, e);
        }
    }

    /** A frame of header and one string (the upgrade's control frames) over the control connection. */
    void sendControl(byte type, int status, String text) throws IOException {
        lock.lock();
        try {
            beginLocked();
            writer.writeString(text);
            finish(type, 0, 0, 0, 0, status);
            send(control);
        } catch (Throwable e) {
            writer.abortMessage();
            throw e instanceof IOException io ? io : new IOException("cannot send frame type " + type, e);
        } finally {
            lock.unlock();
        }
    }

    /** Sends a frame built without the writer (HELLO, AUTH) over the control connection. */
    void sendRaw(ByteBuffer frame) throws IOException {
        lock.lock();
        try {
            control.send(frame);
        } finally {
            lock.unlock();
        }
    }

    /**
     * What a failed send of {@code what} turns into for its caller. A frame over the limit was refused before any of
     * it was written ({@link FrameTooLargeException}): marked as such ({@link Rmi#callNotSent}). Other failures may
     * come after part of the frame left, so they prove nothing about what the peer received.
     */
    RemoteException failure(Throwable e, String what) {
        if (e instanceof RemoteException r) {
            return r;
        }
        if (e instanceof FrameTooLargeException big) {
            return UnsentCalls.mark(new MarshalException(what + " is " + big.frameBytes() + " bytes, more than the"
                    + " maximum frame size " + big.maxFrameSize() + " of the connection to " + control.remote()
                    + " (TransportOptions.maxFrameSize)", big));
        }
        if (e instanceof IOException io) {
            return new ConnectException("cannot send " + what, io);
        }
        return new MarshalException("cannot send " + what + ": " + e, e instanceof Exception ex ? ex
                : new SerialException(e.toString(), e));
    }
}
