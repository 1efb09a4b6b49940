package io.mobula.rmi;

import io.mobula.serial.ClassFilter;
import io.mobula.serial.Fingerprint;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serializer;
import io.mobula.transport.Endpoint;
import java.io.IOException;
import java.rmi.Remote;
import java.rmi.StubNotFoundException;
import java.rmi.server.RMIClientSocketFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes every stub, whatever its class (a generated {@code p.Iface_MobulaStub}, a multi-interface proxy's stub,
 * an {@link UnresolvedStub}), under the one type {@code io.mobula.rmi.RemoteStub}, as its reference: VM id,
 * object id, the endpoints of the owner's process, and the remote interfaces with their method hashes. So a reader
 * needs none of the application's classes to take a reference in.
 *
 * <pre>
 *   vm id (i64) | object id (i64) | endpoint count (varint, at most 16) | endpoints (strings) |
 *   interface count (varint, 1..64) | per interface: name (string), method hash (i64) |
 *   client socket factory (object, usually null)
 * </pre>
 * The client socket factory is the one the object was exported with ({@code UnicastRemoteObject.exportObject(obj,
 * port, csf, ssf)}); java.rmi sends it inside the reference too. It goes through the class filter like any object.
 *
 * <p>The reader rebuilds a stub from the interfaces it can load: the generated stub for one, a proxy implementing
 * all of them for several ({@link Stubs}). Interfaces it cannot load are left out of the stub but kept in the
 * reference, which therefore writes back exactly as it arrived; if it can load none, it keeps an
 * {@link UnresolvedStub}. A loadable interface without a generated stub is an error, as is a name that is not a
 * remote interface. A stub for an object of this process keeps that object reachable; a stub for a remote one
 * takes a DGC lease over an existing connection to its process ({@link DgcClient}).
 */
final class StubSerializer implements Serializer<Object> {
    static final int MAX_ENDPOINTS = 16;
    private static final long FINGERPRINT = Fingerprint.of(RemoteStub.class.getName(), "vmId:J", "objectId:J",
            "endpoints:[String", "interfaces:[String,J");
    /** Names that did not load are remembered too, up to this many, so a peer cannot grow the cache forever. */
    private static final int MAX_CACHED = 4096;
    private static final Object MISSING = new Object();

    private final RmiRuntime runtime;
    private final ClassLoader loader;
    private final ClassFilter filter;
    private final Map<String, Object> interfaces = new ConcurrentHashMap<>();

    StubSerializer(RmiRuntime runtime, ClassLoader loader, ClassFilter filter) {
        this.runtime = runtime;
        this.loader = loader;
        this.filter = filter;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Class<Object> type() {
        return (Class) RemoteStub.class;
    }

    @Override
    public long fingerprint() {
        return FINGERPRINT;
    }

    @Override
    public void write(SerialWriter out, Object stub) throws IOException {
        RemoteRef ref = ((RemoteStub) stub).ref;
        if (ref.vmId == runtime.vmId && !RmiRuntime.isRegistryId(ref.objectId)) {
            runtime.exports.sent(ref.objectId); // held until its receiver takes a lease (ExportTable)
        }
        out.writeLong(ref.vmId);
        out.writeLong(ref.objectId);
        out.writeVarInt(ref.endpoints.size());
        for (Endpoint e : ref.endpoints) {
            out.writeString(e.toString());
        }
        int n = ref.interfaceCount();
        out.writeVarInt(n);
        for (int i = 0; i < n; i++) {
            out.writeString(ref.interfaceNames.get(i));
            out.writeLong(ref.interfaceHash(i));
        }
        out.writeObject(ref.clientSocketFactory);
    }

    @Override
    public Object read(SerialReader in) throws IOException {
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
        int k = in.readVarInt();
        if (k < 0 || k > RemoteRef.MAX_INTERFACES) {
            throw new SerialException("remote reference with " + k + " interfaces (0 to " + RemoteRef.MAX_INTERFACES
                    + " allowed)");
        }
        List<String> names = new ArrayList<>(k);
        long[] hashes = new long[k];
        for (int i = 0; i < k; i++) {
            String name = in.readString();
            if (name == null || name.isEmpty() || name.length() > 1024) {
                throw new SerialException("bad interface name in a remote reference");
            }
            names.add(name);
            hashes[i] = in.readLong();
        }
        Object csf = in.readObject();
        if (csf != null && !(csf instanceof RMIClientSocketFactory)) {
            throw new SerialException("a remote reference carries a " + csf.getClass().getName()
                    + " as its client socket factory");
        }
        Object local = null;
        if (vm == runtime.vmId) {
            ExportTable.Exported e = runtime.exports.find(objectId);
            local = e == null ? null : e.target();
        }
        RemoteRef ref = new RemoteRef(vm, objectId, endpoints, names, hashes, local,
                runtime.sockets.canonical((RMIClientSocketFactory) csf));
        Remote stub = stubFor(ref);
        in.register(stub);
        if (vm != runtime.vmId && !RmiRuntime.isRegistryId(objectId)) {
            runtime.dgc.stubCreated(stub, ref);
        }
        return stub;
    }

    /** The client object for {@code ref} from the interfaces this process can load. */
    private Remote stubFor(RemoteRef ref) throws SerialException {
        List<StubFactory> factories = new ArrayList<>(ref.interfaceCount());
        for (String name : ref.interfaceNames) {
            Class<?> iface = load(name);
            if (iface == null) {
                continue;
            }
            try {
                factories.add(StubFactory.forInterface(iface));
            } catch (StubNotFoundException e) {
                throw new SerialException(e.getMessage());
            }
        }
        return factories.isEmpty() ? new UnresolvedStub(ref) : Stubs.newStub(ref, factories);
    }

    /** The remote interface {@code name}, or null when this process cannot load it (or the filter refuses it). */
    private Class<?> load(String name) throws SerialException {
        Object c = interfaces.get(name);
        if (c == null) {
            c = MISSING;
            if (filter.allows(name)) {
                try {
                    c = Class.forName(name, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    c = MISSING;
                }
            }
            if (c instanceof Class<?> k && (!k.isInterface() || !Remote.class.isAssignableFrom(k)
                    || k == Remote.class)) {
                throw new SerialException("a remote reference names " + name + ", which is not a remote interface");
            }
            if (c != MISSING || interfaces.size() < MAX_CACHED) {
                interfaces.put(name, c);
            }
        }
        return c == MISSING ? null : (Class<?>) c;
    }
}
