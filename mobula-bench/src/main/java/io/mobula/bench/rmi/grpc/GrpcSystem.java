package io.mobula.bench.rmi.grpc;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.mobula.bench.rmi.BenchCase;
import io.mobula.bench.rmi.ClientSession;
import io.mobula.bench.rmi.JvmRmiSystem;
import io.mobula.bench.rmi.Kernel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Set;

/**
 * gRPC-java as the RMI suite sees it: unary calls over HTTP/2 on grpc-netty-shaded, plaintext on 127.0.0.1, with
 * protobuf messages of the same payloads (see {@link BenchMethods}; written with protobuf-java's coded streams, the
 * wire format generated code uses). The token is the server's port.
 *
 * <p>Configured as a tuned baseline, on both sides: handlers and call callbacks run on the Netty event loop
 * ({@code directExecutor}; the blocking client call runs its callbacks on the calling thread anyway), retries off
 * on the channel (no retry buffering of requests), an HTTP/2 flow-control window of {@value #FLOW_CONTROL_WINDOW}
 * bytes so a 1 MiB message never waits for a window update, and gRPC's default 4 MiB maximum message size.
 *
 * <p>Runs the null call, {@code obj ping(obj)} and the throughput call. The callback kernels and the star kernel
 * are not gRPC's model (a server calling back into a client object) or not unary, and are reported as not
 * supported; so are the primitive-argument and {@code void ping(obj)} kernels, which the comparison leaves out.
 */
public final class GrpcSystem extends JvmRmiSystem {
    /** The kernels this system runs. */
    static final Set<Kernel> SUPPORTED = EnumSet.of(Kernel.NULL_CALL, Kernel.OBJ_PING_OBJ, Kernel.THROUGHPUT);
    /** HTTP/2 flow-control window of both sides, in bytes. */
    static final int FLOW_CONTROL_WINDOW = 4 * 1024 * 1024;

    /** Keeps the server strongly reachable for the life of the server child. */
    private static volatile Server server;

    @Override
    public String name() {
        return "grpc";
    }

    @Override
    public String transport() {
        return "tcp";
    }

    @Override
    public boolean isRawBaseline() {
        return false;
    }

    @Override
    public boolean supports(BenchCase c) {
        return SUPPORTED.contains(c.kernel());
    }

    @Override
    protected String serve() throws Exception {
        Server s = NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .directExecutor()
                .flowControlWindow(FLOW_CONTROL_WINDOW)
                .maxInboundMessageSize(ProtoMarshaller.MAX_MESSAGE_BYTES)
                .addService(new BenchService().definition())
                .build()
                .start();
        server = s;
        return Integer.toString(s.getPort());
    }

    @Override
    protected ClientSession connect(String token) throws Exception {
        int port;
        try {
            port = Integer.parseInt(token);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("grpc token must be a port number, got " + token, e);
        }
        if (port <= 0 || port > 65535) {
            throw new IllegalArgumentException("grpc token must be a port number, got " + token);
        }
        ManagedChannel channel = NettyChannelBuilder
                .forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
                .usePlaintext()
                .directExecutor()
                .disableRetry()
                .flowControlWindow(FLOW_CONTROL_WINDOW)
                .maxInboundMessageSize(ProtoMarshaller.MAX_MESSAGE_BYTES)
                .build();
        GrpcClientSession session = new GrpcClientSession(channel);
        session.warmUp(WARM_UP_CALLS);
        return session;
    }

    /**
     * Null calls a session makes before the harness's own warm-up: gRPC's client and server take about 25,000 calls
     * to compile (from about 390 to about 70 µs a call, docs/PERFORMANCE-HISTORY.md), far more than the quick mode's warm-up
     * gives every system, and a cold baseline would flatter the others.
     */
    static final int WARM_UP_CALLS = 30_000;
}
