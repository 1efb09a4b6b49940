package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.System.Logger.Level;
import org.junit.jupiter.api.Test;

/** What a layer's port adapter does with a message that fails ({@link PortInbound}). */
class PortInboundTest {
    @Test
    void aFailedMessageIsCountedAndRefusalsAreCountedApart() {
        java.util.logging.Logger quiet = java.util.logging.Logger.getLogger("io.mobula.pool.PortInboundTest.quiet");
        quiet.setLevel(java.util.logging.Level.OFF); // the lines are what a peer's bad bytes cause, not this test's
        PortInbound in = new PortInbound(System.getLogger(quiet.getName()));
        in.refused("a header that does not decode");
        in.refused("another");
        in.failed(Level.DEBUG, "a message the runtime could not take in", new IllegalStateException("test"));
        assertEquals(2, in.refused());
        assertEquals(1, in.failed());
    }
}
