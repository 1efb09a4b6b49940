package io.mobula.bench.hostile;

import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hostile values and message bytes of {@code bench hostile}: the nested-HashSet bomb and its flat form (for the
 * JRMP bridge and Mobula's own decoder), nesting deeper than {@code maxDepth}, an array whose declared length is
 * 2^31 - 1 with a few bytes behind it, and a class the receiver's filter denies ({@link RefusedValue}).
 */
final class HostilePayloads {
    private HostilePayloads() {
    }

    /** Two sets per level sharing the next level's two: hashing the root costs 2^depth. */
    static Set<Object> nestedSets(int depth) {
        Set<Object> root = new HashSet<>();
        Set<Object> s1 = root;
        Set<Object> s2 = new HashSet<>();
        for (int i = 0; i < depth; i++) {
            Set<Object> t1 = new HashSet<>();
            Set<Object> t2 = new HashSet<>();
            t1.add("x");
            s1.add(t1);
            s1.add(t2);
            s2.add(t1);
            s2.add(t2);
            s1 = t1;
            s2 = t2;
        }
        return root;
    }

    /** Lists holding the one before twice, and a set holding the last (put there while it was empty). */
    static Object flatLists(int n) {
        List<List<Object>> lists = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            lists.add(new ArrayList<>());
        }
        Set<Object> set = new HashSet<>();
        set.add(lists.get(n));
        for (int i = 1; i <= n; i++) {
            lists.get(i).add(lists.get(i - 1));
            lists.get(i).add(lists.get(i - 1));
        }
        return new ArrayList<>(List.of(lists, set));
    }

    /** {@code Object[]}s nested {@code depth} deep. */
    static Object nested(int depth) {
        Object v = "bottom";
        for (int i = 0; i < depth; i++) {
            v = new Object[] {v};
        }
        return v;
    }

    /**
     * The bytes of a {@code byte[]} of 64 elements whose declared length (a varint before the elements, docs/WIRE.md)
     * is rewritten to 2^31 - 1: the decoder must refuse it before allocating.
     */
    static byte[] hugeDeclaredLength(Serialization s) throws SerialException {
        byte[] marker = new byte[64];
        for (int i = 0; i < marker.length; i++) {
            marker[i] = (byte) (0xA0 + (i % 7));
        }
        byte[] bytes = s.toBytes(marker);
        for (int at = 1; at + marker.length <= bytes.length; at++) {
            if (bytes[at - 1] == marker.length && java.util.Arrays.equals(bytes, at, at + marker.length, marker, 0,
                    marker.length)) {
                byte[] out = new byte[bytes.length + 4];
                System.arraycopy(bytes, 0, out, 0, at - 1);
                byte[] varint = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
                System.arraycopy(varint, 0, out, at - 1, varint.length);
                System.arraycopy(bytes, at, out, at + 4, bytes.length - at);
                return out;
            }
        }
        throw new IllegalStateException("the encoding of a byte[64] has no one-byte length before its elements");
    }

    /**
     * The hostile parameter bytes an authenticated peer sends GMI's and RepMI's ports, by name, in the order sent:
     * nesting 200 deep (the limit is {@code maxDepth}, 64 by default), the huge declared length, a
     * {@link RefusedValue} (a class the receivers' filter denies), the HashSet bomb
     * at depth 60, and 64 random bytes.
     */
    static Map<String, byte[]> parameterAttacks(Serialization s) throws SerialException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("deep-nesting-200", s.toBytes(new Object[] {nested(200)}));
        m.put("huge-declared-length", hugeDeclaredLength(s));
        m.put("refused-class", s.toBytes(new Object[] {new RefusedValue("never made")}));
        m.put("hashset-bomb-60", s.toBytes(new Object[] {nestedSets(60)}));
        byte[] junk = new byte[64];
        new java.util.Random(7).nextBytes(junk);
        m.put("random-bytes", junk);
        return m;
    }
}
