package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The heartbeat checks a peer only while a call waits for it: a connection nobody waits on stays silent (so its
 * receive thread can end and an idle cluster does not wake every second), and a long call still has its peer pinged.
 */
class IdleHeartbeatTest {

    @Test
    void anIdleConnectionIsNotPingedAndALongCallIs() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            int port;
            try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            }
            try (ChildJvm server = ChildJvm.start(FixedPortServerMain.class, List.of(), Integer.toString(port))) {
                server.awaitLine("READY", Duration.ofSeconds(30));
                Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
                TestService svc = (TestService) registry.lookup("svc");
                assertEquals(3, svc.add(1, 2));

                long before = Rmi.counters().heartbeatPings();
                Thread.sleep(3_500); // three and a half heartbeat ticks (mobula.heartbeatMs, 1 s) with nothing to wait for
                assertEquals(before, Rmi.counters().heartbeatPings(), "an idle connection was pinged");

                svc.sleep(3_500); // the server says nothing while it sleeps: the waiting call has it pinged
                long during = Rmi.counters().heartbeatPings() - before;
                assertTrue(during >= 1, "pings while a call waited 3.5 s: " + during);
                assertEquals(5, svc.add(2, 3), "the connection lives on");
            }
        });
    }
}
