package io.mobula.rmi;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.rmi.MarshalException;
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
        final CallTarget target = new CallTarget();

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
        this.localClient = new RemoteClient("127.0.0.1", runtime.vmId, "local", true, 0);
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
        Invocation inv;
        try {
            inv = decode(call, l);
        } finally {
            ls.depth--;
        }
        if (inv == null) { // refused or undecodable: call.failure says why
            if (oneWay) {
                java.lang.System.getLogger(LocalChannel.class.getName()).log(java.lang.System.Logger.Level.WARNING,
                        "one-way local call dropped: " + call.failure().getMessage());
            } else {
                call.complete();
            }
            return;
        }
        // as over the network: a one-way call does not wait for the method, an asynchronous one returns at once
        if (oneWay) {
            runtime.dispatchExecutor.execute(() -> run(call, inv, true));
        } else if (call.future != null) {
            runtime.dispatchExecutor.execute(() -> {
                run(call, inv, false);
                call.complete();
            });
        } else {
            run(call, inv, false);
            call.complete();
        }
    }

    /** Copies the arguments (by value, as RMI does); null with {@code call.failure} set when the call is refused. */
    private Invocation decode(PendingCall call, Level l) {
        CallTarget t = l.target;
        if (!t.resolve(runtime, call.ref.objectId, call.interfaceHash, call.methodId)) {
            call.failed(RemoteFailures.forError(t.error, t.message));
            return null;
        }
        try {
            l.in.beginMessage(view(l.out.buffer()));
            return t.dispatcher.decode(t.impl, call.methodId, l.in);
        } catch (Throwable e) {
            call.failed(RemoteFailures.argumentsUnreadable(RemoteFailures.javaIo(e)));
            return null;
        }
    }

    /** Runs the method and copies its result or exception into {@code call}. */
    private void run(PendingCall call, Invocation inv, boolean oneWay) {
        CallResult result = new CallResult();
        Throwable t = CallTarget.invoke(inv, result, localClient);
        if (t != null) {
            if (oneWay) {
                java.lang.System.getLogger(LocalChannel.class.getName()).log(java.lang.System.Logger.Level.WARNING,
                        "one-way call threw", t);
            } else {
                copyThrown(call, RemoteFailures.asThrownByServer(t));
            }
            return;
        }
        if (oneWay) {
            return;
        }
        runtime.stats.localCalls.increment();
        Object value = result.obj;
        if (result.future != null) {
            try {
                value = result.future.join();
            } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
                copyThrown(call, RemoteFailures.asThrownByServer(e.getCause() != null ? e.getCause() : e));
                return;
            }
        }
        Levels ls = perThread.get();
        Level l = current();
        ls.depth++;
        boolean written = false;
        try {
            l.out.beginMessage();
            call.kind.write(l.out, result.prim, value);
            written = true;
            l.in.beginMessage(view(l.out.buffer()));
            call.kind.read(l.in, call);
        } catch (Throwable e) {
            l.out.abortMessage();
            // as a remote caller sees it (and java.rmi's): the server's write aborted, or the return unreadable
            call.failed(written ? new UnmarshalException("error unmarshalling return", RemoteFailures.javaIo(e))
                    : RemoteFailures.resultUnwritable(RemoteFailures.javaIo(e)));
        } finally {
            ls.depth--;
        }
    }

    /**
     * Exceptions go by value too: the caller gets a copy, as it would from another process, and an exception that
     * cannot be copied (a class the filter refuses, a hook that fails) fails the call with the UnmarshalException a
     * remote caller would get. One exception to that: a class the runtime's class loader cannot see (a class of a
     * child class loader) is handed over as it is, since caller and method share this JVM and it is still the right
     * exception.
     */
    private void copyThrown(PendingCall call, Throwable t) {
        Levels ls = perThread.get();
        Level l = current();
        ls.depth++;
        try {
            l.out.beginMessage();
            l.out.writeObject(t);
            l.in.beginMessage(view(l.out.buffer()));
            call.threw(l.in.readObject(Throwable.class));
        } catch (Throwable e) {
            l.out.abortMessage();
            if (notVisible(e)) {
                call.threw(t);
                return;
            }
            call.failed(new UnmarshalException("error unmarshalling return of " + call.ref.describe(call.methodId)
                    + ": the exception " + t.getClass().getName() + " cannot be copied: " + e.getMessage(),
                    e instanceof Exception ex ? ex : new io.mobula.serial.SerialException(e.toString(), e)));
        } finally {
            ls.depth--;
        }
    }

    private static boolean notVisible(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof ClassNotFoundException) {
                return true;
            }
        }
        return false;
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
