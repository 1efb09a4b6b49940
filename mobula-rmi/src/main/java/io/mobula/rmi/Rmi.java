package io.mobula.rmi;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

/**
 * Entry points of Mobula RMI for this process: configuration, export and unexport. Remote interfaces are ordinary
 * {@code java.rmi.Remote} interfaces compiled with {@code mobula-processor} on the annotation-processor path, which
 * generates their stubs and dispatchers.
 *
 * <pre>{@code
 * Rmi.configure(RmiConfig.fromSystemProperties().withCallTimeout(Duration.ofSeconds(30)));  // optional, first
 * Hello stub = (Hello) Rmi.export(new HelloImpl());
 * }</pre>
 */
public final class Rmi {
    private Rmi() {
    }

    /**
     * Sets the configuration of this process's runtime; only before the first export or call.
     *
     * @throws IllegalStateException when the runtime already runs
     */
    public static void configure(RmiConfig config) {
        RmiRuntime.configure(config);
    }

    /** The configuration in force (starting the runtime if needed). */
    public static RmiConfig config() {
        return RmiRuntime.get().config;
    }

    /**
     * Exports {@code impl} so other processes can call it, and returns its stub. The object stays exported until
     * {@link #unexport}; exporting it again returns an equal stub.
     *
     * @throws RemoteException when no generated stub exists for its remote interface or the runtime cannot listen
     */
    public static Remote export(Remote impl) throws RemoteException {
        return RmiRuntime.get().export(impl, true);
    }

    /**
     * Exports {@code impl}, listening on {@code port} too (0: any port), as java.rmi's
     * {@code UnicastRemoteObject.exportObject(obj, port)} does: its stub names that port (calls still share the
     * one connection per peer process once there is one).
     */
    public static Remote export(Remote impl, int port) throws RemoteException {
        return RmiRuntime.get().exportAt(impl, true, port);
    }

    /**
     * Exports {@code impl} on sockets made by java.rmi socket factories, as
     * {@code UnicastRemoteObject.exportObject(obj, port, csf, ssf)} does; with both null, {@link #export(Remote,
     * int)}. The process listens on a server socket {@code ssf} makes (null: a plain one on the configured host;
     * one listener per port and equal factory); the stub names it ({@code sock+tcp://host:port}) and carries
     * {@code csf}, which must be {@link java.io.Serializable}; callers connect with sockets {@code csf} makes
     * (null: plain sockets), on a connection of their own that is never upgraded to shared memory. A TLS factory
     * pair (javax.rmi.ssl) thus gives TLS. What it does not do: the object stays reachable by its object id over
     * the process's other connections (the factories protect the wire for callers using its stub; they are not
     * access control), and such connections cost a platform thread each (blocking sockets, no caller polling).
     *
     * @throws RemoteException when the server socket cannot be made
     */
    public static Remote export(Remote impl, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        if (csf == null && ssf == null) {
            return export(impl, port);
        }
        if (csf != null && !(csf instanceof java.io.Serializable)) {
            throw new java.rmi.server.ExportException("the client socket factory " + csf.getClass().getName()
                    + " travels inside the object's references, so it must be java.io.Serializable");
        }
        return RmiRuntime.get().exportAt(impl, true, port, csf, ssf);
    }

    /**
     * The stub of an exported object.
     *
     * @throws NoSuchObjectException when {@code impl} is not exported
     */
    public static Remote toStub(Remote impl) throws NoSuchObjectException {
        if (Stubs.isStub(impl)) {
            return impl;
        }
        RmiRuntime rt = RmiRuntime.get();
        ExportTable.Exported e = rt.exports.forTarget(impl);
        if (e == null) {
            throw new NoSuchObjectException("object not exported: " + impl.getClass().getName());
        }
        try {
            return rt.export(impl, e.pinned);
        } catch (RemoteException ex) {
            throw new NoSuchObjectException(ex.getMessage());
        }
    }

    /**
     * Whether {@code e}, thrown by a remote call made in this process, proves that the call failed here before any
     * byte of it was sent: its arguments could not be marshalled (a value the serializer refuses, arguments too large
     * for the heap), its frame is over the connection's maximum frame size, more than 4096 calls with a reply were
     * already outstanding on the connection, or a call with a reply was made from a connection's receive thread. Such
     * a failure says nothing about the peer, which never saw the call, and the connection stays open. The exception
     * is java.rmi's own ({@link java.rmi.MarshalException} for the first two, class and message alike); but a
     * {@code MarshalException} alone proves nothing (java.rmi throws it after part of a call may have been written,
     * and Mobula for a send that failed part way), so this answers true only for the exceptions the runtime made for
     * those cases, and false for any other, a copy of one included.
     */
    public static boolean callNotSent(Throwable e) {
        return UnsentCalls.isMarked(e);
    }

    /**
     * Stops accepting calls for {@code impl}. Calls that arrive afterwards fail with {@link NoSuchObjectException}.
     * {@code force} is accepted for java.rmi compatibility: calls already running complete either way.
     *
     * @return whether it was exported
     */
    public static boolean unexport(Remote impl, boolean force) {
        return RmiRuntime.get().unexport(impl);
    }

    /**
     * The serialization this process's runtime uses on every connection (its class filter, limits and java.rmi's
     * by-reference rule for remote objects), for layers above RMI that encode a value once and send the same bytes
     * to many peers (GMI's broadcast). {@link io.mobula.serial.Serialization#toBytes} messages are self-contained:
     * they carry their own type descriptors, so any peer can decode them.
     */
    public static io.mobula.serial.Serialization serialization() {
        return RmiRuntime.get().serialization;
    }

