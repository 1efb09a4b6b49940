package io.mobula.rmi;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.List;

/**
 * The local short-cut (KaRMI 4.2): a call to an object in this JVM runs on the calling thread with no network and
 * no thread switch, but arguments and results are still copied through serialization, keeping RMI's by-value
 * semantics. Each thread keeps a writer/reader pair per nesting level (a local method may call another).
 */
final class LocalChannel implements CallChannel {
    private static final class Level {
        final SerialWriter out;
        final SerialReader in;

        Level(RmiRuntime rt) {
            out = rt.serialization.newWriter();
            in = rt.serialization.newReader();
        }
    }

    private static final class Levels {
        final List<Level> levels = new ArrayList<>();
        int depth;
    }

    private final RmiRuntime runtime;
    private final ThreadLocal<Levels> perThread = ThreadLocal.withInitial(Levels::new);

    private final RemoteClient localClient;

    LocalChannel(RmiRuntime runtime) {
        this.runtime = runtime;
        this.localClient = new RemoteClient("127.0.0.1", runtime.vmId, "local");
    }

    private Level current() {
        Levels ls = perThread.get();
        while (ls.levels.size() <= ls.depth) {
            ls.levels.add(new Level(runtime));
        }
        return ls.levels.get(ls.depth);
    }

    @Override
    public SerialWriter begin() {
        Level l = current();
        perThread.get().depth++;
        l.out.beginMessage();
        return l.out;
    }

    @Override
    public void abort() {
        Levels ls = perThread.get();
        ls.depth--;
        ls.levels.get(ls.depth).out.abortMessage();
    }

    @Override
    public void send(PendingCall call, boolean oneWay) {
        Levels ls = perThread.get();
        Level l = ls.levels.get(ls.depth - 1);
        try {
            runLocally(call, l, oneWay);
        } finally {
            ls.depth--;
        }
        if (!oneWay) {
            runtime.stats.localCalls.increment();
            call.complete();
        }
    }

    private void runLocally(PendingCall call, Level l, boolean oneWay) {
        ExportTable.Exported target = runtime.exports.find(call.ref.objectId);
        Object impl = target == null ? null : target.target();
        if (impl == null) {
            call.failure = new NoSuchObjectException("object " + call.ref.objectId + " is no longer exported");
            return;
        }
        if (target.dispatcher.interfaceHash() != call.interfaceHash) {
            call.failure = new InterfaceMismatchException("interface " + call.ref.interfaceName + " differs");
            return;
        }
        Invocation inv;
        try {
            l.in.beginMessage(view(l.out.buffer()));
            inv = target.dispatcher.decode(impl, call.methodId, l.in);
        } catch (IOException | RuntimeException e) {
            call.failure = new MarshalException("error copying arguments of " + call.ref.describe(call.methodId)
                    + ": " + e.getMessage(), e instanceof Exception ex ? ex : null);
            return;
        }
        CallResult result = new CallResult();
        RemoteClient prev = RemoteClient.enter(localClient);
        try {
            inv.invoke(result);
        } catch (Throwable t) {
            if (!oneWay) {
                copyThrown(call, l, t instanceof Error e && !(t instanceof AssertionError)
                        ? new ServerError("error in remote method", e) : t);
            }
            return;
        } finally {
            RemoteClient.restore(prev);
        }
        if (oneWay) {
            return;
        }
        Object value = result.obj;
        if (result.future != null) {
            try {
                value = result.future.join();
            } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
                copyThrown(call, l, e.getCause() != null ? e.getCause() : e);
                return;
            }
        }
        try {
            l.out.beginMessage();
            call.kind.write(l.out, result.prim, value);
            l.in.beginMessage(view(l.out.buffer()));
            call.kind.read(l.in, call);
        } catch (IOException | RuntimeException e) {
            call.failure = new UnmarshalException("error copying the result of " + call.ref.describe(call.methodId)
                    + ": " + e.getMessage(), e instanceof Exception ex ? ex : null);
        }
    }

    /**
     * Exceptions go by value too: the caller gets a copy, as it would from another process. An exception this
     * runtime cannot copy (its class is not visible to the runtime's class loader, say) is handed over as it is
     * rather than lost: the caller and the method share one JVM, so it is still the right exception.
     */
    private static void copyThrown(PendingCall call, Level l, Throwable t) {
        try {
            l.out.beginMessage();
            l.out.writeObject(t);
            l.in.beginMessage(view(l.out.buffer()));
            call.thrown = l.in.readObject(Throwable.class);
        } catch (IOException | RuntimeException e) {
            l.out.abortMessage();
            call.thrown = t;
        }
    }

    /** The reader may keep references into its buffer only while decoding; a view with the right order suffices. */
    private static ByteBuffer view(ByteBuffer b) {
        return b.duplicate().order(b.order());
    }

    @Override
    public void await(PendingCall call) throws RemoteException {
        // settled synchronously in send
    }
}
