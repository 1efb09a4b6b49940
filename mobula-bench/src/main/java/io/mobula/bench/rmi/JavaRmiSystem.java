package io.mobula.bench.rmi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.Base64;

/**
 * Standard java.rmi: {@link UnicastRemoteObject} with JDK serialization over TCP. The server exports
 * {@link BenchRemoteImpl} on an ephemeral 127.0.0.1 port and hands the client its stub directly, serialized and
 * Base64-encoded in the READY line, instead of through a registry: {@code LocateRegistry.createRegistry(0)} does
 * not reveal its port, and the stub carries the endpoint anyway. {@link MobulaSocketsRmiSystem} runs the same code
 * with java.rmi's default sockets replaced through a Java agent.
 */
public class JavaRmiSystem extends JvmRmiSystem {
    /** Keeps the exported object strongly reachable for the life of the server. */
    private static volatile BenchRemoteImpl exported;

    @Override
    public String name() {
        return "java.rmi";
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
    protected String serve() throws Exception {
        BenchRemoteImpl impl = new BenchRemoteImpl();
        BenchRemote stub = (BenchRemote) UnicastRemoteObject.exportObject(impl, 0, null, serverSockets());
        exported = impl;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(stub);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    @Override
    protected ClientSession connect(String token) throws Exception {
        BenchRemote stub;
        byte[] bytes = Base64.getDecoder().decode(token);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            stub = (BenchRemote) in.readObject();
        }
        connected(stub);
        return new RemoteApiSession(stub, cb -> (BenchCallback) UnicastRemoteObject.exportObject(cb, 0, null,
                serverSockets()));
    }

    /**
     * The listening sockets of exported objects (server and callbacks): bound to 127.0.0.1; null would be java.rmi's
     * default, its installed {@link java.rmi.server.RMISocketFactory}.
     */
    protected RMIServerSocketFactory serverSockets() {
        return LoopbackServerSocketFactory.INSTANCE;
    }

    /** Called with the client's stub before any case runs; a subclass may check how calls travel. */
    protected void connected(BenchRemote stub) throws Exception {
    }
}
