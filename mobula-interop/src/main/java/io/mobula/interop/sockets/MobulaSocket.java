package io.mobula.interop.sockets;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;

import io.mobula.transport.ShmStreams;

/**
 * A TCP socket whose streams are either its own (TCP) or, after the {@link ShmUpgrade negotiation}, those of a
 * shared-memory segment: everything else (addresses, ports, options such as {@code TCP_NODELAY}) is the TCP
 * connection's, which stays open beside the segment. A client socket negotiates while it is created; an accepted
 * socket at its first read or write (on java.rmi's connection thread, never on its accept thread), where it also
 * tells a plain JRMP client from a Mobula one by its first four bytes.
 *
 * <p>Closing closes the segment first (the peer reads to the end, then end of stream; blocked reads of this side
 * fail at once), then the TCP connection. The read timeout ({@link #setSoTimeout}) applies to both kinds of stream.
 */
final class MobulaSocket extends Socket {

    private final SocketSettings settings;
    private final ConnectionCounter counter;
    private final Object decideLock = new Object();
    /** The streams in use once decided; null before. */
    private volatile InputStream in;
    private volatile OutputStream out;
    private volatile ShmStreams shm;
    private volatile boolean inputShut;

    /** What the factory counts: connections by kind. */
    interface ConnectionCounter {
        void decided(boolean sharedMemory);
    }

    /** An unconnected socket, for {@link java.net.ServerSocket#implAccept} or {@link #connect}. */
    MobulaSocket(SocketSettings settings, ConnectionCounter counter) {
        this.settings = settings;
        this.counter = counter;
    }

