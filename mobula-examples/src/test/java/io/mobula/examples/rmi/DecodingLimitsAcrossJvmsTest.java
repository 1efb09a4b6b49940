package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.rmi.FaultServiceImpl.Fresh;
import io.mobula.rmi.registry.LocateRegistry;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The class filter and decoding limits a server sets in its RMI configuration (here through system properties) apply
 * to what its clients send: a denied class and an over-long array fail their own calls with java.rmi's
 * ServerException(UnmarshalException); the connection and the other calls go on.
 */
class DecodingLimitsAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static ChildJvm server;
    private static FaultService svc;

    @BeforeAll
    static void startServer() throws Exception {
        server = ChildJvm.start(FaultServerMain.class, List.of(
                "-Dmobula.classFilter.deny=" + Fresh.class.getName(), "-Dmobula.maxArrayLength=1000"));
        int port = Integer.parseInt(server.awaitLine("READY ", LIMIT).substring("READY ".length()).trim());
        svc = (FaultService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("faults");
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
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
        java.util.Set<Object> root = new java.util.HashSet<>();
        java.util.Set<Object> s1 = root;
        java.util.Set<Object> s2 = new java.util.HashSet<>();
        for (int i = 0; i < 60; i++) { // filled after being hashed into their parents: cheap to build, 2^60 to rehash
            java.util.Set<Object> t1 = new java.util.HashSet<>(java.util.Set.of("x"));
            java.util.Set<Object> t2 = new java.util.HashSet<>();
            s1.add(t1);
            s1.add(t2);
            s2.add(t1);
            s2.add(t2);
            s1 = t1;
            s2 = t2;
        }
        ServerException e = assertThrows(ServerException.class, () -> svc.echo(root));
        assertInstanceOf(UnmarshalException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("maxHashWork"), e.getCause().getMessage());
        assertEquals(3, svc.add(1, 2), "the connection goes on");
    }
}
