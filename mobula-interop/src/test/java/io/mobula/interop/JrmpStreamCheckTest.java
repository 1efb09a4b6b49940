package io.mobula.interop;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The hashing bound of the bridge on the bytes a plain java.rmi client sends: JRMP framing, then calls. */
@Timeout(30)
class JrmpStreamCheckTest {
    private static final long BUDGET = 1L << 22;

    /** A stream-protocol connection carrying calls whose arguments are {@code args}, each call its own stream. */
    static byte[] connection(Object... args) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(0x4a524d49);
        out.writeShort(2);
        out.writeByte(0x4b);
        out.writeUTF("127.0.0.1");
        out.writeInt(0);
        for (Object arg : args) {
            out.writeByte(0x50);
            ObjectOutputStream call = new ObjectOutputStream(out);
            call.writeLong(1); // object id, operation and method hash, as java.rmi writes them
            call.writeInt(-1);
            call.writeLong(42);
            call.writeObject(arg);
            call.flush();
            out.writeByte(0x52); // a ping between calls
        }
        out.flush();
        return bytes.toByteArray();
    }

    private static void check(byte[] bytes) throws IOException {
        new JrmpStreamCheck(new ByteArrayInputStream(bytes), BUDGET, 512, 1 << 20).run();
    }

    @Test
    void theHashSetBombIsRefusedQuickly() throws IOException {
        byte[] bomb = connection(HashSetBombs.nestedSets(60));
        assertTrue(bomb.length < 4096, bomb.length + " bytes");
        long start = System.nanoTime();
        InvalidObjectException e = assertThrows(InvalidObjectException.class, () -> check(bomb));
        assertTrue(e.getMessage().contains("maxHashWork"), e.getMessage());
        assertTrue(System.nanoTime() - start < 2_000_000_000L, "bounded work");
    }

    @Test
    void theFlatBombIsRefusedToo() throws IOException {
        InvalidObjectException e = assertThrows(InvalidObjectException.class,
                () -> check(connection(HashSetBombs.flatLists(40))));
        assertTrue(e.getMessage().contains("maxHashWork"), e.getMessage());
    }

    @Test
    void aSetHeldByItsOwnElementIsRefused() {
        Set<Object> s = new HashSet<>();
        List<Object> l = new ArrayList<>();
        s.add(l); // hashed while empty
        l.add(s);
        InvalidObjectException e = assertThrows(InvalidObjectException.class, () -> check(connection(s)));
        assertTrue(e.getMessage().contains("holds itself"), e.getMessage());
    }

    @Test
    void mapValuesAreNotHashed() {
        List<List<Object>> shared = new ArrayList<>();
        shared.add(new ArrayList<>());
        for (int i = 1; i <= 40; i++) {
            List<Object> l = new ArrayList<>();
            l.add(shared.get(i - 1));
            l.add(shared.get(i - 1));
            shared.add(l);
        }
        Map<Object, Object> map = new HashMap<>();
        map.put("k", shared.get(40));
        Map<Object, Object> linked = new LinkedHashMap<>();
        linked.put(List.of(1), shared);
        assertDoesNotThrow(() -> check(connection(map, linked)));
    }

    @Test
    void ordinaryArgumentsPass() {
        Map<String, List<Integer>> map = new HashMap<>();
        Set<List<String>> sets = new HashSet<>();
        String shared = "shared";
        for (int i = 0; i < 2000; i++) {
            map.put("k" + i, List.of(i, i + 1, i + 2));
            sets.add(List.of(shared, "v" + i, shared));
        }
        Map<Integer, String> tree = new TreeMap<>(Map.of(1, "a", 2, "b"));
        assertDoesNotThrow(() -> check(connection(map, sets, tree, new int[100_000], new String[] {"a", null},
                java.time.Instant.EPOCH, Thread.State.NEW, new IllegalStateException("x"), null, Set.of(1, 2, 3),
                Map.of("a", List.of(1)))));
    }

    @Test
    void aBudgetOfEachCallIsItsOwn() {
        // each call costs a little; many of them on one connection are no bomb
        Object[] calls = new Object[50];
        for (int i = 0; i < calls.length; i++) {
            calls[i] = HashSetBombs.nestedSets(15);
        }
        assertDoesNotThrow(() -> check(connection(calls)));
    }

    @Test
    void aCallNamesABoundedNumberOfObjects() {
        List<String> strings = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            strings.add("s" + i);
        }
        InvalidObjectException e = assertThrows(InvalidObjectException.class, () ->
                new JrmpStreamCheck(new ByteArrayInputStream(connection(strings)), BUDGET, 512, 50).run());
        assertTrue(e.getMessage().contains("more than 50 objects"), e.getMessage());
    }

    @Test
    void otherProtocolsAreLeftToJavaRmi() {
        assertDoesNotThrow(() -> check("GET / HTTP/1.1\r\n\r\n".getBytes()));
    }
}
