package io.mobula.transport;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TransportsTest {

    @Test
    void createsBuiltInsByName() {
        assertTrue(Transports.names().containsAll(java.util.Set.of("tcp", "local")));
        TransportOptions o = TransportOptions.defaults().withBusyPoll(Duration.ofNanos(5_000));
        try (Transport t = Transports.create("tcp", o)) {
            assertEquals("tcp", t.name());
            assertEquals(o, t.options());
        }
        try (Transport t = Transports.create("local")) {
            assertEquals("local", t.name());
        }
        assertThrows(IllegalArgumentException.class, () -> Transports.create("carrier-pigeon"));
    }

    @Test
    void registersFurtherTechnologiesOnce() {
        Transports.register("test-extra", options -> Transports.create("local", options));
        assertTrue(Transports.names().contains("test-extra"));
        assertThrows(IllegalStateException.class, () -> Transports.register("test-extra", o -> null));
        assertThrows(IllegalStateException.class, () -> Transports.register("tcp", o -> null));
        assertThrows(IllegalArgumentException.class, () -> Transports.register("Bad Name", o -> null));
    }

    @Test
    void defaultsAreAsDocumented() {
        TransportOptions d = TransportOptions.defaults();
        assertEquals(64 << 20, d.maxFrameSize());
        assertEquals(Duration.ofNanos(20_000), d.busyPoll());
        assertTrue(d.tcpNoDelay());
        assertThrows(IllegalArgumentException.class, () -> d.withMaxFrameSize(-1));
        assertThrows(IllegalArgumentException.class, () -> d.withBusyPoll(Duration.ofNanos(-1)));
        assertThrows(IllegalArgumentException.class, () -> d.withBusyPoll(Duration.ofSeconds(2)));
        assertThrows(IllegalArgumentException.class, () -> d.withConnectTimeout(Duration.ZERO));
    }
}
