package io.mobula.rmi.registry;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serializer;
import java.io.IOException;

/**
 * A hand-written serializer for {@link CorruptStreamTest.Garbled}: it writes one object (null), or, while
 * {@link CorruptStreamTest#garble} is set, a byte that is no object tag in its place.
 */
public final class CorruptStreamTest_Garbled_MobulaSerializer implements Serializer<CorruptStreamTest.Garbled> {
    /** Object tag 9 is not used by the wire format. */
    private static final byte BAD_TAG = 9;

    @Override
    public Class<CorruptStreamTest.Garbled> type() {
        return CorruptStreamTest.Garbled.class;
    }

    @Override
    public long fingerprint() {
        return 0x6172_626c_6564L;
    }

    @Override
    public void write(SerialWriter out, CorruptStreamTest.Garbled value) throws IOException {
        if (CorruptStreamTest.garble) {
            out.writeByte(BAD_TAG);
        } else {
            out.writeObject(null);
        }
    }

    @Override
    public CorruptStreamTest.Garbled read(SerialReader in) throws IOException {
        CorruptStreamTest.Garbled g = new CorruptStreamTest.Garbled();
        in.register(g);
        in.readObject();
        return g;
    }
}
