package io.mobula.bench.rmi.grpc;

import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.mobula.bench.rmi.PayloadSpec;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The server side of {@link BenchMethods}: echo handlers return the decoded request (so the reply is re-encoded
 * from the objects, as a generated service returning its request would), send handlers keep the last request per
 * payload kind for the client's one-off validation.
 */
final class BenchService {
    private final AtomicReferenceArray<Object> last = new AtomicReferenceArray<>(PayloadSpec.Kind.values().length);

    ServerServiceDefinition definition() {
        ServerServiceDefinition.Builder b = ServerServiceDefinition.builder(BenchMethods.SERVICE);
        b.addMethod(BenchMethods.NULL_CALL, ServerCalls.asyncUnaryCall(BenchService::reply));
        for (PayloadSpec.Kind k : PayloadSpec.Kind.values()) {
            b.addMethod(BenchMethods.echo(k), ServerCalls.asyncUnaryCall(BenchService::reply));
            b.addMethod(BenchMethods.send(k), ServerCalls.asyncUnaryCall((req, obs) -> {
                last.set(k.ordinal(), req);
                reply(Empty.INSTANCE, obs);
            }));
            b.addMethod(BenchMethods.last(k), ServerCalls.asyncUnaryCall((req, obs) -> {
                Object v = last.get(k.ordinal());
                if (v == null) {
                    obs.onError(Status.FAILED_PRECONDITION.withDescription("no " + k + " payload received yet")
                            .asRuntimeException());
                } else {
                    reply(v, obs);
                }
            }));
        }
        return b.build();
    }

    private static <T> void reply(T value, StreamObserver<T> obs) {
        obs.onNext(value);
        obs.onCompleted();
    }
}
