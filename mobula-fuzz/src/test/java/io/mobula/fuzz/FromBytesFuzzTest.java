package io.mobula.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;

/**
 * {@link Serialization#fromBytes} with the default settings (default class filter: any serializable class on the
 * class path but the known gadgets), as a standalone message from the network. Property: it decodes or throws
 * {@link SerialException}, never because memory or stack ran out.
 */
class FromBytesFuzzTest {
    private static final Serialization SERIALIZATION = Serialization.defaults();

    @FuzzTest
    void fromBytes(byte[] input) {
        try {
            SERIALIZATION.fromBytes(input);
        } catch (SerialException e) {
            Oracle.serial(e);
        }
    }
}
