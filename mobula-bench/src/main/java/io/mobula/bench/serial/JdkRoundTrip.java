package io.mobula.bench.serial;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * JDK serialization as java.rmi uses it: a fresh {@link ObjectOutputStream}/{@link ObjectInputStream} per
 * message (so class descriptors are sent every time), over byte array streams whose storage is reused.
 */
final class JdkRoundTrip implements RoundTrip {
    private final Out out = new Out();
    private final In in = new In();

    @Override
    public Object roundTrip(Object graph) throws IOException, ClassNotFoundException {
        out.reset();
        try (ObjectOutputStream oos = new ObjectOutputStream(out)) {
            oos.writeObject(graph);
        }
        in.reset(out.array(), out.size());
        try (ObjectInputStream ois = new ObjectInputStream(in)) {
            return ois.readObject();
        }
    }

    /** Exposes the backing array so the input side can read it without a copy. */
    private static final class Out extends ByteArrayOutputStream {
        Out() {
            super(4096);
        }

        byte[] array() {
            return buf;
        }
    }

    /** Re-pointable input stream, so no stream object is allocated per message. */
    private static final class In extends ByteArrayInputStream {
        In() {
            super(new byte[0]);
        }

        void reset(byte[] data, int length) {
            buf = data;
            pos = 0;
            mark = 0;
            count = length;
        }
    }
}
