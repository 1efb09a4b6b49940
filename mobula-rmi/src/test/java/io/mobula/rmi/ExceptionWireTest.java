package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import java.io.IOException;
import java.io.Serial;
import java.nio.ByteBuffer;
import java.rmi.server.ExportException;
import org.junit.jupiter.api.Test;

/**
 * Exceptions through the RMI serialization as a connection uses it: one writer and one reader whose type tables
 * persist across messages. A class the reader's filter refuses fails that message with a clear SerialException, and
 * the pair goes on working.
 */
class ExceptionWireTest {
    private final Serialization rmi = RmiSerialization.create(RmiRuntime.get());
    private final SerialWriter out = rmi.newWriter();
    private final SerialReader in = rmi.newReader();

    /** Only a (long) constructor, package-private. */
    static final class Shortfall extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;
        final long missing;

        Shortfall(long missing) {
            super("short by " + missing);
            this.missing = missing;
        }
    }

    private Object roundTrip(Object o) throws IOException {
        out.beginMessage();
        out.writeObject(o);
        ByteBuffer b = out.buffer();
        in.beginMessage(b.duplicate().order(b.order()));
        return in.readObject();
    }

    @Test
    void anExceptionWhoseClassTheFilterRefusesFailsClearlyAndTheNextMessageWorks() throws IOException {
        // java.rmi.server.** is on the default deny list
        SerialException e = assertThrows(SerialException.class,
                () -> roundTrip(new ExportException("export failed")));
        assertTrue(e.getMessage().contains("java.rmi.server.ExportException"), e.getMessage());
        Shortfall s = assertInstanceOf(Shortfall.class, roundTrip(new Shortfall(12)));
        assertEquals(12, s.missing);
        assertEquals("short by 12", s.getMessage());
    }

    @Test
    void aRefusedClassAsTheCauseFailsTheWholeException() {
        SerialException e = assertThrows(SerialException.class,
                () -> roundTrip(new IllegalStateException("outer", new ExportException("inner"))));
        assertTrue(e.getMessage().contains("java.rmi.server.ExportException"), e.getMessage());
    }

    @Test
    void theSameExceptionTypeTwiceUsesTheTypeTableOfThePair() throws IOException {
        for (int i = 1; i <= 3; i++) {
            Shortfall s = assertInstanceOf(Shortfall.class, roundTrip(new Shortfall(i)));
            assertEquals(i, s.missing);
        }
    }
}
