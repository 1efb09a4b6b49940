package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.registry.SharedRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

class CallEventTest {

    @Test
    void callsMadeAndServedAreRecorded() throws Exception {
        int port = SharedRegistry.port();
        Registry remote = LocateRegistry.getRegistry("127.0.0.1", port);
        Path file = Files.createTempFile("mobula-calls", ".jfr");
        try (Recording r = new Recording()) {
            r.enable("io.mobula.rmi.Call");
            r.start();
            remote.list();
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("io.mobula.rmi.Call")).toList();
        Files.deleteIfExists(file);
        assertTrue(events.stream().anyMatch(e -> e.getString("side").equals("client")
                && e.getString("remoteInterface").equals(Registry.class.getName())
                && e.getString("outcome").equals("ok") && e.getLong("bytes") > 0), events.toString());
        assertTrue(events.stream().anyMatch(e -> e.getString("side").equals("server")), events.toString());
        assertTrue(Rmi.counters().callsMade() > 0 && Rmi.counters().callsServed() > 0, Rmi.counters().toString());
    }
}
