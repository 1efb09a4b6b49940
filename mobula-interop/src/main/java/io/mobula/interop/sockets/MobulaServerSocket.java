package io.mobula.interop.sockets;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;

/**
 * A TCP listening socket whose accepted sockets are {@link MobulaSocket}s: they serve plain JRMP clients as TCP
 * sockets do and move Mobula clients of this host to shared memory. Accepting does no I/O beyond the accept itself
 * (the negotiation runs at the first read, on java.rmi's connection thread).
 */
final class MobulaServerSocket extends ServerSocket {

    /** java.rmi's own default listening sockets use the JDK's default backlog (50). */
    private static final int BACKLOG = 50;

    private final SocketSettings settings;
    private final MobulaSocket.ConnectionCounter counter;

    MobulaServerSocket(int port, InetAddress bindAddress, SocketSettings settings,
                       MobulaSocket.ConnectionCounter counter) throws IOException {
        super(port, BACKLOG, bindAddress);
        this.settings = settings;
        this.counter = counter;
    }

    @Override
    public Socket accept() throws IOException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        MobulaSocket s = new MobulaSocket(settings, counter);
        implAccept(s);
        s.tune();
        return s;
    }

    @Override
    public String toString() {
        return "MobulaServerSocket[" + super.toString() + "]";
    }
}
