package io.mobula.gmi;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mobula.serial.SerialException;
import java.util.ArrayList;
import java.util.List;

/**
 * GMI's messages: a one-way call to a process's {@link GroupPort} with hostile bytes, its header record
 * ({@link GroupMessages}) decoded by the port's dispatcher as the runtime does (an invocation's header travels as
 * bytes in its own layout, decoded by {@link InvokeHeader}), then its payload (a parameter vector, a result, a part)
 * decoded as the receiver does, with {@code Rmi.serialization().fromBytes}, and as a subtree's personalized parts
 * ({@link SubtreeParts}, each part decoded in place). Property: only {@link SerialException} (and, for an invocation
 * header or parts that do not check, {@link GroupException}), never because memory or stack ran out.
 *
 * <p>Input: method id (1), flags (1: bit 1 trailer, bit 2 little endian), then the argument bytes.
 */
class GroupPortFuzzTest {
    private static final GroupPort_MobulaDispatcher DISPATCHER = new GroupPort_MobulaDispatcher();

    /** Keeps what a call delivered, as the port adapter receives it. */
    static final class Captured implements GroupPort {
        final List<Object> headers = new ArrayList<>();
        final List<byte[]> payloads = new ArrayList<>();
        final List<byte[]> invokeHeaders = new ArrayList<>();

        @Override
        public void invoke(int rank, byte[] header, byte[] parameters) {
            headers.add(rank);
            invokeHeaders.add(header);
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
        Captured port = new Captured();
        io.mobula.rmi.PortCallFuzz.call(input, DISPATCHER, port, port.payloads);
        for (byte[] p : port.payloads) {
            // a scatter's parameters and personalized results: a subtree's parts, each a serialized message
            int parts;
            try {
                parts = p == null ? 0 : SubtreeParts.check(p);
            } catch (GroupException notParts) {
                continue; // the documented failure of parts that do not check: that message fails, nothing else
            }
            for (int i = 0; i < parts; i++) {
                try {
                    io.mobula.rmi.FuzzRuntime.serialization().read(java.nio.ByteBuffer.wrap(p,
                            SubtreeParts.offset(p, i), SubtreeParts.length(p, i)));
                } catch (SerialException refused) {
                    // a part that does not decode fails its own receiver
                }
            }
        }
        for (byte[] h : port.invokeHeaders) {
            try {
                InvokeHeader.decode(h, io.mobula.rmi.FuzzRuntime.serialization());
            } catch (GroupException malformed) {
                // the documented failure of a header that does not decode: that invocation fails, nothing else
            }
        }
    }
}