    /**
     * Connects to {@code address}, tunes the socket and, when {@code offer}, negotiates shared memory.
     *
     * @throws ShmUpgrade.PlainPeerException if the peer closed the connection at the offer (the socket is closed)
     */
    static MobulaSocket connect(InetSocketAddress address, boolean offer, SocketSettings settings,
                                ConnectionCounter counter) throws IOException {
        MobulaSocket s = new MobulaSocket(settings, counter);
        try {
            s.connect(address);
            s.tune();
            ShmStreams streams = null;
            if (offer) {
                int timeout = s.getSoTimeout();
                s.setSoTimeout(settings.handshakeMillis());
                streams = ShmUpgrade.client(s.rawIn(), s.rawOut(), settings.ringBytes());
                s.setSoTimeout(timeout);
            }
            s.decide(streams, null, 0);
            return s;
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** After accept: the options java.rmi's connections want anyway. */
    void tune() {
        try {
            setTcpNoDelay(true);
            setKeepAlive(true);
        } catch (SocketException e) {
            System.getLogger(MobulaSocket.class.getName()).log(System.Logger.Level.DEBUG,
                    () -> "socket options: " + e);
        }
    }

    private InputStream rawIn() throws IOException {
        return super.getInputStream();
    }

    private OutputStream rawOut() throws IOException {
        return super.getOutputStream();
    }

    /** Whether this socket's bytes go over shared memory (false before the negotiation of an accepted socket). */
    boolean isSharedMemory() {
        return shm != null;
    }

    /**
     * The accepting side's negotiation, once: reads the client's first four bytes (within the read timeout java.rmi
     * set) and answers an offer, or hands the bytes on to java.rmi.
     */
    void negotiate() throws IOException {
        synchronized (decideLock) {
            if (in != null) {
                return;
            }
            try {
                InputStream raw = rawIn();
                byte[] head = new byte[4];
                int n = 0;
                while (n < 4) {
                    int r = raw.read(head, n, 4 - n);
                    if (r < 0) {
                        break;
                    }
                    n += r;
                }
                if (ShmUpgrade.isOffer(head, n)) {
                    int timeout = getSoTimeout();
                    setSoTimeout(settings.handshakeMillis());
                    ShmStreams streams = ShmUpgrade.server(raw, rawOut(), settings.shm());
                    setSoTimeout(timeout);
                    decide(streams, null, 0);
                } else {
                    decide(null, head, n);
                }
            } catch (IOException | RuntimeException e) {
                close();
                throw e;
            }
        }
    }

    /** Fixes the streams: over {@code streams} if not null, else TCP with {@code n} bytes of {@code head} first. */
    private void decide(ShmStreams streams, byte[] head, int n) throws IOException {
        if (streams != null) {
            shm = streams;
            streams.readTimeout(getSoTimeout());
            if (isClosed()) { // closed while negotiating: the close did not see the segment yet
                streams.close();
                throw new SocketException("Socket is closed");
            }
            in = new ShmInput(streams.input());
            out = new ShmOutput(streams.output());
        } else {
            InputStream raw = rawIn();
            in = n > 0 ? new SequenceInputStream(new ByteArrayInputStream(head, 0, n), raw) : raw;
            out = rawOut();
        }
        counter.decided(streams != null);
    }

    @Override
    public InputStream getInputStream() throws IOException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        InputStream i = in;
        return i != null ? i : new Deferred();
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        OutputStream o = out;
        return o != null ? o : new DeferredOutput();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        super.setSoTimeout(timeout);
        ShmStreams s = shm;
        if (s != null) {
            s.readTimeout(timeout);
        }
    }

    @Override
    public void shutdownInput() throws IOException {
        super.shutdownInput();
        inputShut = true;
    }

    @Override
    public void shutdownOutput() throws IOException {
        ShmStreams s = shm;
        if (s != null) {
            s.shutdownOutput();
        }
        super.shutdownOutput();
    }

    @Override
    public void close() throws IOException {
        ShmStreams s = shm;
        if (s != null) {
            s.close();
        }
        super.close();
    }

    @Override
    public String toString() {
        return "MobulaSocket[" + (shm != null ? "shm" : in != null ? "tcp" : "undecided") + ", " + super.toString()
                + "]";
    }

    /** The accepted socket's input before the negotiation: negotiates at the first use. */
    private final class Deferred extends InputStream {
        private InputStream target() throws IOException {
            InputStream i = in;
            if (i == null) {
                negotiate();
                i = in;
            }
            return i;
        }

        @Override
        public int read() throws IOException {
            return target().read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return target().read(b, off, len);
        }

        @Override
        public int available() throws IOException {
            InputStream i = in;
            return i == null ? 0 : i.available();
        }

        @Override
        public void close() throws IOException {
            MobulaSocket.this.close();
        }
    }

    /** The accepted socket's output before the negotiation (java.rmi never writes first: it negotiates then). */
    private final class DeferredOutput extends OutputStream {
        private OutputStream target() throws IOException {
            OutputStream o = out;
            if (o == null) {
                negotiate();
                o = out;
            }
            return o;
        }

        @Override
        public void write(int b) throws IOException {
            target().write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            target().write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            OutputStream o = out;
            if (o != null) {
                o.flush();
            }
        }

        @Override
        public void close() throws IOException {
            MobulaSocket.this.close();
        }
    }

    /** The segment's input; closing it closes the socket, as with a socket's own stream. */
    private final class ShmInput extends InputStream {
        private final InputStream shmIn;

        ShmInput(InputStream shmIn) {
            this.shmIn = shmIn;
        }

        @Override
        public int read() throws IOException {
            return inputShut ? -1 : shmIn.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return inputShut ? -1 : shmIn.read(b, off, len);
        }

        @Override
        public int available() throws IOException {
            return inputShut ? 0 : shmIn.available();
        }

        @Override
        public void close() throws IOException {
            MobulaSocket.this.close();
        }
    }

    /** The segment's output; closing it closes the socket. */
    private final class ShmOutput extends OutputStream {
        private final OutputStream shmOut;

        ShmOutput(OutputStream shmOut) {
            this.shmOut = shmOut;
        }

        @Override
        public void write(int b) throws IOException {
            shmOut.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            shmOut.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            shmOut.flush();
        }

        @Override
        public void close() throws IOException {
            MobulaSocket.this.close();
        }
    }
}
