package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.rmi.FaultServiceImpl.Fresh;
import io.mobula.pool.PoolCoordinator;
import io.mobula.pool.PoolException;
import io.mobula.pool.PoolServer;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.Serializable;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The class filter and decoding limits a server sets in its RMI configuration (here through system properties) apply
 * to what its clients send: a denied class, an over-long array and sets whose hashing would run away fail their own
 * calls with java.rmi's ServerException(UnmarshalException); the connection and the other calls go on. The same holds
 * for every door that takes values over RMI: the server's registry ({@code bind}) and a standalone pool coordinator
 * ({@code ./mobula pool-server}, its directory's {@code publish}).
 */
class DecodingLimitsAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final List<String> POLICY = List.of("-Dmobula.classFilter.deny=" + Fresh.class.getName(),
            "-Dmobula.maxArrayLength=1000");
    private static ChildJvm server;
    private static ChildJvm poolServer;
    private static Registry registry;
    private static FaultService svc;

    @BeforeAll
    static void startServer() throws Exception {
        server = ChildJvm.start(FaultServerMain.class, POLICY);
        poolServer = ChildJvm.start(PoolServer.class, POLICY, "--port", "0");
        int port = Integer.parseInt(server.awaitLine("READY ", LIMIT).substring("READY ".length()).trim());
        registry = LocateRegistry.getRegistry("127.0.0.1", port);
        svc = (FaultService) registry.lookup("faults");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
        if (poolServer != null) {
            poolServer.close();
        }
    }

    /** Sets nested {@code depth} deep that share their children: cheap to build, 2^depth steps to rehash. */
    private static Set<Object> nestedSets(int depth) {
        Set<Object> root = new HashSet<>();
        Set<Object> s1 = root;
        Set<Object> s2 = new HashSet<>();
        for (int i = 0; i < depth; i++) { // filled after being hashed into their parents
            Set<Object> t1 = new HashSet<>(Set.of("x"));
            Set<Object> t2 = new HashSet<>();
            s1.add(t1);
            s1.add(t2);
            s2.add(t1);
            s2.add(t2);
            s1 = t1;
            s2 = t2;
        }
        return root;
    }

    /** The UnmarshalException inside the ServerException {@code call} fails with, whose message names {@code what}. */
    private static void refused(String what, org.junit.jupiter.api.function.Executable call) {
        ServerException e = assertThrows(ServerException.class, call);
        UnmarshalException u = assertInstanceOf(UnmarshalException.class, e.getCause(), e.toString());
        assertTrue(String.valueOf(u.getMessage()).contains(what) || String.valueOf(u.getCause()).contains(what),
                u + " / " + u.getCause());
    }

    @Test
    void aDeniedClassFailsItsCallOnly() throws Exception {
        ServerException e = assertThrows(ServerException.class, () -> svc.echo(new Fresh("denied", 1)));
        UnmarshalException u = assertInstanceOf(UnmarshalException.class, e.getCause());
        assertTrue(u.getMessage().contains(Fresh.class.getName()), u.getMessage());
        assertEquals(3, svc.add(1, 2), "the connection goes on");
        assertEquals("allowed", svc.echo("allowed"));
    }

    @Test
    void anArrayOverTheLimitFailsItsCallOnly() throws Exception {
        ServerException e = assertThrows(ServerException.class, () -> svc.echo(new int[1001]));
        assertInstanceOf(UnmarshalException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("1001"), e.getCause().getMessage());
        assertArrayEquals(new int[1000], (int[]) svc.echo(new int[1000]), "at the limit it travels");
    }

    @Test
    void setsSharingTheirChildrenFailTheirCallBeforeHashingRunsAway() throws Exception {
        Set<Object> root = nestedSets(60);
        ServerException e = assertThrows(ServerException.class, () -> svc.echo(root));
        assertInstanceOf(UnmarshalException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("maxHashWork"), e.getCause().getMessage());
        assertEquals(3, svc.add(1, 2), "the connection goes on");
    }

    @Test
    void theRegistryDecodesWhatItIsBoundThroughTheSamePolicy() throws Exception {
        refused("maxHashWork", () -> registry.rebind("bomb", new Parcel(nestedSets(60))));
        refused(Fresh.class.getName(), () -> registry.rebind("denied", new Parcel(new Fresh("denied", 1))));
        refused("1001", () -> registry.rebind("array", new Parcel(new int[1001])));
        assertEquals(List.of("faults"), List.of(registry.list()), "nothing was bound");
        registry.rebind("parcel", new Parcel(List.of(1, 2, 3)));
        assertEquals(List.of(1, 2, 3), ((Parcel) registry.lookup("parcel")).load(), "an honest value is bound");
        registry.unbind("parcel");
        assertEquals(3, svc.add(1, 2), "the server goes on");
    }

    @Test
    void aStandalonePoolCoordinatorDecodesWhatIsPublishedThroughTheSamePolicy() throws Exception {
        String line = poolServer.awaitLine("pool server listening on ", LIMIT);
        int port = Integer.parseInt(line.substring(line.lastIndexOf(':') + 1).trim());
        PoolCoordinator c = (PoolCoordinator) LocateRegistry.getRegistry("127.0.0.1", port)
                .lookup(PoolCoordinator.NAME);
        refused("maxHashWork", () -> c.publish("p", 0, "k", (Serializable) nestedSets(60)));
        refused(Fresh.class.getName(), () -> c.publish("p", 0, "k", new Fresh("denied", 1)));
        refused("1001", () -> c.publish("p", 0, "k", new int[1001]));
        // an honest value gets through decoding to the coordinator itself, which knows no pool "p"
        PoolException e = assertThrows(PoolException.class, () -> c.publish("p", 0, "k", "value"));
        assertTrue(e.getMessage().contains("no running pool"), e.getMessage());
    }
}
