package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The work a message may cause while its sets and map keys are hashed is bounded: nested collections that share
 * their children cost a hash walk exponential in their depth, from a few hundred bytes.
 */
class HashWorkTest {
    private final Serialization serialization = Serialization.builder().build();

    /** Sets two levels apart share both children: hashing the root visits 2^depth sets (SerialDOS). */
    static Set<Object> sharedNestedSets(int depth) {
        Set<Object> root = new HashSet<>();
        Set<Object> s1 = root;
        Set<Object> s2 = new HashSet<>();
        for (int i = 0; i < depth; i++) {
            Set<Object> t1 = new HashSet<>();
            Set<Object> t2 = new HashSet<>();
            t1.add("x"); // unequal siblings
            s1.add(t1);
            s1.add(t2);
            s2.add(t1);
            s2.add(t2);
            s1 = t1;
            s2 = t2;
        }
        return root;
    }

    @Test
    void aSmallMessageOfSharedNestedSetsIsRefusedQuickly() throws Exception {
        byte[] bytes = serialization.toBytes(sharedNestedSets(60));
        assertTrue(bytes.length < 1000, bytes.length + " bytes");
        SerialException e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThrows(SerialException.class, () -> serialization.fromBytes(bytes)));
        assertTrue(e.getMessage().contains("maxHashWork"), e.getMessage());
    }

    @Test
    void theSameShapeWithinTheBudgetDecodes() throws Exception {
        Set<Object> small = sharedNestedSets(10);
        // the built sets were filled after they were hashed into their parents, so compare structure by hash code
        assertEquals(small.hashCode(), serialization.fromBytes(serialization.toBytes(small)).hashCode());
    }

    @Test
    void ordinarySetsAndMapsOfAnySizeCostNothing() throws Exception {
        Set<String> strings = new HashSet<>();
        Map<Long, List<Integer>> lists = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            strings.add("s" + i);
            lists.put((long) i, List.of(i, i + 1));
        }
        Serialization tight = Serialization.builder().maxHashWork(10).build();
        assertEquals(strings, tight.fromBytes(tight.toBytes(strings)), "keys that are no collections are free");
        assertEquals(lists, tight.fromBytes(tight.toBytes(lists)), "map values are not hashed");
        Set<List<Integer>> keys = new HashSet<>(List.of(List.of(1, 2), List.of(3, 4)));
        assertEquals(keys, serialization.fromBytes(serialization.toBytes(keys)));
        assertThrows(SerialException.class, () -> tight.fromBytes(tight.toBytes(
                new HashSet<>(List.of(new ArrayList<>(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)))))));
    }

    @Test
    void theWalkStopsAtTheLimitAndAtTheDepthBound() {
        List<Object> selfish = new ArrayList<>();
        selfish.add(selfish);
        assertEquals(101, HashWork.cost(selfish, 100, 512), "a cycle costs more than any limit, without overflow");
        assertEquals(100_001, HashWork.cost(selfish, 100_000, 100), "or is deeper than the depth bound");
        assertEquals(0, HashWork.cost("plain", 100, 512));
        assertEquals(4, HashWork.cost(List.of(1, List.of(2)), 100, 512));
        assertEquals(4, HashWork.cost(Map.of("k", List.of(1)), 100, 512), "map, key, value, element");
    }
}
