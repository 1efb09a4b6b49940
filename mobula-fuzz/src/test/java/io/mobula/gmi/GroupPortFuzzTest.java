package io.mobula.gmi;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mobula.fuzz.Oracle;
import io.mobula.rmi.CallResult;
import io.mobula.rmi.FuzzRuntime;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * GMI's messages: a one-way call to a process's {@link GroupPort} with hostile bytes, its header record
 * ({@link GroupMessages}) decoded by the port's dispatcher as the runtime does, then its payload (a parameter vector,
 * a result, a part) decoded as the receiver does, with {@code Rmi.serialization().fromBytes}. Property: only
 * {@link SerialException}, never because memory or stack ran out.
 *
 * <p>Input: method id (1), flags (1: bit 1 trailer, bit 2 little endian), then the argument bytes.
 */
class GroupPortFuzzTest {
    private static final GroupPort_MobulaDispatcher DISPATCHER = new GroupPort_MobulaDispatcher();

    /** Keeps what a call delivered, as the port adapter receives it. */
    static final class Captured implements GroupPort {
        final List<Object> headers = new ArrayList<>();
        final List<byte[]> payloads = new ArrayList<>();

        @Override
        public void invoke(GroupMessages.Invoke header, byte[] parameters) {
            headers.add(header);
            payloads.add(parameters);
        }

        @Override
        public void reply(GroupMessages.Reply header, byte[] value) {
            headers.add(header);
            payloads.add(value);
        }

        @Override
        public void part(GroupMessages.Part header, byte[] value) {
            headers.add(header);
            payloads.add(value);
        }
    }

    @FuzzTest
    void call(byte[] input) throws Throwable {
        if (input.length < 2) {
            return;
        }
        int method = input[0] & 0xff;
        int flags = input[1];
        if (method >= DISPATCHER.methodCount()) {
            return;
        }
        Captured port = new Captured();
        SerialReader reader = FuzzRuntime.serialization().newReader();
        try {
            reader.beginMessage(ByteBuffer.wrap(input, 2, input.length - 2)
                    .order((flags & 4) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN), (flags & 2) != 0);
            DISPATCHER.decode(port, method, reader).invoke(new CallResult());
        } catch (SerialException e) {
            Oracle.serial(e);
            return;
        }
        for (byte[] payload : port.payloads) {
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
