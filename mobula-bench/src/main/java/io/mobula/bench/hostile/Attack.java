package io.mobula.bench.hostile;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The attackers, from loopback addresses 127.0.0.2 to 127.0.0.9 (so they are other hosts to a per-address limit, as
 * a real attacker is to the ordinary client): connections that send random bytes, one frame header claiming 2 GiB,
 * and connections that send one byte and stall. Each records how the server treated it.
 */
final class Attack {
    private static final int SOURCES = 8;

    final AtomicLong garbageOpened = new AtomicLong();
    final AtomicLong garbageRefusedOrClosed = new AtomicLong();
    final AtomicLong connectFailures = new AtomicLong();
    final ConcurrentLinkedQueue<Long> stallClosedAfterMs = new ConcurrentLinkedQueue<>();
    final AtomicLong stallsStillOpen = new AtomicLong();
    volatile String hugeHeader = "not tried";

    private final InetSocketAddress target;
    private final Random random = new Random(42);

    Attack(InetSocketAddress target) {
        this.target = target;
    }

    private Socket connect(int n) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0." + (2 + n % SOURCES)), 0));
        s.connect(target, 5000);
        return s;
    }

    /** {@code count} connections, each sending {@code bytes} random bytes and reading until the server closes it. */
    void garbage(int count, int bytes) {
        for (int i = 0; i < count; i++) {
            try (Socket s = connect(i)) {
                garbageOpened.incrementAndGet();
                s.setSoTimeout(10_000);
                byte[] junk = new byte[bytes];
                random.nextBytes(junk);
                try {
                    s.getOutputStream().write(junk);
                    drain(s.getInputStream());
                    garbageRefusedOrClosed.incrementAndGet();
                } catch (SocketTimeoutException kept) {
                    // the server kept it for 10 s: counted as not closed
                } catch (IOException reset) {
                    garbageRefusedOrClosed.incrementAndGet();
                }
            } catch (IOException e) {
                connectFailures.incrementAndGet();
            }
        }
    }

    /** One frame header announcing 2 GiB - 1 bytes, then a little of the body. */
    void hugeHeader() {
        try (Socket s = connect(0)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff});
            out.write(new byte[1024]);
            long t0 = System.nanoTime();
            try {
                drain(s.getInputStream());
                hugeHeader = "closed by the server after " + (System.nanoTime() - t0) / 1_000_000 + " ms";
            } catch (SocketTimeoutException kept) {
                hugeHeader = "still open after 10 s";
            } catch (IOException reset) {
                hugeHeader = "reset by the server after " + (System.nanoTime() - t0) / 1_000_000 + " ms";
            }
        } catch (IOException e) {
            hugeHeader = "could not connect: " + e.getMessage();
        }
    }

    /** {@code count} connections sending one byte each, then nothing; returns them to be watched. */
    List<Thread> stall(int count, long watchMillis) {
        List<Thread> watchers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int n = i;
            watchers.add(Thread.ofVirtual().start(() -> {
                try (Socket s = connect(n)) {
                    s.getOutputStream().write(1);
                    long t0 = System.nanoTime();
                    s.setSoTimeout((int) watchMillis);
                    try {
                        drain(s.getInputStream());
                        stallClosedAfterMs.add((System.nanoTime() - t0) / 1_000_000);
                    } catch (SocketTimeoutException kept) {
                        stallsStillOpen.incrementAndGet();
                    } catch (IOException reset) {
                        stallClosedAfterMs.add((System.nanoTime() - t0) / 1_000_000);
                    }
                } catch (IOException e) {
                    connectFailures.incrementAndGet();
                }
            }));
        }
        return watchers;
    }

    private static void drain(InputStream in) throws IOException {
        byte[] buf = new byte[4096];
        while (in.read(buf) >= 0) {
            // until the server closes
        }
    }
}
