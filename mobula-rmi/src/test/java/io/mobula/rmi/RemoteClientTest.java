package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** Which callers count as this host's (the registry's bind rule). */
class RemoteClientTest {

    private static boolean local(String host, String transport) {
        return new RemoteClient(host, 1, transport).fromLocalHost();
    }

    @Test
    void loopbackAndLocalInterfacesAreLocalOverTcp() throws Exception {
        assertTrue(local("127.0.0.1", "tcp"));
        assertTrue(local("127.0.0.2", "tcp"), "all of 127/8 is loopback");
        assertTrue(local("::1", "tcp"));
        assertTrue(local("0:0:0:0:0:0:0:1", "tcp"));
        for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                String literal = a.getHostAddress();
                assertTrue(local(literal, "tcp"), literal + " of " + ni.getName());
            }
        }
    }

    @Test
    void otherAddressesAreRemoteOverTcp() {
        assertFalse(local("192.0.2.7", "tcp"), "TEST-NET-1 is nobody's interface");
        assertFalse(local("198.51.100.1", "tcp"));
        assertFalse(local("2001:db8::1", "tcp"), "the IPv6 documentation prefix");
    }

    @Test
    void namesAreNeverLookedUpAndCountAsRemote() {
        assertNull(RemoteClient.parseLiteral("localhost"));
        assertNull(RemoteClient.parseLiteral("1.2.3"));
        assertFalse(local("localhost", "tcp"));
        assertEquals(InetAddress.getLoopbackAddress(), RemoteClient.parseLiteral("127.0.0.1"));
    }

    @Test
    void localCallsAndSharedMemoryAreThisHost() {
        assertTrue(local("192.0.2.7", "local"));
        assertTrue(local("192.0.2.7", "shm"));
    }
}
