package io.mobula.interop;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The HashSet bomb in its two forms, for the bridge's tests: this module's in-process checks and the plain java.rmi
 * client they compile, which gets this class file on its class path (JDK types only, so it stays a plain client).
 * ({@code mobula-serial}'s {@code HashWorkTest} and the hostile suite of {@code mobula-bench} build the same values;
 * neither can see this module's tests.)
 */
public final class HashSetBombs {
    private HashSetBombs() {
    }

    /** Two sets per level sharing the next level's two: hashing the root costs 2^depth. */
    public static Set<Object> nestedSets(int depth) {
        Set<Object> root = new HashSet<>();
        Set<Object> s1 = root;
        Set<Object> s2 = new HashSet<>();
        for (int i = 0; i < depth; i++) {
            Set<Object> t1 = new HashSet<>();
            Set<Object> t2 = new HashSet<>();
            t1.add("x"); // t1 differs from t2
            s1.add(t1);
            s1.add(t2);
            s2.add(t1);
            s2.add(t2);
            s1 = t1;
            s2 = t2;
        }
        return root;
    }

    /** The same work, flat: lists that each hold the one before twice, then one set holding the last. */
    public static Object flatLists(int n) {
        List<List<Object>> lists = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            lists.add(new ArrayList<>());
        }
        Set<Object> set = new HashSet<>();
        set.add(lists.get(n)); // while it is empty: hashing it is the receiver's problem
        for (int i = 1; i <= n; i++) {
            lists.get(i).add(lists.get(i - 1));
            lists.get(i).add(lists.get(i - 1));
        }
        return new ArrayList<>(List.of(lists, set));
    }
}
