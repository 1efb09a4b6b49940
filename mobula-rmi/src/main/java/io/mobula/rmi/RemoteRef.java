package io.mobula.rmi;

import io.mobula.transport.Endpoint;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.util.List;
import java.util.Objects;

/**
 * Where a remote object lives: the id of its process (VM), its object id there, the endpoints the process
 * offers (KaRMI's technology identifiers, paper 4.3), and the remote interface with its method hash. A stub
 * holds one; it travels when the stub travels. For generated code; applications see stubs only.
 */
public final class RemoteRef {
    final long vmId;
    final long objectId;
    final List<Endpoint> endpoints;
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
        this.clientSocketFactory = clientSocketFactory;
        this.vmId = vmId;
        this.objectId = objectId;
        this.endpoints = List.copyOf(endpoints);
        this.interfaceName = Objects.requireNonNull(interfaceName);
        this.interfaceHash = interfaceHash;
        this.localTarget = localTarget;
    }

    /**
     * Starts a call of method {@code methodId}; see {@link Call}.
     *
     * @param interfaceHash the calling stub's {@code INTERFACE_HASH}; the server refuses the call when its
     *                      dispatcher's differs
     * @param methodId      the method's id in the interface (ids follow the processor's method order)
     * @param flags         {@link Dispatcher#ONE_WAY} and friends, as the stub knows them
     * @throws RemoteException when the object's process cannot be reached
     */
    public Call newCall(long interfaceHash, int methodId, int flags) throws RemoteException {
        CallChannel ch = channel;
        if (ch == null || !RmiRuntime.usable(ch)) {
            ch = RmiRuntime.get().channelFor(this);
            channel = ch;
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
        return interfaceName + "[" + objectId + "@" + endpointsText() + "]";
    }
}
