package io.mobula.rmi.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.server.UnicastRemoteObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.RMISocketFactory;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * java.rmi's failure handler ({@code RMISocketFactory.setFailureHandler}) is asked, as in java.rmi, when a listener's
 * {@code accept} fails: true keeps the listener accepting, false closes it.
 */
class AcceptFailureHandlerTest {

    /** Loopback server sockets whose accept fails (closing what it accepted) while {@link #failing} is positive. */
    private static final class FailingAccepts implements RMIServerSocketFactory {
        final AtomicInteger failing = new AtomicInteger();
        volatile ServerSocket made;

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            made = new ServerSocket(port, 50, InetAddress.getLoopbackAddress()) {
                @Override
                public Socket accept() throws IOException {
                    Socket s = super.accept();
                    if (failing.getAndDecrement() > 0) {
                        s.close();
                        throw new IOException("accept failed on purpose");
                    }
                    return s;
                }
            };
            return made;
        }
    }

    @Test
    void theHandlerDecidesWhetherTheListenerGoesOn() throws Exception {
        BlockingQueue<Exception> seen = new LinkedBlockingQueue<>();
        AtomicBoolean goOn = new AtomicBoolean(true);
        FailingAccepts ssf = new FailingAccepts();
        RMISocketFactory.setFailureHandler(e -> {
            seen.add(e);
            return goOn.get();
        });
        Registry registry = null;
        try {
            registry = LocateRegistry.createRegistry(0, null, ssf);
            int port = ssf.made.getLocalPort();

            ssf.failing.set(1);
            try (Socket refused = new Socket(InetAddress.getLoopbackAddress(), port)) {
                Exception e = seen.poll(10, TimeUnit.SECONDS);
                assertNotNull(e, "the handler was not asked");
                assertEquals("accept failed on purpose", e.getMessage());
            }
            // true: the next connection is accepted (the server sends its HELLO)
            try (Socket accepted = new Socket(InetAddress.getLoopbackAddress(), port)) {
                accepted.setSoTimeout(10_000);
                InputStream in = accepted.getInputStream();
                assertTrue(in.read() >= 0, "the listener went on and answered");
            }

            goOn.set(false);
            ssf.failing.set(1);
            try (Socket refused = new Socket(InetAddress.getLoopbackAddress(), port)) {
                assertNotNull(seen.poll(10, TimeUnit.SECONDS), "the handler was not asked");
            }
            // false: the listener closes, so the port refuses connections
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            boolean closed = false;
            while (!closed && System.nanoTime() < deadline) {
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    Thread.sleep(20);
                } catch (ConnectException e) {
                    closed = true;
                }
            }
            assertTrue(closed, "the listener was not closed");
        } finally {
            RMISocketFactory.setFailureHandler(null);
            if (registry != null) {
                UnicastRemoteObject.unexportObject(registry, true);
            }
        }
    }
}
