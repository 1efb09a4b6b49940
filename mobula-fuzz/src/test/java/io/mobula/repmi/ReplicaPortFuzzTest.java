package io.mobula.repmi;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mobula.serial.SerialException;
import java.util.ArrayList;
import java.util.List;

/**
 * RepMI's messages: a call to a process's {@link ReplicaPort} with hostile bytes, its header records
 * ({@link RepmiMessages}) decoded by the port's dispatcher as the runtime does, then every payload it carries (write
 * arguments, logged entries) decoded as a replica does, with {@code Rmi.serialization().fromBytes}, and a snapshot
 * with {@link SnapshotCodec#decode}. Property: only {@link SerialException} (a refused snapshot: {@link CloudException}),
 * never because memory or stack ran out.
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
        public void publish(RepmiMessages.Submit header, byte[] payload, int[] relay) {
            RelaySubtree.valid(relay, 1 << 16, 0); // the relay's check of a range from the network
            payloads.add(payload);
        }

        @Override
        public void order(RepmiMessages.Deliver header, int[] relay) {
            RelaySubtree.valid(relay, 1 << 16, 0); // the relay's check of a range from the network
        }

        @Override
        public List<RepmiMessages.Entry> orders(long from, long to, int lost) {
            return List.of();
        }

        @Override
        public void deliver(RepmiMessages.Deliver header, byte[] payload) {
            payloads.add(payload);
        }

        @Override
        public byte[] payload(int origin, long call) {
            return null;
        }

        @Override
        public void progress(int rank, long seq, long budget) {
        }

        @Override
        public void install(int part, int parts, byte[] bytes) {
            if (part == 0 && parts == 1 && bytes != null) {
                try { // the snapshot's own encoding: refused with a reason, never by running out of memory or stack
                    SnapshotCodec.decode(bytes, io.mobula.rmi.FuzzRuntime.serialization(),
                            io.mobula.serial.ClassFilter.defaults(), ReplicaPortFuzzTest.class.getClassLoader());
                } catch (CloudException refused) {
                    // expected for most inputs
                }
            }
        }

        @Override
        public void joinRefused(String reason) {
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
        Captured port = new Captured();
        io.mobula.rmi.PortCallFuzz.call(input, DISPATCHER, port, port.payloads);
    }
}