    /**
     * Installs the clock RMI orders its calls and replies by ({@link CausalClock}); replicated objects install theirs
     * when they start. One per process.
     *
     * @throws IllegalStateException when another clock is installed already
     */
    public static void useCausalClock(CausalClock clock) {
        RmiRuntime rt = RmiRuntime.get();
        synchronized (rt) {
            if (rt.clock != CausalClock.NONE && rt.clock != clock) {
                throw new IllegalStateException("a causal clock is installed already: " + rt.clock);
            }
            rt.clock = java.util.Objects.requireNonNull(clock, "clock");
        }
    }

    /**
     * Takes the calling thread out of the causal order for good ({@link CausalClock#orders}): its calls carry time 0,
     * so the server does not wait for writes before running them, and their replies are returned without waiting for
     * the writes the server had applied. For a runtime's own service threads whose calls must never wait for
     * replicated writes (the pool's heartbeat: a replica that lags must not look dead).
     */
    public static void leaveCausalOrder() {
        RmiRuntime.leaveCausalOrder();
    }

    /**
     * Whether the calling thread runs a remote method on a connection's receive thread (a method marked
     * {@link NonBlocking} or proven non-blocking, thesis 3.3.1). Such a thread must not wait for anything a
     * connection delivers: a call with a reply fails there, one-way calls may be made.
     */
    public static boolean onReceiveThread() {
        return PeerServer.onReceiveThread();
    }

    /**
     * Runs {@code work}, which may block, where blocking is allowed. Called from a method running on a receive thread
     * ({@link #onReceiveThread()}), the work runs on that thread after the current message, once the thread has
     * handed its receive role on (no other thread is woken), or on the runtime's dispatch threads where the
     * transport does not allow that; called from any other thread, it runs at once on the calling thread. For layers
     * above RMI (group invocations) whose messages arrive through a non-blocking method and decide per message
     * whether the upcall may block. What {@code work} throws is logged, never propagated.
     */
    public static void runWhereBlockingIsAllowed(Runnable work) {
        java.util.Objects.requireNonNull(work, "work");
        PeerServer.handOff(RmiRuntime.get(), () -> {
            try {
                work.run();
            } catch (Throwable t) {
                System.getLogger(Rmi.class.getName()).log(System.Logger.Level.WARNING,
                        "work handed off by a receive thread failed", t);
            }
        });
    }

    /**
     * Arranges for {@code work} to run on the receive thread that runs the calling method, once the current message is
     * delivered and the thread has handed its receive role on (no other thread is woken; should the work block, a
     * fresh thread goes on receiving after {@link io.mobula.transport.TransportOptions#receiverRelief()}). Returns
     * false, and arranges nothing, when the caller runs on no receive thread ({@link #onReceiveThread()}), on one that
     * delivers for a polling caller, or on one that has such work already: the caller then runs {@code work}
     * elsewhere. For layers above RMI that start work per message (a replicated write in its turn) and want it run
     * without a hand-off where that is safe. What {@code work} throws is logged.
     */
    public static boolean runAfterMessage(Runnable work) {
        return PeerServer.runAfterFrame(java.util.Objects.requireNonNull(work, "work"));
    }

    /**
     * A way for a thread waiting for messages from the processes of {@code stubs} to receive them itself for a short
     * window ({@link PeerProgress#receiveUntil}): for layers above RMI whose waits (a group invocation's results, a
     * replicated write's turn) expect one-way messages handled where they arrive. Make it once per set of peers.
     */
    public static PeerProgress progressOf(java.util.List<? extends Remote> stubs) {
        return PeerProgress.of(RmiRuntime.get(), stubs);
    }

    /** Counters of this process's runtime. */
    public static RmiCounters counters() {
        RmiRuntime rt = RmiRuntime.get();
        RmiStats s = rt.stats;
        return new RmiCounters(s.callsMade.sum(), s.callsServed.sum(), s.localCalls.sum(),
                s.connectionsOpened.sum(), s.connectionsLost.sum(), rt.exportedObjects(), s.authFailures.sum());
    }

    /** Whether {@code impl} is currently exported by this process. */
    public static boolean isExported(Remote impl) {
        return RmiRuntime.get().exports.forTarget(impl) != null;
    }

    /**
     * The technology calls through {@code stub} travel over now: {@code "local"} (same JVM), {@code "shm"} (shared
     * memory, same host), {@code "tcp"} or {@code "tls"} (TCP with TLS, {@link RmiConfig#tls()}); {@code null} if this
     * process has no connection to the object's process yet. The upgrade to shm completes shortly after the first
     * connection, so a fresh connection may say "tcp".
     */
    public static String transportOf(Remote stub) {
        RemoteRef ref = Stubs.refOf(stub);
        if (ref == null) {
            return isExported(stub) ? "local" : null;
        }
        RmiRuntime rt = RmiRuntime.get();
        if (ref.vmId == rt.vmId) {
            return "local";
        }
        PeerConnection p = rt.connectionTo(ref.vmId);
        if (p == null || !p.isOpen()) {
            return null;
        }
        return p.upgraded() ? "shm" : rt.config.tls() != null ? "tls" : "tcp";
    }
}
