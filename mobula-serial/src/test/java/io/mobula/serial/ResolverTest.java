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
}
