package io.mobula.transport;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(30)
class ConnectionEventTest {

    @Test
    void closedConnectionsAreRecordedWithTheirCounters() throws Exception {
        Path file = Files.createTempFile("mobula-transport", ".jfr");
        try (Recording recording = new Recording(); Transport t = Transports.create("local")) {
            recording.enable("io.mobula.transport.Connection").withThreshold(Duration.ZERO);
            recording.start();
            Recorder server = new Recorder();
            Recorder client = new Recorder();
            Listener l = t.listen(Endpoint.local(""), server);
            Connection c = t.connect(l.endpoint(), client);
            c.send(ByteBuffer.allocate(10));
            c.send(ByteBuffer.allocate(5), ByteBuffer.allocate(7));
            server.nextFrame();
            server.nextFrame();
            c.close();
            client.nextClosed(Recorder.WAIT);
            server.nextClosed(Recorder.WAIT);
            recording.stop();
            recording.dump(file);
            List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals("io.mobula.transport.Connection")).toList();
            assertEquals(2, events.size(), events.toString());
            RecordedEvent sender = events.stream().filter(e -> e.getLong("framesSent") == 2).findFirst().orElseThrow();
            assertEquals(22, sender.getLong("bytesSent"));
            assertEquals("local", sender.getString("technology"));
            assertEquals("", sender.getString("cause"));
            RecordedEvent receiver = events.stream().filter(e -> e != sender).findFirst().orElseThrow();
            assertEquals(2, receiver.getLong("framesReceived"));
            assertEquals(22, receiver.getLong("bytesReceived"));
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
