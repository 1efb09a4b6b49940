package io.mobula.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bridge's check follows what java.rmi clients really send: random graphs of JDK values and collections, with
 * shared and cyclic parts, records, enums, exceptions and classes with their own {@code writeObject} and
 * {@code writeExternal}, are taken in whole (its position ends exactly at the stream's end) and none is refused.
 */
@Timeout(60)
class JrmpStreamCheckGraphsTest {
    enum Color { RED, GREEN }

    record Point(int x, String label, List<Object> tags) implements Serializable {
    }

    /** Writes its own data: fields, then block data and objects. */
    static final class Custom implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        final int id;
        transient List<Object> items = new ArrayList<>();

        Custom(int id) {
            this.id = id;
        }

        @Serial
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(items.size());
            out.writeUTF("items");
            for (Object o : items) {
                out.writeObject(o);
            }
            out.writeLong(7);
        }

        @Serial
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            int n = in.readInt();
            in.readUTF();
            items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                items.add(in.readObject());
            }
            in.readLong();
        }
    }

    /** Writes everything itself. */
    public static final class Ext implements Externalizable {
        Object payload;

        public Ext() {
        }

        Ext(Object payload) {
            this.payload = payload;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeDouble(1.5);
            out.writeObject(payload);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            in.readDouble();
            payload = in.readObject();
        }
    }

    private final Random random = new Random(26);
    private final List<Object> made = new ArrayList<>();

    private Object value(int depth) {
        if (!made.isEmpty() && random.nextInt(6) == 0) {
            return made.get(random.nextInt(made.size())); // shared
        }
        Object v = switch (depth <= 0 ? random.nextInt(8) : random.nextInt(22)) {
            case 0 -> null;
            case 1 -> "s" + random.nextInt(50);
            case 2 -> random.nextInt();
            case 3 -> Color.values()[random.nextInt(2)];
            case 4 -> new int[random.nextInt(40)];
            case 5 -> BigDecimal.valueOf(random.nextLong(), 3);
            case 6 -> Duration.ofMillis(random.nextInt(1000));
            case 7 -> random.nextDouble();
            case 8 -> fill(new ArrayList<>(), depth);
            case 9 -> fill(new HashSet<>(), depth);
            case 10 -> fillMap(new HashMap<>(), depth);
            case 11 -> fillMap(new LinkedHashMap<>(), depth);
            case 12 -> fillMap(new TreeMap<String, Object>(), depth);
            case 13 -> fill(new LinkedList<>(), depth);
            case 14 -> new Object[] {value(depth - 1), value(depth - 1)};
            case 15 -> new Point(random.nextInt(), "p", fill(new ArrayList<>(), depth));
            case 16 -> {
                Custom c = new Custom(random.nextInt());
                fill(c.items, depth);
                yield c;
            }
            case 17 -> new Ext(value(depth - 1));
            case 18 -> List.of("a", random.nextInt(9));
            case 19 -> Collections.unmodifiableMap(fillMap(new HashMap<>(), depth));
            case 20 -> new IllegalStateException("e" + random.nextInt(9));
            default -> {
                Map<Color, Object> m = new EnumMap<>(Color.class);
                m.put(Color.RED, value(depth - 1));
                yield random.nextBoolean() ? m : EnumSet.of(Color.GREEN);
            }
        };
        if (v != null && !(v instanceof String) && !(v instanceof Integer)) {
            made.add(v);
        }
        return v;
    }

    private <C extends java.util.Collection<Object>> C fill(C c, int depth) {
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            Object v = value(depth - 1);
            // a set element must not change after insertion: only immutable or fresh values go in sets
            c.add(c instanceof HashSet && v instanceof java.util.Collection<?> ? "x" + i : v);
        }
        return c;
    }

    private <M extends Map<String, Object>> M fillMap(M m, int depth) {
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            m.put("k" + random.nextInt(20), value(depth - 1));
        }
        return m;
    }

    @Test
    void realStreamsAreFollowedToTheirEndAndPass() throws Exception {
        for (int round = 0; round < 300; round++) {
            made.clear();
            Object[] args = new Object[1 + random.nextInt(3)];
            for (int i = 0; i < args.length; i++) {
                args[i] = value(4);
            }
            if (random.nextInt(10) == 0) {
                List<Object> self = new ArrayList<>();
                self.add(self); // a list that holds itself, in no set: no hashing
                args[0] = self;
            }
            Map<Object, Object> concurrent = new ConcurrentHashMap<>(Map.of("c", Arrays.asList(1, 2)));
            byte[] bytes = JrmpStreamCheckTest.connection(args[0], concurrent, args);
            JrmpStreamCheck check = new JrmpStreamCheck(new ByteArrayInputStream(bytes), 1L << 22, 512, 1 << 20);
            check.run();
            assertEquals(bytes.length, check.position(), "round " + round + ": the whole stream was followed");
        }
    }
}
