package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.gmi.bin.Bin;
import io.mobula.gmi.bin.BinImpl;
import io.mobula.gmi.bin.Bin_GroupMethods;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/** Group invocations are visible in a JFR recording. */
class GroupInvocationEventTest {
    @Test
    void anInvocationIsRecordedWithItsSchemesAndOutcome() throws Exception {
        TestPool.get();
        Group.create("jfr-bins", Bin.class, 1);
        Group.join("jfr-bins", new BinImpl(), 0);
        Bin g = Group.lookup("jfr-bins", Bin.class);
        Group.findMethod(g, Bin_GroupMethods.ADD).configure(new SingleInvocation(0), new ReturnReply(0));
        Path file = Files.createTempFile("gmi", ".jfr");
        try (Recording r = new Recording()) {
            r.enable("io.mobula.gmi.Invocation");
            r.start();
            assertEquals(3, g.add(1, 2));
            try {
                g.add(-1, 0);
            } catch (java.io.IOException expected) {
                // recorded as thrown
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("io.mobula.gmi.Invocation")).toList();
        Files.deleteIfExists(file);
        assertEquals(2, events.size(), events.toString());
        assertEquals("jfr-bins", events.get(0).getString("group"));
        assertEquals("int add(int,int)", events.get(0).getString("method"));
        assertEquals("single(0)", events.get(0).getString("forwarding"));
        assertEquals("ok", events.get(0).getString("outcome"));
        assertTrue(events.get(1).getString("outcome").equals("thrown"), events.get(1).toString());
    }
}
