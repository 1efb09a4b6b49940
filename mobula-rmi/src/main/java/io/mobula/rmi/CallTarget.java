package io.mobula.rmi;

/**
 * Where an incoming call goes, worked out the same way for calls from the network ({@link PeerConnection}) and for
 * local calls ({@link LocalChannel}): the exported object and the dispatcher of the interface the caller used, or
 * why the call is refused, as an error code of {@link RmiProtocol} with its message (the network sends it back in a
 * REPLY_ERROR frame, the local short-cut turns it into the same exception with {@link RemoteFailures#forError}).
 *
 * <p>A flyweight: each receiving side keeps one and {@link #resolve}s it per call (one thread at a time: a
 * connection's receive role, or one nesting level of a thread's local calls), so serving a call allocates nothing
 * here.
 */
final class CallTarget {
    /** java.rmi's words for a call to an object that is not (or no longer) exported; programs print them. */
    static final String NO_SUCH_OBJECT = "no such object in table";
    /** The object, or null when refused. */
    Object impl;
    Dispatcher dispatcher;
    ExportTable.Exported exported;
    /** 0, or the RmiProtocol.ERROR_* code of the refusal. */
    int error;
    String message;
    /** The export the last call found: calls on one connection mostly go to one object (no boxed-id lookup then). */
    private ExportTable.Exported last;

    /**
     * Finds the target of a call to method {@code methodId} of the interface with {@code interfaceHash} on object
     * {@code objectId}; returns false (with {@link #error} and {@link #message} set) if there is none.
     */
    boolean resolve(RmiRuntime runtime, long objectId, long interfaceHash, int methodId) {
        impl = null;
        dispatcher = null;
        error = 0;
        message = null;
        ExportTable.Exported target = last;
        if (target == null || target.objectId != objectId || target.removed) {
            target = runtime.exports.find(objectId);
            last = target;
        }
        exported = target;
        if (target == null) {
            return refuse(RmiProtocol.ERROR_NO_SUCH_OBJECT, NO_SUCH_OBJECT);
        }
        Dispatcher d = target.dispatcherFor(interfaceHash);
        if (d == null) { // only a java.rmi.Remote: it has no method (only a hand-made call can name one)
            return refuse(RmiProtocol.ERROR_BAD_METHOD, "no method " + methodId + " in java.rmi.Remote");
        }
        if (d.interfaceHash() != interfaceHash) {
            return refuse(RmiProtocol.ERROR_INTERFACE_MISMATCH, "interface " + d.remoteInterface().getName()
                    + " differs between caller and server (method hash mismatch); recompile both sides"
                    + " against the same interface");
        }
        if (methodId < 0 || methodId >= d.methodCount()) {
            return refuse(RmiProtocol.ERROR_BAD_METHOD, "no method " + methodId + " in "
                    + d.remoteInterface().getName());
        }
        Object o = target.target();
        if (o == null) {
            return refuse(RmiProtocol.ERROR_NO_SUCH_OBJECT, NO_SUCH_OBJECT);
        }
        dispatcher = d;
        impl = o;
        return true;
    }

    private boolean refuse(int code, String why) {
        error = code;
        message = why;
        return false;
    }

    /**
     * Runs a decoded call as {@code client}'s (for {@link RemoteClient#current()}); returns what the method threw, or
     * null. The result goes to {@code result}.
     */
    static Throwable invoke(Invocation inv, CallResult result, RemoteClient client) {
        RemoteClient prev = RemoteClient.enter(client);
        try {
            inv.invoke(result);
            return null;
        } catch (Throwable t) {
            return t;
        } finally {
            RemoteClient.restore(prev);
        }
    }
}
