package io.mobula.repmi;

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
 * RepMI's messages: a call to a process's {@link ReplicaPort} with hostile bytes, its header records
 * ({@link RepmiMessages}) decoded by the port's dispatcher as the runtime does, then every payload it carries (write
 * arguments, a snapshot, logged entries) decoded as a replica does, with {@code Rmi.serialization().fromBytes}.
 * Property: only {@link SerialException}, never because memory or stack ran out.
 *
 * <p>Input: method id (1), flags (1: bit 1 trailer, bit 2 little endian), then the argument bytes.
 */
class ReplicaPortFuzzTest {
    private static final ReplicaPort_MobulaDispatcher DISPATCHER = new ReplicaPort_MobulaDispatcher();

    /** Keeps the payloads a call delivered, as the port adapter receives them. */
    static final class Captured implements ReplicaPort {
        final List<byte[]> payloads = new ArrayList<>();

        @Override
        public void submit(RepmiMessages.Submit header, byte[] payload) {
            payloads.add(payload);
        }

        @Override
        public void deliver(RepmiMessages.Deliver header, byte[] payload) {
            payloads.add(payload);
        }

        @Override
        public void progress(int rank, long seq) {
        }

        @Override
        public void install(byte[] snapshot) {
            payloads.add(snapshot);
        }

        @Override
        public long[] status(int epoch) {
            return new long[2];
        }

        @Override
        public List<RepmiMessages.Entry> fetch(long from, long to) {
            return List.of();
        }

        @Override
        public void redeliver(List<RepmiMessages.Entry> entries) {
            // the dispatcher checks that the argument is a List, not its elements (as java.rmi): an element of
            // another class fails the method itself, which the caller gets back as its exception
            if (entries != null) {
                for (Object e : entries) {
                    if (e instanceof RepmiMessages.Entry entry) {
                        payloads.add(entry.payload());
                    }
                }
            }
        }

        @Override
        public void resume(int epoch, int sequencer, long last) {
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
