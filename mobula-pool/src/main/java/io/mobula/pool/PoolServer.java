package io.mobula.pool;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.RegistryAccess;
import io.mobula.rmi.RmiConfig;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * A pool coordinator served by this process: the standalone {@code ./mobula pool-server [--host H] [--port N]}, the
 * {@code mobula run} launcher, or rank 0 with {@code mobula.pool.bootstrap=rank0}. The coordinator is an ordinary
 * Mobula remote object bound in this process's registry under {@link PoolCoordinator#NAME}.
 */
public final class PoolServer {
    /** The port a pool server uses when none is given. */
    public static final int DEFAULT_PORT = 1100;

    private final PoolCoordinatorImpl impl;
    private final Registry registry;
    private final int port;

    private PoolServer(PoolCoordinatorImpl impl, Registry registry, int port) {
        this.impl = impl;
        this.registry = registry;
        this.port = port;
    }

    /**
     * Serves a coordinator from this process on {@code port} (0: any free port), through this process's registry
     * (created here; a process has one registry).
     *
     * @param lease the members' lease: the failure detection is {@link FailureDetection#forLease forLease(lease)}
     */
    public static PoolServer start(int port, Duration lease) throws RemoteException {
        return start(port, FailureDetection.forLease(lease));
    }

    /**
     * Serves a coordinator from this process on {@code port} (0: any free port) that tells dead members from slow
     * ones as {@code detection} says.
     */
    public static synchronized PoolServer start(int port, FailureDetection detection) throws RemoteException {
        PoolCoordinatorImpl impl = new PoolCoordinatorImpl(detection);
        Registry reg = LocateRegistry.createRegistry(port);
        try {
            PoolCoordinator stub = (PoolCoordinator) Rmi.export(impl);
            reg.rebind(PoolCoordinator.NAME, stub);
        } catch (RemoteException | RuntimeException e) {
            impl.shutdown();
            throw e;
        }
        return new PoolServer(impl, reg, LocateRegistry.localPort());
    }

    /** The port clients reach the coordinator on. */
    public int port() {
        return port;
    }

    /** Stops the lease reaper and withdraws the coordinator and the registry. */
    public void close() {
        impl.shutdown();
        Rmi.unexport(impl, true);
        RegistryAccess.unexport(registry);
    }

    /** How many members of {@code pool} have joined it so far (0 for a pool nobody joined). */
    public int joined(String pool) {
        return impl.joined(pool);
    }

    /** Waits until every member of {@code pool} has left or died, at most {@code timeout}; whether they did. */
    boolean awaitEmpty(String pool, Duration timeout) throws InterruptedException {
        return impl.awaitEmpty(pool, timeout);
    }

    /** {@code ./mobula pool-server [--host HOST] [--port PORT] [--lease-ms MS] [--phi PHI] [--confirm-ms MS]}. */
    public static void main(String[] args) throws InterruptedException {
        String host = System.getProperty("mobula.host", "127.0.0.1");
        int port = DEFAULT_PORT;
        long leaseMs = PoolOptions.DEFAULT_LEASE.toMillis();
        Double phi = null;
        Long confirmMs = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            try {
                switch (a) {
                    case "--host" -> host = need(a, v);
                    case "--port" -> port = Integer.parseInt(need(a, v));
                    case "--lease-ms" -> leaseMs = Long.parseLong(need(a, v));
                    case "--phi" -> phi = Double.parseDouble(need(a, v));
                    case "--confirm-ms" -> confirmMs = Long.parseLong(need(a, v));
                    case "-h", "--help" -> {
                        System.out.println(USAGE);
                        return;
                    }
                    default -> throw new IllegalArgumentException("unknown argument: " + a);
                }
            } catch (IllegalArgumentException e) {
                System.err.println("mobula pool-server: " + e.getMessage());
                System.err.println(USAGE);
                System.exit(2);
            }
            i++;
        }
        try {
            RmiConfig d = RmiConfig.fromSystemProperties();
            Rmi.configure(d.withHost(host).withPort(port));
            FailureDetection detection = FailureDetection.forLease(Duration.ofMillis(leaseMs));
            if (phi != null) {
                detection = detection.withThreshold(phi);
            }
            if (confirmMs != null) {
                detection = detection.withConfirmTimeout(Duration.ofMillis(confirmMs));
            }
            PoolServer s = start(port, detection);
            System.out.println("pool server listening on mobula://" + host + ":" + s.port());
            System.out.flush();
        } catch (RemoteException | RuntimeException e) {
            System.err.println("mobula pool-server: " + e.getMessage());
            System.exit(1);
        }
        new CountDownLatch(1).await();
    }

    private static final String USAGE = "usage: mobula pool-server [--host HOST] [--port PORT] [--lease-ms MS]"
            + " [--phi PHI] [--confirm-ms MS]"
            + "   (default 127.0.0.1:" + DEFAULT_PORT + "; port 0 picks a free one)";

    private static String need(String flag, String v) {
        if (v == null) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return v;
    }
}
