package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The writer's steady state (warm buffer, handle and type tables) allocates nothing per message. */
class HotPathTest {

    static volatile Object sink;

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void writingAWarmGraphDoesNotAllocate() throws Exception {
        GeneratedLookupTest.Gen[] chain = new GeneratedLookupTest.Gen[200];
        for (int i = 0; i < chain.length; i++) {
            chain[i] = new GeneratedLookupTest.Gen();
            chain[i].value = i;
            chain[i].self = i == 0 ? chain[i] : chain[i - 1];
        }
        SerialWriter w = RoundTripTest.SER.newWriter();
        Runnable message = () -> {
            try {
                w.beginMessage();
                for (GeneratedLookupTest.Gen g : chain) {
                    w.writeObject(g);
                    w.writeObject(g); // handle
                    w.writeInt(g.value);
                    w.writeString("latin-1 value");
                    w.writeVarInt(g.value);
                }
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        };
        SerialReader r = RoundTripTest.SER.newReader();
        message.run();
        r.beginMessage(ByteBuffer.wrap(w.buffer().array().clone(), 0, w.size()).order(w.byteOrder()));
        assertEquals(0, r.readObject(GeneratedLookupTest.Gen.class).value); // learns the type id
        for (int i = 0; i < 2000; i++) {
            message.run();
        }
        long before = allocated();
        for (int i = 0; i < 1000; i++) {
            message.run();
        }
        long perMessage = (allocated() - before) / 1000;
        long probe = allocated();
        sink = new byte[100_000];
        assertTrue(allocated() - probe >= 100_000, "allocation counter works");
        assertTrue(perMessage < 64, "allocated " + perMessage + " bytes per message");
        // the same reader decodes the last message: it carries no descriptor any more
        ByteBuffer b = w.buffer();
        r.beginMessage(b);
        GeneratedLookupTest.Gen first = r.readObject(GeneratedLookupTest.Gen.class);
        assertEquals(0, first.value);
    }

    record Money(long cents) {}

    static final class MoneySerializer implements Serializer<Money> {
        @Override
        public Class<Money> type() {
            return Money.class;
        }

        @Override
        public long fingerprint() {
            return Fingerprint.of("custom money");
        }

        @Override
        public void write(SerialWriter out, Money v) throws IOException {
            out.writeVarLong(v.cents());
        }

        @Override
        public Money read(SerialReader in) throws IOException {
            return new Money(in.readVarLong());
        }
    }

    static final class ShoutingStrings implements Serializer<String> {
        @Override
        public Class<String> type() {
            return String.class;
        }

        @Override
        public long fingerprint() {
            return 1;
        }

        @Override
        public void write(SerialWriter out, String v) throws IOException {
            out.writeString(v.toUpperCase());
        }

        @Override
        public String read(SerialReader in) throws IOException {
            return in.readString();
        }
    }

    @Test
    void explicitlyRegisteredSerializersWin() throws Exception {
        Serialization s = Serialization.builder().register(new MoneySerializer()).register(new ShoutingStrings())
                .build();
        assertEquals(new Money(12345), s.fromBytes(s.toBytes(new Money(12345))));
        assertEquals("ABC", s.fromBytes(s.toBytes("abc")));
        assertTrue(!Serialization.fallbackClasses().containsKey(Money.class));
    }
}
