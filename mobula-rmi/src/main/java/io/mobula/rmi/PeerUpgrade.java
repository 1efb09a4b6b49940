package io.mobula.rmi;

import static io.mobula.rmi.RmiProtocol.UPGRADE;
import static io.mobula.rmi.RmiProtocol.UPGRADE_ACK;
import static io.mobula.rmi.RmiProtocol.UPGRADE_DONE;

import io.mobula.serial.SerialReader;
import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import io.mobula.transport.FrameHandler;
import io.mobula.transport.SharedMemory;
import io.mobula.transport.TransportOptions;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.function.BooleanSupplier;

/**
 * The upgrade of one peer connection from TCP to shared memory (KaRMI 4.3: the best technology both sides share),
 * and, before and after it, the connection a waiting caller polls for its reply.
 *
 * <p>The TCP connection carries the HELLOs; when both processes offer shm and have the same host id, the one with the
 * smaller VM id {@link #offer creates} a segment and sends UPGRADE with its name. The other {@link #onUpgrade maps}
 * it, answers UPGRADE_ACK as its last TCP frame and sends over shm from then on; the offering side, on the
 * {@link #onAck ACK}, starts reading the shm ring, sends UPGRADE_DONE as its last TCP frame and switches too; the
 * other starts reading shm on {@link #onDone DONE}. So each direction changes connection at one point of its frame
 * order, and the reader (type table) passes from the TCP receive thread to the shm one without overlap. The shm
 * connection is an ordinary {@link Connection} of the transport ({@link SharedMemory.Segment#connection}), the same
 * receive path the transport's conformance suite tests; the TCP connection stays open as the liveness link: its end
 * closes the shm connection, and the shm connection's end closes it.
 *
 * <p>Runs on the receive role of the connection (the control frames arrive in frame order); {@link #receiveUntil} and
 * {@link #upgraded} on any thread.
 */
final class PeerUpgrade {
    private static final System.Logger LOG = System.getLogger(PeerUpgrade.class.getName());

    private final Connection tcp;
    private final PeerSender sender;
    private final FrameHandler frames;
    private final TransportOptions options;
    private final long tcpPollWindowNanos;
    /** Told when frames start arriving over shared memory. */
    private final Runnable moved;

    /** The segment while upgrading or upgraded, else null. */
    private volatile SharedMemory.Segment segment;
    private volatile Connection shm;
    /** Where frames from the peer arrive now: TCP, then shm once this side started reading it. */
    private volatile Connection inbound;

    /**
     * @param frames where frames of the shm connection go (the peer connection's frame handling); its close closes
     *               the TCP connection
     * @param moved  told when frames from the peer start arriving over shared memory
     */
    PeerUpgrade(Connection tcp, PeerSender sender, FrameHandler frames, TransportOptions options,
                long tcpPollWindowNanos, Runnable moved) {
        this.moved = moved;
        this.tcp = tcp;
        this.sender = sender;
        this.frames = frames;
        this.options = options;
        this.tcpPollWindowNanos = tcpPollWindowNanos;
        this.inbound = tcp;
    }

    /** Whether this side sends over shared memory now. */
    boolean upgraded() {
        return sender.out() != tcp;
    }

    /**
     * Lets the calling thread receive on the connection frames arrive by now until {@code done}, within that
     * connection's poll window ({@link io.mobula.transport.ShmOptions#pollWindow()} for shm,
     * {@link RmiConfig#pollWindow()} for TCP).
     *
     * @return whether {@code done} became true
     */
    boolean receiveUntil(BooleanSupplier done) {
        Connection in = inbound;
        return in.receiveUntil(done, in == tcp ? tcpPollWindowNanos : options.shm().pollWindow().toNanos());
    }

    /** The connection frames from the peer arrive on now (TCP, then shm once this side reads it). */
    Connection inbound() {
        return inbound;
    }

    /** After the handshake, on the side with the smaller VM id: creates a segment and offers it. */
    void offer() {
        SharedMemory.Segment seg;
        try {
            seg = SharedMemory.create(options.shm().ringBytes());
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "no shared memory for {0}: {1}", tcp.remote(), e);
            return;
        }
        segment = seg;
        shm = seg.connection(Endpoint.shm(seg.name()), frames, options);
        if (!sendControl(UPGRADE, 0, seg.name())) {
            seg.close();
        }
    }

    /**
     * The peer offers a segment: map it, acknowledge as the last TCP frame, send over shm from then on.
     *
     * @param offered whether this side offers shm to the peer (same host, shm on)
     * @return null, or why the frame breaks the protocol
     */
    String onUpgrade(SerialReader reader, boolean offered) {
        String name;
        try {
            name = reader.readString();
        } catch (IOException e) {
            return "bad UPGRADE: " + e.getMessage();
        }
        String refusal = null;
        SharedMemory.Segment seg = null;
        if (!offered || segment != null || name == null) {
            refusal = "shared memory not offered here";
        } else {
            try {
                seg = SharedMemory.open(name);
            } catch (IOException | RuntimeException e) {
                refusal = "cannot map " + name + ": " + e.getMessage();
            }
        }
        if (seg == null) {
            sendControl(UPGRADE_ACK, 1, refusal);
            return null;
        }
        segment = seg;
        Connection c = seg.connection(Endpoint.shm(seg.name()), frames, options);
        shm = c;
        sender.lock();
        try {
            if (sendControl(UPGRADE_ACK, 0, null)) {
                sender.switchTo(c);
            }
        } finally {
            sender.unlock();
        }
        return null;
    }

    /**
     * Our offer was answered: start reading shm (the peer writes there only after the ACK), then switch.
     *
     * @return null, or why the frame breaks the protocol
     */
    String onAck(int status, SerialReader reader) {
        SharedMemory.Segment seg = segment;
        if (seg == null || upgraded()) {
            return "unexpected UPGRADE_ACK";
        }
        if (status != 0) {
            String why = "?";
            try {
                why = reader.readString();
            } catch (IOException ignored) {
                // the reason is informative only
            }
            LOG.log(Level.DEBUG, "{0} stays on TCP: {1}", tcp.remote(), why);
            segment = null;
            shm = null;
            seg.close();
            return null;
        }
        startReceiving(seg);
        sender.lock();
        try {
            if (sendControl(UPGRADE_DONE, 0, null)) {
                sender.switchTo(shm);
            }
        } finally {
            sender.unlock();
        }
        LOG.log(Level.DEBUG, "{0} upgraded to shared memory", tcp.remote());
        return null;
    }

    /**
     * The peer's last TCP frame: everything from it comes over shm now.
     *
     * @return null, or why the frame breaks the protocol
     */
    String onDone() {
        SharedMemory.Segment seg = segment;
        if (seg == null || !upgraded()) {
            return "unexpected UPGRADE_DONE";
        }
        startReceiving(seg);
        return null;
    }

    private void startReceiving(SharedMemory.Segment seg) {
        seg.startReceiving();
        inbound = shm;
        moved.run();
    }

    /** Sends a control frame over TCP; false if that fails (the connection is closing then). */
    private boolean sendControl(byte type, int status, String text) {
        try {
            sender.sendControl(type, status, text);
            return true;
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "cannot send control frame to {0}: {1}", tcp.remote(), e);
            return false;
        }
    }

    /** The TCP connection closed: the shm connection goes too (TCP is its liveness link). */
    void close() {
        SharedMemory.Segment seg = segment;
        if (seg != null) {
            seg.close();
        }
    }
}
