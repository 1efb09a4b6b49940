package io.mobula.rmi.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A malformed frame closes that connection only; the server keeps serving everyone else. */
class HostileFrameTest {

    private static void expectClosed(byte[] frame) throws Exception {
        int port = SharedRegistry.port();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(5_000);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeInt(frame.length);
            out.write(frame);
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            // the server's HELLO may come first; then the connection must end
            try {
                while (true) {
                    int n = in.readInt();
                    in.skipNBytes(n);
                }
            } catch (EOFException | java.net.SocketException expected) {
                // closed by the server
            }
        }
        Registry good = LocateRegistry.getRegistry("127.0.0.1", port);
        good.rebind("still-here", good);
        assertEquals(good, good.lookup("still-here"));
    }

    @Test
    void badHello() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> expectClosed(new byte[] {0, 1, 2, 3, 4, 5, 6, 7}));
    }

    @Test
    void emptyFrame() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> expectClosed(new byte[0]));
    }

    @Test
    void randomBytesAfterAGoodHello() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            Random r = new Random(42);
            for (int i = 0; i < 20; i++) {
                int port = SharedRegistry.port();
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    s.setSoTimeout(300); // an unknown object gets an error reply on a connection that stays open
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    writeHello(out);
                    byte[] junk = new byte[32 + r.nextInt(200)];
                    r.nextBytes(junk);
                    junk[0] = 2; // a CALL with random call id and arguments
                    java.nio.ByteBuffer h = java.nio.ByteBuffer.wrap(junk); // big endian, as announced
                    if (i % 2 == 0) { // aim at the registry so the random arguments reach its decoder
                        h.putLong(8, 0L);
                        h.putLong(16, Registry_MobulaDispatcher.INTERFACE_HASH);
                        h.putInt(24, r.nextInt(5));
                    }
                    try {
                        out.writeInt(junk.length);
                        out.write(junk);
                        out.flush();
                        drain(new DataInputStream(s.getInputStream()));
                    } catch (java.net.SocketException closed) {
                        // the server may close a connection at any point (here: before the junk was written, making
                        // room for others); what matters is that it still serves the next client
                    }
                }
                Registry good = LocateRegistry.getRegistry("127.0.0.1", port);
                good.rebind("ok" + i, good);
                assertEquals(good, good.lookup("ok" + i));
                good.unbind("ok" + i);
            }
        });
    }

    /** A valid HELLO in big-endian order, as a foreign peer could send it. */
    private static void writeHello(DataOutputStream out) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        d.writeByte(1);            // big endian
        d.writeInt(0x4d4f4231);    // magic
        d.writeInt(4);             // version (RmiProtocol.VERSION)
        d.writeLong(12345);        // vm id
        d.writeByte(0);            // no endpoints (varint 0)
        d.writeByte(0);            // no cluster authentication (this registry has no secret)
        out.writeInt(b.size());
        out.write(b.toByteArray());
    }

    /** Reads replies until the server closes or stays quiet for the socket timeout. */
    private static void drain(DataInputStream in) throws IOException {
        try {
            while (true) {
                int n = in.readInt();
                if (n < 0 || n > (1 << 20)) {
                    return;
                }
                in.skipNBytes(n);
            }
        } catch (EOFException | java.net.SocketException | java.net.SocketTimeoutException done) {
            // closed, or nothing more to say
        }
    }
}
