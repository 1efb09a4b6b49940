package io.mobula.bench.rmi;

import java.rmi.RemoteException;

/**
 * A client session of any RMI system that serves {@link BenchRemote}: java.rmi now, Mobula later. Only obtaining
 * the stub and exporting the callback differ between systems; the kernels and their validation live here once.
 */
public class RemoteApiSession implements ClientSession {

    /** Exports the client's callback object through the system under test and returns what to pass to the server. */
    @FunctionalInterface
    public interface CallbackExporter {
        BenchCallback export(BenchCallback impl) throws Exception;
    }

    private final BenchRemote server;
    private final CallbackExporter exporter;
    private BenchCallbackImpl callback;
    /** Results land here so that no call is ever dead code. */
    @SuppressWarnings("unused")
    private volatile Object sink;

    public RemoteApiSession(BenchRemote server, CallbackExporter exporter) {
        this.server = server;
        this.exporter = exporter;
    }

    @Override
    public TimedCall prepare(BenchCase c) throws Exception {
        Object arg = c.payload() == null ? null : c.payload().create();
        Object expected = c.payload() == null ? null : c.payload().create();
        BenchRemote s = server;
        switch (c.kernel()) {
            case NULL_CALL -> {
                s.ping();
                return s::ping;
            }
            case PING_2INT -> {
                s.ping(1, 2);
                return () -> s.ping(1, 2);
            }
            case PING_2INT_2FLOAT -> {
                s.ping(1, 2, 3f, 4f);
                return () -> s.ping(1, 2, 3f, 4f);
            }
            case VOID_PING_OBJ, THROUGHPUT -> {
                s.voidPing(arg);
                check(c, "server received", s.lastReceived(), expected);
                return () -> s.voidPing(arg);
            }
            case OBJ_PING_OBJ -> {
                check(c, "reply", s.ping(arg), expected);
                return () -> sink = s.ping(arg);
            }
            case STAR -> {
                check(c, "reply", s.star(arg), expected);
                return () -> sink = s.star(arg);
            }
            case VOID_PINGPONG_OBJ -> {
                BenchCallbackImpl cb = callback();
                long before = cb.pongs();
                s.voidPingpong(arg);
                checkPong(c, cb, before, expected);
                return () -> s.voidPingpong(arg);
            }
            case OBJ_PINGPONG_OBJ -> {
                BenchCallbackImpl cb = callback();
                long before = cb.pongs();
                check(c, "reply", s.pingpong(arg), expected);
                checkPong(c, cb, before, expected);
                return () -> sink = s.pingpong(arg);
            }
        }
        throw new IllegalArgumentException("unknown kernel " + c.kernel());
    }

    private BenchCallbackImpl callback() throws Exception {
        if (callback == null) {
            BenchCallbackImpl impl = new BenchCallbackImpl();
            server.setCallback(exporter.export(impl));
            callback = impl;
        }
        return callback;
    }

    private static void checkPong(BenchCase c, BenchCallbackImpl cb, long before, Object expected) {
        if (cb.pongs() != before + 1) {
            throw new AssertionError(c.id() + ": server did not call back exactly once");
        }
        check(c, "callback argument", cb.last(), expected);
    }

    static void check(BenchCase c, String what, Object actual, Object expected) {
        if (!PayloadSpec.sameValue(actual, expected)) {
            throw new AssertionError(c.id() + ": " + what + " differs from the argument");
        }
    }

    @Override
    public void close() throws RemoteException {
        // stubs hold no resources the benchmark must release; the child exits after the run
    }
}
