package io.mobula.apps.mpj;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Where the niodev ranks of one MPJ Express job find each other, in place of MPJ Express's {@code mpjrun}: a server
 * on an ephemeral port of the loopback interface. Every rank connects once during {@code MPI.Init} and sends
 * {@code writeUTF("Sending Info")}, its two ports and its rank ({@code writeInt} each); when all {@code np} have
 * come, each gets {@code writeUTF("#Peer Information;127.0.0.1@rport@wport@rank;...")} in rank order, and the ranks
 * connect to each other. Bad input (another greeting, a port or rank out of range, a rank twice) fails the
 * rendezvous, as does a rank that has not come within the time limit; the ranks then fail or are killed by whoever
 * started them.
 */
public final class Rendezvous implements AutoCloseable {
    /** What every rank says first. */
    static final String GREETING = "Sending Info";

    private final ServerSocket server;
    private final int np;
    private final long deadline;
    private final List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
    private final Thread thread;
    private volatile String failure;
    private volatile boolean done;

    private Rendezvous(int np, Duration limit) throws IOException {
        this.np = np;
        this.deadline = System.nanoTime() + limit.toNanos();
        this.server = new ServerSocket(0, np, InetAddress.getLoopbackAddress());
        this.thread = Thread.ofPlatform().daemon().name("mpj-rendezvous").start(this::serve);
    }

    /** Opens the rendezvous of {@code np} ranks, which must all have come within {@code limit}. */
    public static Rendezvous open(int np, Duration limit) throws IOException {
        if (np < 1) {
            throw new IllegalArgumentException("np must be positive, not " + np);
        }
        return new Rendezvous(np, limit);
    }

    /** The port the ranks connect to (on 127.0.0.1). */
    public int port() {
        return server.getLocalPort();
    }

    /** Why the rendezvous failed, or null (also while it is still under way). */
    public String failure() {
        return failure;
    }

    /** Whether every rank has been told where the others are. */
    public boolean done() {
        return done;
    }

    private void serve() {
        String[] peers = new String[np];
        try {
            for (int i = 0; i < np; i++) {
                Socket s = acceptBounded();
                accepted.add(s);
                s.setSoTimeout(remainingMillis());
                DataInputStream in = new DataInputStream(s.getInputStream());
                String hello = in.readUTF();
                int wport = in.readInt();
                int rport = in.readInt();
                int rank = in.readInt();
                if (!hello.equals(GREETING)) {
                    throw new IOException("a rank greeted with '" + abbreviate(hello) + "', not '" + GREETING + "'");
                }
                if (rank < 0 || rank >= np) {
                    throw new IOException("a rank said it was rank " + rank + " of " + np);
                }
                if (!validPort(wport) || !validPort(rport)) {
                    throw new IOException("rank " + rank + " sent the ports " + wport + " and " + rport);
                }
                if (peers[rank] != null) {
                    throw new IOException("rank " + rank + " came twice");
                }
                peers[rank] = "127.0.0.1@" + rport + "@" + wport + "@" + rank;
            }
            String info = "#Peer Information;" + String.join(";", peers);
            for (Socket s : accepted) {
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                out.writeUTF(info);
                out.flush();
            }
            done = true;
        } catch (IOException | RuntimeException e) {
            if (!server.isClosed()) {
                failure = "MPJ Express rendezvous: " + (e instanceof SocketTimeoutException
                        ? "not every rank came in time" : e.getMessage());
            }
        } finally {
            closeAll();
        }
    }

    private Socket acceptBounded() throws IOException {
        server.setSoTimeout(remainingMillis());
        return server.accept();
    }

    private int remainingMillis() throws SocketTimeoutException {
        long ms = (deadline - System.nanoTime()) / 1_000_000;
        if (ms <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        return (int) Math.min(ms, Integer.MAX_VALUE);
    }

    private static boolean validPort(int p) {
        return p > 0 && p < 65536;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    private void closeAll() {
        try {
            server.close();
        } catch (IOException e) {
            // nothing left to do
        }
        synchronized (accepted) {
            for (Socket s : accepted) {
                try {
                    s.close();
                } catch (IOException e) {
                    // nothing left to do
                }
            }
        }
    }

    /** Stops the rendezvous, whether or not every rank came; waits (bounded) for its thread. */
    @Override
    public void close() {
        closeAll();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
