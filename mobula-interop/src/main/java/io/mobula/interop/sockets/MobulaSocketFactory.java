package io.mobula.interop.sockets;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.rmi.server.RMISocketFactory;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import io.mobula.transport.SharedMemory;

/**
 * java.rmi's socket factory replaced by Mobula's transports (the transparent path of Opt RMI): an unmodified
 * java.rmi program gets shared memory between JVMs of one host, TCP with {@code TCP_NODELAY} elsewhere. Install it
 * before the program exports or calls anything, with {@code -javaagent} ({@link MobulaSocketAgent}) or with
 * {@link #install()}. java.rmi uses it for every socket that has no custom {@link java.rmi.server.RMIClientSocketFactory}
 * or {@link java.rmi.server.RMIServerSocketFactory} of its own (those take precedence).
 *
 * <p>A client socket to an address of this host opens a TCP connection and offers shared memory; a listening
 * socket of this factory on the same host accepts the offer, and the connection's bytes then move through a
 * shared-memory segment ({@link io.mobula.transport.ShmStreams}). A listening socket of this factory also serves
 * plain java.rmi clients, and a client whose offer reaches a plain java.rmi server reconnects without it (once per
 * such server). Settings are system properties {@code mobula.sockets.*}: {@code shm} (default true),
 * {@code ringBytes} (default 256 KiB), {@code bind} (listening address, default all) and {@code handshakeMillis}
 * (default 10000).
 */
public final class MobulaSocketFactory extends RMISocketFactory {

    private static final System.Logger LOG = System.getLogger(MobulaSocketFactory.class.getName());
    private static final int MAX_PLAIN_PEERS = 1024;

    private final SocketSettings settings;
    private final LongAdder sharedMemory = new LongAdder();
    private final LongAdder tcp = new LongAdder();
    private final MobulaSocket.ConnectionCounter counter = shm -> (shm ? sharedMemory : tcp).increment();
    private final LocalAddresses local = new LocalAddresses();
    /** Servers of this host that closed the connection at the offer: plain java.rmi, connected to without it. */
    private final Set<InetSocketAddress> plainPeers = ConcurrentHashMap.newKeySet();

    /**
     * A factory with the settings of the {@code mobula.sockets.*} system properties.
     *
     * @throws IllegalArgumentException if a property has a bad value
     */
    public MobulaSocketFactory() {
        this.settings = SocketSettings.fromSystemProperties();
    }

    /**
     * Makes a Mobula factory java.rmi's socket factory ({@link RMISocketFactory#setSocketFactory}), unless one is
     * already; returns the installed one. Call it before the program exports or looks up anything: sockets made
     * before stay as they are.
     *
     * @throws IllegalStateException if another socket factory is installed
     * @throws IOException           if java.rmi refuses the factory
     */
    public static synchronized MobulaSocketFactory install() throws IOException {
        RMISocketFactory current = RMISocketFactory.getSocketFactory();
        if (current instanceof MobulaSocketFactory m) {
            return m;
        }
        if (current != null) {
            throw new IllegalStateException("java.rmi already has a socket factory: " + current.getClass().getName());
        }
        MobulaSocketFactory f = new MobulaSocketFactory();
        RMISocketFactory.setSocketFactory(f);
        LOG.log(Level.DEBUG, "java.rmi sockets: Mobula (shared memory {0})",
                f.settings.shm() && SharedMemory.available() ? "on" : "off");
        return f;
    }

    /** The Mobula factory java.rmi uses, if one is installed. */
    public static Optional<MobulaSocketFactory> installed() {
        return RMISocketFactory.getSocketFactory() instanceof MobulaSocketFactory m ? Optional.of(m) : Optional.empty();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new UnknownHostException(host);
        }
        boolean offer = settings.shm() && SharedMemory.available() && local.isLocal(address.getAddress())
                && !plainPeers.contains(address);
        try {
            return MobulaSocket.connect(address, offer, settings, counter);
        } catch (ShmUpgrade.PlainPeerException e) {
            LOG.log(Level.DEBUG, "{0} is a plain java.rmi server ({1}); connecting without shared memory", address,
                    e.getMessage());
            if (plainPeers.size() >= MAX_PLAIN_PEERS) {
                plainPeers.clear();
            }
            plainPeers.add(address);
            return MobulaSocket.connect(address, false, settings, counter);
        }
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new MobulaServerSocket(port, settings.bindAddress(), settings, counter);
    }

    /** How many connections this factory made or accepted so far, by the kind they ended up on. */
    public Counts counts() {
        return new Counts(sharedMemory.sum(), tcp.sum());
    }

    /**
     * Connections made or accepted by a factory.
     *
     * @param sharedMemory those whose bytes go over a shared-memory segment
     * @param tcp          those that stayed on TCP (other hosts, plain java.rmi peers, shared memory unavailable)
     */
    public record Counts(long sharedMemory, long tcp) {
    }

    @Override
    public String toString() {
        return "MobulaSocketFactory" + counts();
    }
}
