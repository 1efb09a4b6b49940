package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Random object graphs (cycles, shared nodes, self loops) decode to an isomorphic graph, identity included. */
class GraphPropertiesTest {

    static final class GNode implements Serializable {
        int label;
        GNode left;
        GNode right;
        Object extra; // another node, a list of nodes, or a value
    }

    /** Edges as indices: -1 = null. */
    record Spec(int n, int[] left, int[] right, int[] extra, int[] extraKind) {}

    @Provide
    Arbitrary<Spec> graphs() {
        return Arbitraries.integers().between(1, 40).flatMap(n -> {
            Arbitrary<int[]> edges = Arbitraries.integers().between(-1, n - 1).array(int[].class).ofSize(n);
            Arbitrary<int[]> kinds = Arbitraries.integers().between(0, 2).array(int[].class).ofSize(n);
            return Combinators.combine(edges, edges, edges, kinds).as((l, r, e, k) -> new Spec(n, l, r, e, k));
        });
    }

    static GNode[] build(Spec s) {
        GNode[] nodes = new GNode[s.n()];
        for (int i = 0; i < s.n(); i++) {
            nodes[i] = new GNode();
            nodes[i].label = i;
        }
        for (int i = 0; i < s.n(); i++) {
            nodes[i].left = s.left()[i] < 0 ? null : nodes[s.left()[i]];
            nodes[i].right = s.right()[i] < 0 ? null : nodes[s.right()[i]];
            int e = s.extra()[i];
            nodes[i].extra = switch (s.extraKind()[i]) {
                case 0 -> e < 0 ? null : nodes[e];
                case 1 -> e < 0 ? new ArrayList<>() : new ArrayList<>(List.of(nodes[e], nodes[i]));
                default -> "v" + e;
            };
        }
        return nodes;
    }

    @Property(tries = 300, seed = "3")
    void decodedGraphIsIsomorphic(@ForAll("graphs") Spec spec) throws Exception {
        GNode[] nodes = build(spec);
        Object[] roots = nodes.clone(); // every node reachable, in a known order
        Object[] back = (Object[]) RoundTripTest.SER.fromBytes(RoundTripTest.SER.toBytes(roots));
        assertEquals(roots.length, back.length);
        Map<Object, Object> map = new IdentityHashMap<>();
        Map<Object, Object> inverse = new IdentityHashMap<>();
        Deque<Object[]> work = new ArrayDeque<>();
        for (int i = 0; i < roots.length; i++) {
            work.push(new Object[] {roots[i], back[i]});
        }
        while (!work.isEmpty()) {
            Object[] pair = work.pop();
            Object a = pair[0];
            Object b = pair[1];
            if (a == null) {
                assertNull(b);
                continue;
            }
            Object seen = map.get(a);
            if (seen != null) {
                assertSame(seen, b, "shared reference must decode to one object");
                continue;
            }
            Object prev = inverse.put(b, a);
            if (prev != null && prev != a) {
                throw new AssertionError("two original objects decoded to the same object");
            }
            map.put(a, b);
            assertEquals(a.getClass(), b.getClass());
            if (a instanceof GNode ga) {
                GNode gb = (GNode) b;
                assertEquals(ga.label, gb.label);
                work.push(new Object[] {ga.left, gb.left});
                work.push(new Object[] {ga.right, gb.right});
                work.push(new Object[] {ga.extra, gb.extra});
            } else if (a instanceof List<?> la) {
                List<?> lb = (List<?>) b;
                assertEquals(la.size(), lb.size());
                for (int i = 0; i < la.size(); i++) {
                    work.push(new Object[] {la.get(i), lb.get(i)});
                }
            } else {
                assertEquals(a, b);
            }
        }
    }
}
