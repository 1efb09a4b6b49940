package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.registry.SharedRegistry;
import io.mobula.transport.Endpoint;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.rmi.Remote;
import java.security.SecureRandom;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Receiving a reference never makes this process connect to the address it names: a forged reference bound in the
 * registry does not turn the registry into a port scanner or a connection amplifier. The lease waits for the first
 * call through the reference.
 */
class ForgedReferenceTest {

    @Test
    void bindingAndLookingUpAForgedReferenceOpensNoConnection() throws Exception {
        try (ServerSocket bait = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            bait.setSoTimeout(1500);
            long vm = new SecureRandom().nextLong();
            long id = (1L << 40) + 77; // an ordinary object's id (those up to 65535 are registries, one per port)
            RemoteRef forged = new RemoteRef(vm, id, List.of(Endpoint.tcp("127.0.0.1", bait.getLocalPort())),
                    List.of("com.example.Vault"), new long[] {0x1234L}, null, null);
            Registry registry = LocateRegistry.getRegistry("127.0.0.1", SharedRegistry.port());
            registry.rebind("vault", new UnresolvedStub(forged));
            Remote back = registry.lookup("vault");
            assertEquals(new UnresolvedStub(forged), back);
            assertThrows(SocketTimeoutException.class, bait::accept,
                    "the registry (or the client) connected to the address the reference names");
            RmiRuntime rt = RmiRuntime.get();
            assertTrue(rt.dgc.holds(vm, id), "the lease is requested, only deferred");
            assertFalse(rt.connectionTo(vm) != null, "no connection to the forged VM");
            registry.unbind("vault");
        }
    }
}
