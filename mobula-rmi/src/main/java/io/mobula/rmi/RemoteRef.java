package io.mobula.rmi;

import io.mobula.transport.Endpoint;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.util.List;
import java.util.Objects;

/**
 * Where a remote object lives: the id of its process (VM), its object id there, the endpoints the process
 * offers (KaRMI's technology identifiers, paper 4.3), and the remote interfaces the object is served as, each
 * with its method hash (the most specific ones only: a sub-interface covers its super-interfaces). A stub holds
 * one; it travels when the stub travels, with every interface name even where some cannot be loaded, so a
 * process without the application's classes (a standalone registry) passes it on unchanged. For generated
 * code; applications see stubs only.
 */
public final class RemoteRef {
    /** At most this many interfaces per reference (a bound on what a peer may send). */
    static final int MAX_INTERFACES = 64;

    final long vmId;
    final long objectId;
    final List<Endpoint> endpoints;
    /**
     * The remote interfaces, as binary names; the first one names the object in messages. Empty for an object
     * whose only remote interface is {@link java.rmi.Remote} itself (exported for its identity, as java.rmi allows).
     */
    final List<String> interfaceNames;
    private final long[] interfaceHashes;
    /** The first interface and its hash ({@code java.rmi.Remote} and 0 when there is none). */
    final String interfaceName;
    final long interfaceHash;
    /** Set when the object lives in this JVM: keeps it reachable while a stub exists (local DGC). */
    final Object localTarget;
    /**
     * The client socket factory the object was exported with, or null; it travels with the reference, and calls
     * through a reference with a {@code sock+tcp} endpoint use sockets it makes (null: plain sockets).
     */
    final RMIClientSocketFactory clientSocketFactory;
    private volatile CallChannel channel;

    RemoteRef(long vmId, long objectId, List<Endpoint> endpoints, String interfaceName, long interfaceHash,
              Object localTarget) {
        this(vmId, objectId, endpoints, interfaceName, interfaceHash, localTarget, null);
    }

    RemoteRef(long vmId, long objectId, List<Endpoint> endpoints, String interfaceName, long interfaceHash,
              Object localTarget, RMIClientSocketFactory clientSocketFactory) {
        this(vmId, objectId, endpoints, List.of(interfaceName), new long[] {interfaceHash}, localTarget,
                clientSocketFactory);
    }

    RemoteRef(long vmId, long objectId, List<Endpoint> endpoints, List<String> interfaceNames,
              long[] interfaceHashes, Object localTarget, RMIClientSocketFactory clientSocketFactory) {
        if (interfaceNames.size() != interfaceHashes.length || interfaceNames.size() > MAX_INTERFACES) {
            throw new IllegalArgumentException("a remote reference needs 0 to " + MAX_INTERFACES
                    + " interfaces, each with its hash; got " + interfaceNames + " / " + interfaceHashes.length);
        }
        this.clientSocketFactory = clientSocketFactory;
        this.vmId = vmId;
        this.objectId = objectId;
        this.endpoints = List.copyOf(endpoints);
        this.interfaceNames = List.copyOf(interfaceNames);
        this.interfaceHashes = interfaceHashes.clone();
        this.interfaceName = this.interfaceNames.isEmpty() ? java.rmi.Remote.class.getName()
                : Objects.requireNonNull(this.interfaceNames.get(0));
        this.interfaceHash = interfaceHashes.length == 0 ? 0 : interfaceHashes[0];
        this.localTarget = localTarget;
    }

    /** The same reference with another local target (the object itself, or null). */
    RemoteRef withLocalTarget(Object target) {
        return new RemoteRef(vmId, objectId, endpoints, interfaceNames, interfaceHashes, target, clientSocketFactory);
    }

    int interfaceCount() {
        return interfaceHashes.length;
    }

    long interfaceHash(int i) {
        return interfaceHashes[i];
    }

    /**
     * Starts a call of method {@code methodId}; see {@link Call}.
     *
     * @param interfaceHash the calling stub's {@code INTERFACE_HASH}; the server refuses the call when none of the
     *                      object's dispatchers has it
     * @param methodId      the method's id in the interface (ids follow the processor's method order)
     * @param flags         {@link Dispatcher#ONE_WAY} and friends, as the stub knows them
     * @throws RemoteException when the object's process cannot be reached
     */
    public Call newCall(long interfaceHash, int methodId, int flags) throws RemoteException {
        CallChannel ch = channel;
        if (ch == null || !RmiRuntime.usable(ch)) {
            ch = open();
        }
        return new PendingCall(this, interfaceHash, methodId, flags, ch, ch.begin());
    }

    /** Whether calls go over sockets made by a socket factory (the object was exported with factories). */
    boolean usesSocketFactories() {
        for (Endpoint e : endpoints) {
            if (SocketFactoryChannels.SCHEME.equals(e.transport())) {
                return true;
            }
        }
        return false;
    }

    /** The slow path of the first call (or the first after a lost connection): connect, then take the lease. */
    private CallChannel open() throws RemoteException {
        RmiRuntime rt = RmiRuntime.get();
        CallChannel ch = rt.channelFor(this);
        if (ch instanceof PeerConnection p) {
            rt.dgc.connected(this, p);
        }
        channel = ch;
        return ch;
    }

    String describe(int methodId) {
        return interfaceName + "#" + methodId + " on object " + objectId + " at " + endpointsText();
    }

    String endpointsText() {
        return endpoints.isEmpty() ? "vm " + Long.toHexString(vmId) : endpoints.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RemoteRef r && r.vmId == vmId && r.objectId == objectId;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(vmId * 31 + objectId);
    }

    @Override
    public String toString() {
        String names = interfaceNames.size() <= 1 ? interfaceName : String.join("+", interfaceNames);
        return names + "[" + objectId + "@" + endpointsText() + "]";
    }
}
