package io.mobula.rmi;

import java.rmi.Remote;

/**
 * What a {@link ProtocolBridge} needs from the runtime besides the public API: the object behind a stub of this
 * process, and the client a call it serves came from. Not for applications.
 */
public final class BridgeAccess {
    private static final java.util.List<java.util.function.Consumer<Object>> UNEXPORTS =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    private BridgeAccess() {
    }

    /**
     * Calls {@code listener} with every object this process unexports, after the unexport (a bridge then stops
     * serving it over its protocol too, so its clients get {@code NoSuchObjectException} as Mobula's do).
     */
    public static void addUnexportListener(java.util.function.Consumer<Object> listener) {
        UNEXPORTS.add(java.util.Objects.requireNonNull(listener, "listener"));
    }

    static void unexported(Object impl) {
        for (java.util.function.Consumer<Object> l : UNEXPORTS) {
            try {
                l.accept(impl);
            } catch (RuntimeException e) {
                System.getLogger(BridgeAccess.class.getName()).log(System.Logger.Level.WARNING,
                        "unexport listener " + l + " failed", e);
            }
        }
    }

    /**
     * The object {@code stub} refers to when this process exports it, so a bridge calls it directly instead of
     * through the local short-cut; null when {@code stub} is no stub, refers to another process, or the object is no
     * longer exported.
     */
    public static Object localTarget(Remote stub) {
        RemoteRef ref = Stubs.refOf(stub);
        if (ref == null) {
            return null;
        }
        RmiRuntime rt = RmiRuntime.get();
        if (ref.vmId != rt.vmId) {
            return null;
        }
        ExportTable.Exported e = rt.exports.find(ref.objectId);
        return e == null ? null : e.target();
    }

    /**
     * Marks the current thread as serving a call from {@code host} over {@code protocol}, so
     * {@code RemoteServer.getClientHost()} and {@link RemoteClient#current()} answer as in a Mobula call.
     *
     * @return what to pass to {@link #leave} when the call is done
     */
    public static Object enter(String host, String protocol) {
        return RemoteClient.enter(new RemoteClient(host, 0, protocol));
    }

    /** Ends what {@link #enter} began. */
    public static void leave(Object previous) {
        RemoteClient.restore((RemoteClient) previous);
    }
}
