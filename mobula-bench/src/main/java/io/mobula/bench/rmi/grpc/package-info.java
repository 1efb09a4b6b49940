/**
 * gRPC-java as a system of the RMI collection ({@link io.mobula.bench.rmi.grpc.GrpcSystem}): a unary service over
 * grpc-netty-shaded whose messages carry the collection's payloads in protobuf wire format, written by hand with
 * protobuf-java's {@code CodedOutputStream}/{@code CodedInputStream} (one small layout class per message), so no
 * protoc step is needed. Decoding is bounded: message size, every length against the bytes left, nesting depth.
 */
package io.mobula.bench.rmi.grpc;
