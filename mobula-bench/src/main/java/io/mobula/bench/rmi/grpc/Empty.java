package io.mobula.bench.rmi.grpc;

/**
 * The empty protobuf message: the argument and result of the null call, the result of the throughput call, and
 * the stand-in for a {@code null} {@code obj} (gRPC messages are never null).
 */
public enum Empty {
    INSTANCE
}
