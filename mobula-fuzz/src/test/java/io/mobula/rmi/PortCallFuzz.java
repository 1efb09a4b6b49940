package io.mobula.rmi;

import io.mobula.fuzz.Oracle;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Feeds one fuzz input to a port's generated dispatcher as the arguments of one of its methods (byte 0: the method,
 * byte 1: flags: 2 a type-descriptor trailer, 4 little-endian), runs the decoded call on {@code port}, then decodes
 * the payloads the port captured as {@link Rmi#serialization()} would: what GMI's and RepMI's ports do with a peer's
 * bytes. Failures must be the documented ones ({@link Oracle}).
 */
public final class PortCallFuzz {
    private PortCallFuzz() {
    }

    /** Runs {@code input} against {@code port}; {@code payloads} are what the port captured. */
    public static void call(byte[] input, Dispatcher dispatcher, Object port, List<byte[]> payloads) throws Throwable {
        if (input.length < 2) {
            return;
        }
        int method = input[0] & 0xff;
        int flags = input[1];
        if (method >= dispatcher.methodCount()) {
            return;
        }
        SerialReader reader = FuzzRuntime.serialization().newReader();
        try {
            reader.beginMessage(ByteBuffer.wrap(input, 2, input.length - 2)
                    .order((flags & 4) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN), (flags & 2) != 0);
            dispatcher.decode(port, method, reader).invoke(new CallResult());
        } catch (SerialException e) {
            Oracle.serial(e);
            return;
        }
        for (byte[] payload : payloads) {
            if (payload == null) {
                continue;
            }
            try {
                FuzzRuntime.serialization().fromBytes(payload);
            } catch (SerialException e) {
                Oracle.serial(e);
            }
        }
    }
}
