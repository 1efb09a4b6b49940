package io.mobula.bench.serial;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;

import java.io.IOException;

/**
 * Mobula in its streaming form, the way the RMI layer uses it: one writer/reader pair per peer whose type
 * tables persist across messages, while {@code beginMessage} resets only the handle tables (KaRMI paper,
 * section 3: the two kinds of reset). Not the self-contained {@code toBytes} form, which re-sends its type
 * table every time. The reader reads the writer's buffer in place, as it would read a received frame.
 */
final class MobulaRoundTrip implements RoundTrip {
    private final SerialWriter writer;
    private final SerialReader reader;

    MobulaRoundTrip(Serialization serialization) {
        writer = serialization.newWriter();
        reader = serialization.newReader();
    }

    @Override
    public Object roundTrip(Object graph) throws IOException {
        writer.beginMessage();
        writer.writeObject(graph);
        reader.beginMessage(writer.buffer()); // buffer() carries the writer's byte order
        return reader.readObject();
    }
}
