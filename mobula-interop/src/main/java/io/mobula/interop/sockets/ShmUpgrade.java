package io.mobula.interop.sockets;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

import io.mobula.transport.SharedMemory;
import io.mobula.transport.ShmStreams;

/**
 * The negotiation at the start of a fresh TCP connection between two factories, which moves the connection to
 * shared memory when both run on one host (the same {@link SharedMemory#hostId() host identity}), as Mobula RMI
 * upgrades its own connections. Everything is big-endian:
 *
 * <pre>
 *   client: "MOBS" (i32 0x4d4f4253) | version u8 (1) | host id length u16 | host id (UTF-8)
 *   server: "MOBS" | verdict u8: 1 = same host, shared memory offered; 0 = stay on TCP
 *   client, after 1: segment name length u16 (0: declined) | segment name (UTF-8)   (the client created it)
 *   server, after a name: u8 1 = mapped, both sides switch to the segment; 0 = refused, both stay on TCP
 * </pre>
 *
 * Then java.rmi's own protocol starts, over the segment or over the TCP connection. The connection stays open
 * while the segment is in use. A server that is not a Mobula factory (plain java.rmi) sees an unknown magic number
 * and closes the connection; the client then reconnects without the offer ({@link PlainPeerException}). A
 * plain client's first bytes (JRMP's magic "JRMI") are handed on to java.rmi unchanged.
 */
final class ShmUpgrade {

    private static final System.Logger LOG = System.getLogger(ShmUpgrade.class.getName());

    static final int MAGIC = 0x4d4f4253;
    static final int VERSION = 1;
    static final int MAX_HOST_ID = 1024;
    static final int MAX_NAME = 4096;

    /** The peer closed the connection instead of answering the offer: it is no Mobula factory. */
    static final class PlainPeerException extends IOException {
        private static final long serialVersionUID = 1L;

        PlainPeerException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private ShmUpgrade() {
    }

    /** Whether the first four bytes a server read are the offer's magic number. */
    static boolean isOffer(byte[] head, int n) {
        return n == 4 && ((head[0] & 0xff) << 24 | (head[1] & 0xff) << 16 | (head[2] & 0xff) << 8 | head[3] & 0xff)
                == MAGIC;
    }

    /**
     * The client's side, on a connected socket's raw streams: returns the streams over the segment, or null to
     * stay on TCP.
     *
     * @throws PlainPeerException if the peer closed the connection before it answered
     * @throws IOException        if it answered with anything but the protocol
     */
    static ShmStreams client(InputStream rawIn, OutputStream rawOut, int ringBytes) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        DataOutputStream hello = new DataOutputStream(bytes);
        hello.writeInt(MAGIC);
        hello.writeByte(VERSION);
        writeText(hello, SharedMemory.hostId());
        rawOut.write(bytes.toByteArray());
        rawOut.flush();

        DataInputStream in = new DataInputStream(rawIn); // unbuffered: reads exactly the protocol's bytes
        int magic;
        try {
            magic = in.readInt();
        } catch (EOFException | SocketTimeoutException e) {
            throw e instanceof EOFException ? new PlainPeerException("peer closed the connection", e) : e;
        } catch (SocketException e) {
            throw new PlainPeerException("peer reset the connection: " + e.getMessage(), e);
        }
        if (magic != MAGIC) {
            throw new IOException(String.format("bad answer to the shared-memory offer: magic 0x%08x", magic));
        }
        int verdict = in.readUnsignedByte();
        if (verdict == 0) {
            return null;
        }
        if (verdict != 1) {
            throw new IOException("bad answer to the shared-memory offer: verdict " + verdict);
        }
        SharedMemory.Segment segment;
        try {
            segment = SharedMemory.create(ringBytes);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, () -> "no shared-memory segment, staying on TCP: " + e);
            rawOut.write(new byte[2]); // an empty name: declined
            rawOut.flush();
            return null;
        }
        try {
            ByteArrayOutputStream nameBytes = new ByteArrayOutputStream(128);
            writeText(new DataOutputStream(nameBytes), segment.name());
            rawOut.write(nameBytes.toByteArray());
            rawOut.flush();
            int ack = in.readUnsignedByte();
            if (ack == 1) {
                return segment.streams();
            }
            if (ack != 0) {
                throw new IOException("bad answer to the shared-memory segment: " + ack);
            }
            LOG.log(Level.DEBUG, "the peer refused the shared-memory segment; staying on TCP");
            segment.close();
            return null;
        } catch (IOException | RuntimeException e) {
            segment.close();
            throw e;
        }
    }

    /**
     * The server's side, after it read the magic number: answers, maps the client's segment and returns the streams
     * over it, or null to stay on TCP.
     *
     * @param shm whether this side offers shared memory at all
     * @throws IOException if the client's bytes break the protocol (lengths out of range, end of stream)
     */
    static ShmStreams server(InputStream rawIn, OutputStream rawOut, boolean shm) throws IOException {
        DataInputStream in = new DataInputStream(rawIn);
        int version = in.readUnsignedByte();
        if (version != VERSION) {
            answer(rawOut, 0); // a later version's client: its hello may differ, so stay on TCP
            return null;
        }
        String hostId = readText(in, MAX_HOST_ID, "host id");
        boolean offer = shm && SharedMemory.available() && hostId.equals(SharedMemory.hostId());
        answer(rawOut, offer ? 1 : 0);
        if (!offer) {
            return null;
        }
        String name = readText(in, MAX_NAME, "segment name");
        if (name.isEmpty()) {
            return null; // the client could not make a segment
        }
        SharedMemory.Segment segment;
        try {
            segment = SharedMemory.open(name);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "refusing the shared-memory segment a client named ({0}); staying on TCP: {1}",
                    name, e.getMessage());
            rawOut.write(0);
            rawOut.flush();
            return null;
        }
        try {
            ShmStreams streams = segment.streams();
            rawOut.write(1);
            rawOut.flush();
            return streams;
        } catch (IOException | RuntimeException e) {
            segment.close();
            throw e;
        }
    }

    private static void answer(OutputStream out, int verdict) throws IOException {
        out.write(new byte[] {(byte) (MAGIC >>> 24), (byte) (MAGIC >>> 16), (byte) (MAGIC >>> 8), (byte) MAGIC,
                (byte) verdict});
        out.flush();
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        if (b.length > 0xffff) {
            throw new IOException("text too long for the negotiation: " + b.length + " bytes");
        }
        out.writeShort(b.length);
        out.write(b);
    }

    private static String readText(DataInputStream in, int max, String what) throws IOException {
        int n = in.readUnsignedShort();
        if (n > max) {
            throw new IOException("shared-memory negotiation: a " + what + " of " + n + " bytes (at most " + max
                    + ")");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
