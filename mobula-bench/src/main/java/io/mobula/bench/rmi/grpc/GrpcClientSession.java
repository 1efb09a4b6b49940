package io.mobula.bench.rmi.grpc;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.stub.ClientCalls;
import io.mobula.bench.rmi.BenchCase;
import io.mobula.bench.rmi.ClientSession;
import io.mobula.bench.rmi.PayloadSpec;
import io.mobula.bench.rmi.TimedCall;
import java.util.concurrent.TimeUnit;

/**
 * A client of {@link BenchService} over one channel, making blocking unary calls (what a generated blocking stub
 * does). Each case is validated once before it is timed: the echo must equal the argument, and for the throughput
 * call the server's copy of the last request must.
 */
final class GrpcClientSession implements ClientSession {
    private final ManagedChannel channel;
    /** Results land here so that no call is ever dead code. */
    @SuppressWarnings("unused")
    private volatile Object sink;

    GrpcClientSession(ManagedChannel channel) {
        this.channel = channel;
    }

    @Override
    public TimedCall prepare(BenchCase c) throws Exception {
        switch (c.kernel()) {
            case NULL_CALL -> {
                call(BenchMethods.NULL_CALL, Empty.INSTANCE);
                return () -> sink = call(BenchMethods.NULL_CALL, Empty.INSTANCE);
            }
            case OBJ_PING_OBJ -> {
                PayloadSpec p = c.payload();
                Object arg = BenchMethods.toMessage(p.create());
                MethodDescriptor<Object, Object> echo = BenchMethods.echo(p.kind());
                check(c, "reply", BenchMethods.fromMessage(call(echo, arg)), p.create());
                return () -> sink = call(echo, arg);
            }
            case THROUGHPUT -> {
                PayloadSpec p = c.payload();
                Object arg = BenchMethods.toMessage(p.create());
                MethodDescriptor<Object, Empty> send = BenchMethods.send(p.kind());
                call(send, arg);
                check(c, "server received", BenchMethods.fromMessage(call(BenchMethods.last(p.kind()),
                        Empty.INSTANCE)), p.create());
                return () -> sink = call(send, arg);
            }
            default -> throw new IllegalArgumentException("grpc does not run " + c.id() + " (unary calls only: "
                    + GrpcSystem.SUPPORTED + ")");
        }
    }

    /** Makes {@code calls} null calls, so the JIT has compiled both sides before anything is measured. */
    void warmUp(int calls) {
        for (int i = 0; i < calls; i++) {
            sink = call(BenchMethods.NULL_CALL, Empty.INSTANCE);
        }
    }

    private <Q, R> R call(MethodDescriptor<Q, R> method, Q request) {
        return ClientCalls.blockingUnaryCall(channel, method, CallOptions.DEFAULT, request);
    }

    private static void check(BenchCase c, String what, Object actual, Object expected) {
        if (!PayloadSpec.sameValue(actual, expected)) {
            throw new AssertionError(c.id() + ": " + what + " differs from the argument");
        }
    }

    @Override
    public void close() {
        channel.shutdownNow();
        try {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
