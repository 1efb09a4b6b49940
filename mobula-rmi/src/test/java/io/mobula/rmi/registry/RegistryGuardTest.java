package io.mobula.rmi.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.Clients;
import io.mobula.rmi.RemoteClient;
import java.rmi.AccessException;
import java.rmi.Remote;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * As in java.rmi, only callers on the registry's host may bind, rebind and unbind; lookup and list stay open, and
 * trusted remote binders can be named.
 */
class RegistryGuardTest {
    private static final RemoteClient IMPOSTOR = new RemoteClient("192.0.2.7", 42, "tcp");
    private static final RemoteClient FRIEND = new RemoteClient("198.51.100.9", 43, "tcp");

    private static final Remote GENUINE = new Remote() {
    };
    private static final Remote FAKE = new Remote() {
    };

    @Test
    void aRemoteBinderCannotReplaceUnbindOrAddNames() throws Exception {
        RegistryImpl registry = new RegistryImpl(List.of());
        registry.rebind("bank", GENUINE); // the genuine server, on this host
        AccessException e = assertThrows(AccessException.class,
                () -> Clients.as(IMPOSTOR, () -> {
                    registry.rebind("bank", FAKE);
                    return null;
                }));
        assertTrue(e.getMessage().contains("Registry.rebind disallowed"), e.getMessage());
        assertTrue(e.getMessage().contains("192.0.2.7"), e.getMessage());
        assertThrows(AccessException.class, () -> Clients.as(IMPOSTOR, () -> {
            registry.unbind("bank");
            return null;
        }));
        assertThrows(AccessException.class, () -> Clients.as(IMPOSTOR, () -> {
            registry.bind("other", FAKE);
            return null;
        }));
        // lookup and list stay open, and the binding is the genuine one
        assertSame(GENUINE, Clients.as(IMPOSTOR, () -> registry.lookup("bank")));
        assertEquals(List.of("bank"), Clients.as(IMPOSTOR, () -> Arrays.asList(registry.list())));
    }

    @Test
    void callersOnThisHostMayBind() throws Exception {
        RegistryImpl registry = new RegistryImpl(List.of());
        for (RemoteClient c : List.of(new RemoteClient("127.0.0.1", 1, "tcp"), new RemoteClient("::1", 2, "tcp"),
                new RemoteClient("192.0.2.7", 3, "shm"), new RemoteClient("127.0.0.1", 4, "local"))) {
            Clients.as(c, () -> {
                registry.rebind("n", GENUINE);
                registry.unbind("n");
                return null;
            });
        }
    }

    @Test
    void trustedRemoteBindersAreAllowed() throws Exception {
        RegistryImpl some = new RegistryImpl(List.of("198.51.100.9"));
        Clients.as(FRIEND, () -> {
            some.rebind("n", GENUINE);
            return null;
        });
        assertThrows(AccessException.class, () -> Clients.as(IMPOSTOR, () -> {
            some.rebind("n", FAKE);
            return null;
        }));
        RegistryImpl any = new RegistryImpl(List.of("*"));
        Clients.as(IMPOSTOR, () -> {
            any.rebind("n", FAKE);
            return null;
        });
        assertThrows(IllegalArgumentException.class, () -> new RegistryImpl(List.of("no-such-host.invalid")));
    }

    @Test
    void theSystemPropertyNamesTrustedBinders() {
        String old = System.getProperty(RegistryImpl.ALLOW_REMOTE_BIND);
        try {
            System.clearProperty(RegistryImpl.ALLOW_REMOTE_BIND);
            assertEquals(List.of(), List.copyOf(RegistryImpl.remoteBindersFromSystemProperty()));
            System.setProperty(RegistryImpl.ALLOW_REMOTE_BIND, "false");
            assertEquals(List.of(), List.copyOf(RegistryImpl.remoteBindersFromSystemProperty()));
            System.setProperty(RegistryImpl.ALLOW_REMOTE_BIND, "true");
            assertEquals(List.of("*"), List.copyOf(RegistryImpl.remoteBindersFromSystemProperty()));
            System.setProperty(RegistryImpl.ALLOW_REMOTE_BIND, "198.51.100.9,198.51.100.10");
            assertEquals(List.of("198.51.100.9", "198.51.100.10"),
                    List.copyOf(RegistryImpl.remoteBindersFromSystemProperty()));
        } finally {
            if (old == null) {
                System.clearProperty(RegistryImpl.ALLOW_REMOTE_BIND);
            } else {
                System.setProperty(RegistryImpl.ALLOW_REMOTE_BIND, old);
            }
        }
    }

    @Test
    void aCallOverLoopbackTcpMayBind() throws Exception {
        // a registry stub from getRegistry does not know the VM id of its process, so even in this process its
        // calls go over a TCP connection (from 127.0.0.1), never through the local short-cut
        Registry remote = LocateRegistry.getRegistry("127.0.0.1", SharedRegistry.port());
        remote.rebind("guard-tcp", remote);
        assertEquals(remote, remote.lookup("guard-tcp"));
        remote.unbind("guard-tcp");
    }
}
