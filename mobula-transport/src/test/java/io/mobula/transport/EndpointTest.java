package io.mobula.transport;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class EndpointTest {

    @Test
    void parsesAndFormatsEveryForm() {
        assertEquals(new Endpoint("tcp", "127.0.0.1", 4000, null), Endpoint.parse("tcp://127.0.0.1:4000"));
        assertEquals(new Endpoint("tcp", "::1", 7, null), Endpoint.parse("tcp://[::1]:7"));
        assertEquals(new Endpoint("local", null, 0, "node-3"), Endpoint.parse("local://node-3"));
        assertEquals(new Endpoint("shm", null, 0, "/dev/shm/mobula-1"), Endpoint.parse("shm:///dev/shm/mobula-1"));
        for (String s : new String[] {"tcp://127.0.0.1:4000", "tcp://[::1]:7", "tcp://host.example:0",
                "local://node-3", "local://a/peer-5", "shm:///dev/shm/mobula-1"}) {
            assertEquals(s, Endpoint.parse(s).toString());
        }
        assertEquals("tcp://[fe80::1]:9", Endpoint.tcp("fe80::1", 9).toString());
        assertNull(Endpoint.local("x").host());
        assertEquals("", Endpoint.parse("local://").path()); // "any name" when listening
    }

    @Test
    void refusesMalformedEndpoints() {
        for (String s : new String[] {"127.0.0.1:4000", "://x", "TCP://h:1", "tcp://h:70000"}) {
            assertThrows(IllegalArgumentException.class, () -> Endpoint.parse(s), s);
        }
        assertThrows(IllegalArgumentException.class, () -> new Endpoint("tcp", "h", 1, "/p"));
        assertThrows(IllegalArgumentException.class, () -> new Endpoint("local", null, 3, "x"));
        assertThrows(IllegalArgumentException.class, () -> Endpoint.local("host:12"));
    }
}
