package io.mobula.examples.fidelity.mobula;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.RMISocketFactory;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The failure handler ({@code RMISocketFactory.setFailureHandler}) as java.rmi asks it: when an accept of an exported
 * object's listener fails, true keeps the listener, false closes it. Log records are shown by level and exception
 * (their text names addresses and differs between runtimes).
 */
public class AcceptFailure {
    public interface Ping extends Remote {
        String ping() throws RemoteException;
    }

    static class PingImpl implements Ping {
        @Override
        public String ping() {
            return "pong";
        }
    }

    /** Accepts fail (closing what was accepted) while positive. */
    static final AtomicInteger FAILING = new AtomicInteger();
    static volatile int port;

    /** Loopback sockets; the server sockets' accept fails on purpose while {@link #FAILING} is positive. */
    static class Flaky implements RMIClientSocketFactory, RMIServerSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Socket createSocket(String host, int p) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), p);
        }

        @Override
        public ServerSocket createServerSocket(int p) throws IOException {
            ServerSocket s = new ServerSocket(p, 50, InetAddress.getLoopbackAddress()) {
                @Override
                public Socket accept() throws IOException {
                    Socket a = super.accept();
                    if (FAILING.getAndDecrement() > 0) {
                        a.close();
                        throw new IOException("accept failed on purpose");
                    }
                    return a;
                }
            };
            port = s.getLocalPort();
            return s;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Flaky;
        }

        @Override
        public int hashCode() {
            return 11;
        }
    }

    public static void main(String[] args) throws Exception {
        BlockingQueue<String> seen = new LinkedBlockingQueue<>();
        Logger root = Logger.getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h);
        }
        root.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= java.util.logging.Level.INFO.intValue()) {
                    seen.add("log " + r.getLevel() + ", thrown " + r.getThrown());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        BlockingQueue<Boolean> answers = new LinkedBlockingQueue<>(java.util.List.of(true, false));
        RMISocketFactory.setFailureHandler(e -> {
            boolean goOn = answers.remove();
            seen.add("handler asked about " + e + ", answers " + goOn);
            return goOn;
        });
        PingImpl impl = new PingImpl();
        Flaky f = new Flaky();
        Ping stub = (Ping) UnicastRemoteObject.exportObject(impl, 0, f, f);
        System.out.println("exported: " + stub.ping());

        FAILING.set(1);
        new Socket(InetAddress.getLoopbackAddress(), port).close();
        show(seen, 2);
        System.out.println("after a failed accept: " + stub.ping() + ", a new connection: " + connects(port));

        FAILING.set(1);
        new Socket(InetAddress.getLoopbackAddress(), port).close();
        show(seen, 2);
        boolean closed = false;
        for (int i = 0; i < 100 && !closed; i++) {
            closed = !connects(port);
            if (!closed) {
                Thread.sleep(50);
            }
        }
        System.out.println("after the handler said false: listener closed " + closed);
        Thread.sleep(200);
        System.out.println("more: " + seen);
        UnicastRemoteObject.unexportObject(impl, true);
        System.exit(0);
    }

    /** Prints the next {@code n} things seen (log records, handler calls), waiting at most 10 s for each. */
    static void show(BlockingQueue<String> seen, int n) throws InterruptedException {
        for (int i = 0; i < n; i++) {
            String s = seen.poll(10, TimeUnit.SECONDS);
            System.out.println(s == null ? "nothing more" : s);
        }
    }

    /** Whether a connection to the port is accepted (not refused); a connection made is closed again at once. */
    static boolean connects(int p) {
        int before = FAILING.get();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), p)) {
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            FAILING.set(before);
        }
    }
}
