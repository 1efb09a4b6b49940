package io.mobula.rmi;

import io.mobula.serial.Fingerprint;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serializer;
import io.mobula.transport.Endpoint;
import java.io.IOException;
import java.rmi.StubNotFoundException;
import java.rmi.server.RMIClientSocketFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a stub as its reference and rebuilds a stub from one: VM id, object id, the endpoints of the owner's
 * process, the remote interface and its method hash. A stub for an object of this process keeps that object
 * reachable; a stub for a remote one takes a DGC lease.
 *
 * <pre>
 *   vm id (i64) | object id (i64) | endpoint count (varint, at most 16) | endpoints (strings) |
 *   interface name (string) | interface hash (i64) | client socket factory (object, usually null)
 * </pre>
 * The client socket factory is the one the object was exported with ({@code UnicastRemoteObject.exportObject(obj,
 * port, csf, ssf)}); java.rmi sends it inside the reference too. It goes through the class filter like any object.
 */
final class StubSerializer<T extends RemoteStub> implements Serializer<T> {
    static final int MAX_ENDPOINTS = 16;

    private final Class<T> stubClass;
    private final RmiRuntime runtime;
    private final long fingerprint;

    StubSerializer(Class<T> stubClass, RmiRuntime runtime) {
        this.stubClass = stubClass;
        this.runtime = runtime;
        this.fingerprint = Fingerprint.of(RemoteStub.class.getName(), stubClass.getName());
    }

    @Override
    public Class<T> type() {
        return stubClass;
    }

    @Override
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public void write(SerialWriter out, T stub) throws IOException {
        RemoteRef ref = stub.ref;
        out.writeLong(ref.vmId);
        out.writeLong(ref.objectId);
        out.writeVarInt(ref.endpoints.size());
        for (Endpoint e : ref.endpoints) {
            out.writeString(e.toString());
        }
        out.writeString(ref.interfaceName);
        out.writeLong(ref.interfaceHash);
        out.writeObject(ref.clientSocketFactory);
    }

    @Override
    public T read(SerialReader in) throws IOException {
        long vm = in.readLong();
        long objectId = in.readLong();
        int n = in.readVarInt();
        if (n < 0 || n > MAX_ENDPOINTS) {
            throw new SerialException("remote reference with " + n + " endpoints");
        }
        List<Endpoint> endpoints = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String text = in.readString();
            try {
                endpoints.add(Endpoint.parse(text));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new SerialException("bad endpoint in a remote reference: " + e.getMessage());
            }
        }
        String iface = in.readString();
        long hash = in.readLong();
        Object csf = in.readObject();
        if (csf != null && !(csf instanceof RMIClientSocketFactory)) {
            throw new SerialException("a remote reference carries a " + csf.getClass().getName()
                    + " as its client socket factory");
        }
        StubFactory factory;
        try {
            factory = StubFactory.forStubClass(stubClass);
        } catch (StubNotFoundException e) {
            throw new SerialException(e.getMessage());
        }
        if (!factory.remoteInterface.getName().equals(iface)) {
            throw new SerialException("a " + stubClass.getName() + " claims to refer to a " + iface);
        }
        Object local = null;
        if (vm == runtime.vmId) {
            ExportTable.Exported e = runtime.exports.find(objectId);
            local = e == null ? null : e.target();
        }
        RemoteRef ref = new RemoteRef(vm, objectId, endpoints, iface, hash, local, (RMIClientSocketFactory) csf);
        T stub = stubClass.cast(factory.newStub(ref));
        in.register(stub);
        if (vm != runtime.vmId && objectId != RmiRuntime.REGISTRY_ID) {
            runtime.dgc.stubCreated(stub, ref);
        }
        return stub;
    }
}
