package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResolverTest {

    /** Not Serializable: only the resolver makes it travel, as its id. */
    static final class Handle {
        final int id;

        Handle(int id) {
            this.id = id;
        }
    }

    /** What a Handle is replaced with. */
    record Token(int id) implements Serializable {
    }

    /** A family of classes served by one resolver-provided serializer. */
    static class Named implements Serializable {
        transient String name = "";
    }

    static final class NamedA extends Named {
    }

    static final class NamedSerializer<T extends Named> implements Serializer<T> {
        private final Class<T> type;

        NamedSerializer(Class<T> type) {
            this.type = type;
        }

        @Override
        public Class<T> type() {
            return type;
        }

        @Override
        public long fingerprint() {
            return Fingerprint.of(type.getName(), "name");
        }

        @Override
        public void write(SerialWriter out, T value) throws IOException {
            out.writeString(value.name);
        }

        @Override
        public T read(SerialReader in) throws IOException {
            try {
                T t = type.getDeclaredConstructor().newInstance();
                in.register(t);
                t.name = in.readString();
                return t;
            } catch (ReflectiveOperationException e) {
                throw new SerialException(e.toString());
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Serialization withResolver() {
        return Serialization.builder().resolver(c -> {
            if (c == Handle.class) {
                return Serialization.replacing(Handle.class, h -> new Token(h.id));
            }
            if (Named.class.isAssignableFrom(c)) {
                return new NamedSerializer(c);
            }
            return null;
        }).build();
    }

    @Test
    void replacedObjectsTravelAsTheirReplacementAndKeepSharing() throws IOException {
        Serialization ser = withResolver();
        Handle h = new Handle(7);
        List<Object> in = new ArrayList<>(List.of(h, h, "x"));
        @SuppressWarnings("unchecked")
        List<Object> out = (List<Object>) ser.fromBytes(ser.toBytes(in));
        assertEquals(new Token(7), out.get(0));
        assertSame(out.get(0), out.get(1), "both references to one replaced object decode to one replacement");
    }

    @Test
    void resolverServesAWholeFamily() throws IOException {
        Serialization ser = withResolver();
        NamedA a = new NamedA();
        a.name = "alpha";
        NamedA back = (NamedA) ser.fromBytes(ser.toBytes(a));
        assertEquals("alpha", back.name, "the transient field travelled, so the resolver's serializer was used");
        assertTrue(Serialization.fallbackClasses().keySet().stream().noneMatch(c -> c == NamedA.class));
    }

    @Test
    void withoutTheResolverTheClassIsRefused() {
        SerialException e = assertThrows(SerialException.class,
                () -> Serialization.defaults().toBytes(new Handle(1)));
        assertTrue(e.getMessage().contains("Handle"), e.getMessage());
    }

    /** Writes any Named under the name of Named itself; the reader rebuilds a NamedA. */
    static final class UnderSuperclass implements Serializer<Named> {
        @Override
        public Class<Named> type() {
            return Named.class;
        }

        @Override
        public long fingerprint() {
            return Fingerprint.of(Named.class.getName(), "family");
        }

        @Override
        public void write(SerialWriter out, Named value) throws IOException {
            out.writeString(value.name);
        }

        @Override
        public Named read(SerialReader in) throws IOException {
            NamedA a = new NamedA();
            in.register(a);
            a.name = in.readString();
            return a;
        }
    }

    @Test
    void aSerializerForASuperclassWritesTheSubclassUnderTheSuperclassName() throws IOException {
        Serialization ser = Serialization.builder()
                .resolver(c -> Named.class.isAssignableFrom(c) ? new UnderSuperclass() : null).build();
        Named anonymous = new Named() {
        };
        anonymous.name = "beta";
        byte[] bytes = ser.toBytes(anonymous);
        String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(text.contains(Named.class.getName()), "the superclass is named on the wire");
        assertTrue(!text.contains(anonymous.getClass().getName()), "the subclass is not named on the wire");
        Named back = (Named) ser.fromBytes(bytes);
        assertEquals(NamedA.class, back.getClass());
        assertEquals("beta", back.name);
    }

    @Test
    void aSerializerForAnUnrelatedClassIsRefused() {
        Serialization ser = Serialization.builder()
                .resolver(c -> c == NamedA.class ? new UnderSuperclass() : c == Handle.class
                        ? new NamedSerializer<>(NamedA.class) : null).build();
        SerialException e = assertThrows(SerialException.class, () -> ser.toBytes(new Handle(1)));
        assertTrue(e.getMessage().contains("nor a superclass"), e.getMessage());
    }
}
