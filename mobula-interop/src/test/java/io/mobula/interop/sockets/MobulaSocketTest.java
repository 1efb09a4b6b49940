package io.mobula.interop.sockets;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.mobula.transport.SharedMemory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The factory's sockets without java.rmi, both ends in this JVM on 127.0.0.1: the upgrade to shared memory and its
 * stream semantics, plain TCP peers on either side, and hostile negotiation bytes. (The factory is used directly,
 * never installed: java.rmi's global factory stays untouched in this JVM.)
 */
class MobulaSocketTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private MobulaSocketFactory factory;
    private ServerSocket server;

    @BeforeEach
    void listen() throws IOException {
        System.setProperty("mobula.sockets.bind", "127.0.0.1");
        System.setProperty("mobula.sockets.ringBytes", "4096"); // large writes wrap the ring many times
        try {
            factory = new MobulaSocketFactory();
        } finally {
            System.clearProperty("mobula.sockets.bind");
            System.clearProperty("mobula.sockets.ringBytes");
        }
        server = factory.createServerSocket(0);
    }

    @AfterEach
    void close() throws IOException {
        server.close();
    }

    /**
     * A connected pair: the factory's client socket and the socket the server accepted, which negotiates at once (as
     * java.rmi's connection thread does by reading).
     */
    private Socket[] pair() throws Exception {
        CompletableFuture<Socket> accepted = CompletableFuture.supplyAsync(() -> {
            try {
                Socket s = server.accept();
                ((MobulaSocket) s).negotiate();
                return s;
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        Socket client = factory.createSocket("127.0.0.1", server.getLocalPort());
        return new Socket[] {client, accepted.get(10, TimeUnit.SECONDS)};
    }

    private static boolean shm(Socket s) {
        return ((MobulaSocket) s).isSharedMemory();
    }

    @Test
    void twoFactoriesOfOneHostTalkOverSharedMemoryWithSocketStreamSemantics() throws Exception {
        assumeTrue(SharedMemory.available(), "no shared-memory directory here");
        Socket[] p = pair();
        try (Socket c = p[0]; Socket s = p[1]) {
            assertTrue(shm(c), "the client moved to shared memory");
            assertTrue(shm(s), "so did the accepted side");
            OutputStream out = c.getOutputStream();
            out.write(new byte[] {1, 2, 3});
            out.flush();
            byte[] buf = new byte[64];
            assertEquals(3, s.getInputStream().read(buf)); // a partial read: what is there, no waiting for 64
            assertEquals(2, factory.counts().sharedMemory(), "client and server side counted");
            assertEquals(c.getLocalPort(), s.getPort(), "addresses and ports are the TCP connection's");
            assertEquals(LOOPBACK, s.getInetAddress());

            byte[] big = new byte[5 << 20]; // far larger than the 4 KiB ring
            ThreadLocalRandom.current().nextBytes(big);
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try {
                    s.getOutputStream().write(big);
                    s.getOutputStream().flush();
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            DataInputStream in = new DataInputStream(c.getInputStream());
            byte[] got = new byte[big.length];
            in.readFully(got);
            writer.get(30, TimeUnit.SECONDS);
            assertArrayEquals(big, got);

            c.setSoTimeout(200);
            assertThrows(SocketTimeoutException.class, () -> c.getInputStream().read());
            c.setSoTimeout(0);

            s.close(); // the peer closes: end of stream after the last byte
            assertEquals(-1, c.getInputStream().read());
        }
        assertEquals(2, factory.counts().sharedMemory());
    }

    @Test
    void aCloseFromAnotherThreadEndsABlockedReadWithAnIOException() throws Exception {
        Socket[] p = pair();
        try (Socket c = p[0]; Socket s = p[1]) {
            s.getOutputStream().write(0);
            CompletableFuture<Integer> reader = CompletableFuture.supplyAsync(() -> {
                try {
                    c.getInputStream().read();
                    return c.getInputStream().read();
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            s.getOutputStream().flush();
            Thread.sleep(300);
            long start = System.nanoTime();
            c.close();
            ExecutionException e = assertThrows(ExecutionException.class, () -> reader.get(5, TimeUnit.SECONDS));
            assertInstanceOf(IOException.class, e.getCause().getCause());
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(2));
            assertTrue(c.isClosed());
            assertThrows(IOException.class, c::getInputStream);
            assertEquals(-1, s.getInputStream().read(), "the peer sees end of stream");
        }
    }

    @Test
    void aPlainClientIsServedOverTcpWithItsFirstBytesIntact() throws Exception {
        CompletableFuture<Socket> accepted = CompletableFuture.supplyAsync(() -> {
            try {
                return server.accept();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        try (Socket c = new Socket(LOOPBACK, server.getLocalPort()); Socket s = accepted.get(10, TimeUnit.SECONDS)) {
            c.getOutputStream().write("JRMI and more".getBytes(StandardCharsets.US_ASCII));
            byte[] got = new DataInputStream(s.getInputStream()).readNBytes(13);
            assertEquals("JRMI and more", new String(got, StandardCharsets.US_ASCII));
            assertFalse(shm(s));
            s.getOutputStream().write(42);
            assertEquals(42, c.getInputStream().read());
            assertEquals(1, factory.counts().tcp());
        }
    }

    @Test
    void anOfferToAPlainServerThatClosesReconnectsWithoutIt() throws Exception {
        try (ServerSocket plain = new ServerSocket(0, 50, LOOPBACK)) {
            // a plain java.rmi server reads the magic number and version, finds them wrong and closes
            CompletableFuture<Void> serve = CompletableFuture.runAsync(() -> {
                try {
                    try (Socket first = plain.accept()) {
                        first.getInputStream().readNBytes(6);
                    }
                    try (Socket second = plain.accept()) {
                        second.getOutputStream().write(second.getInputStream().read() + 1);
                    }
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            try (Socket c = factory.createSocket("127.0.0.1", plain.getLocalPort())) {
                assertFalse(shm(c));
                c.getOutputStream().write(6);
                assertEquals(7, c.getInputStream().read());
            }
            serve.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void anOversizedHostIdInTheOfferIsAClearIOException() throws Exception {
        assertHostile(out -> {
            out.writeInt(ShmUpgrade.MAGIC);
            out.writeByte(ShmUpgrade.VERSION);
            out.writeShort(60_000);
        }, "host id of 60000 bytes");
    }

    @Test
    void anOversizedSegmentNameIsAClearIOException() throws Exception {
        assumeTrue(SharedMemory.available(), "no shared-memory directory here");
        assertHostile(out -> {
            out.writeInt(ShmUpgrade.MAGIC);
            out.writeByte(ShmUpgrade.VERSION);
            byte[] id = SharedMemory.hostId().getBytes(StandardCharsets.UTF_8);
            out.writeShort(id.length);
            out.write(id);
            out.writeShort(65_535);
        }, "segment name of 65535 bytes");
    }

    @Test
    void anOfferCutShortIsAClearIOException() throws Exception {
        assertHostile(out -> {
            out.writeInt(ShmUpgrade.MAGIC);
            out.writeByte(ShmUpgrade.VERSION);
            out.writeShort(10);
            out.write(new byte[3]);
        }, null);
    }

    @Test
    void aSegmentNameOutsideTheSegmentDirectoryIsRefusedAndTheConnectionStaysOnTcp() throws Exception {
        assumeTrue(SharedMemory.available(), "no shared-memory directory here");
        CompletableFuture<Socket> accepted = acceptAsync();
        try (Socket c = new Socket(LOOPBACK, server.getLocalPort()); Socket s = accepted.get(10, TimeUnit.SECONDS)) {
            DataOutputStream out = new DataOutputStream(c.getOutputStream());
            out.writeInt(ShmUpgrade.MAGIC);
            out.writeByte(ShmUpgrade.VERSION);
            byte[] id = SharedMemory.hostId().getBytes(StandardCharsets.UTF_8);
            out.writeShort(id.length);
            out.write(id);
            byte[] name = "/etc/passwd\u0000".getBytes(StandardCharsets.UTF_8);
            out.writeShort(name.length);
            out.write(name);
            out.write(77); // the first byte of the stream that follows
            out.flush();
            assertEquals(77, s.getInputStream().read());
            assertFalse(shm(s));
            DataInputStream in = new DataInputStream(c.getInputStream());
            assertEquals(ShmUpgrade.MAGIC, in.readInt());
            assertEquals(1, in.read(), "offered");
            assertEquals(0, in.read(), "refused");
        }
    }

    private interface Hello {
        void write(DataOutputStream out) throws IOException;
    }

    private CompletableFuture<Socket> acceptAsync() {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return server.accept();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
    }

    /** Sends {@code hello} and closes the output: the accepted socket's first read fails with an IOException. */
    private void assertHostile(Hello hello, String message) throws Exception {
        CompletableFuture<Socket> accepted = acceptAsync();
        try (Socket c = new Socket(LOOPBACK, server.getLocalPort()); Socket s = accepted.get(10, TimeUnit.SECONDS)) {
            DataOutputStream out = new DataOutputStream(c.getOutputStream());
            hello.write(out);
            out.flush();
            c.shutdownOutput();
            s.setSoTimeout(10_000);
            InputStream in = s.getInputStream();
            IOException e = assertThrows(IOException.class, in::read);
            if (message != null) {
                assertTrue(e.getMessage().contains(message), e.getMessage());
            }
            assertTrue(s.isClosed(), "a broken negotiation closes the socket");
        }
    }
}
