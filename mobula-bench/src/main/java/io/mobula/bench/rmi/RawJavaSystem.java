package io.mobula.bench.rmi;

/**
 * Raw Java baseline: a ping-pong over blocking NIO socket channels (TCP_NODELAY, direct buffers) that carries the
 * same bytes per call as an RMI would carry as payload, and nothing else (see {@link RawProtocol}).
 */
public final class RawJavaSystem extends JvmRmiSystem {
    /** Keeps the listener reachable for the life of the server. */
    private static volatile RawServer server;

    @Override
    public String name() {
        return "raw-java";
    }

    @Override
    public String transport() {
        return "tcp";
    }

    @Override
    public boolean isRawBaseline() {
        return true;
    }

    @Override
    protected String serve() throws Exception {
        server = RawServer.start();
        return "127.0.0.1:" + server.port();
    }

    @Override
    protected ClientSession connect(String token) throws Exception {
        return RawClientSession.connect(token);
    }
}
