package io.mobula.processor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Names of the {@code GroupMethodId} constants in {@code X_GroupMethods}: the method name in UPPER_SNAKE_CASE
 * ({@code getLoad} -> {@code GET_LOAD}); every overload of an overloaded name also gets its parameter types
 * ({@code PUT_DOUBLE_ARRAY}, {@code PUT_INT_INT}), so the names are unique. Pure text, no javax.lang.model.
 */
final class GroupConstantNames {
    private GroupConstantNames() {}

    /** A method: its name and the description form of its parameter types ({@code double[]}, {@code Map.Entry}). */
    record Signature(String name, List<String> parameterTypes) {}

    /** The constant of each method, in the same order; unique. */
    static List<String> of(List<Signature> methods) {
        Map<String, Integer> overloads = new HashMap<>();
        methods.forEach(m -> overloads.merge(m.name(), 1, Integer::sum));
        List<String> names = new ArrayList<>();
        for (Signature m : methods) {
            StringBuilder b = new StringBuilder(upperSnake(m.name()));
            if (overloads.get(m.name()) > 1) {
                m.parameterTypes().forEach(t -> b.append('_').append(typeToken(t)));
            }
            names.add(b.toString());
        }
        // still equal only for contrived names (getLoad and get_load, or p.Foo and q.Foo): the index decides
        Map<String, Integer> count = new HashMap<>();
        names.forEach(n -> count.merge(n, 1, Integer::sum));
        Set<String> taken = new HashSet<>(names);
        for (int i = 0; i < names.size(); i++) {
            if (count.get(names.get(i)) > 1) {
                String unique = names.get(i) + "_" + i;
                while (!taken.add(unique)) {
                    unique += "_";
                }
                names.set(i, unique);
            }
        }
        return List.copyOf(names);
    }

    /** {@code getLoad} -> {@code GET_LOAD}, {@code readHTTPHeader} -> {@code READ_HTTP_HEADER}. */
    static String upperSnake(String identifier) {
        StringBuilder b = new StringBuilder();
        int n = identifier.length();
        for (int i = 0; i < n; i++) {
            char c = identifier.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                char before = identifier.charAt(i - 1);
                boolean after = i + 1 < n && Character.isLowerCase(identifier.charAt(i + 1));
                if (Character.isLowerCase(before) || Character.isDigit(before)
                        || (Character.isUpperCase(before) && after)) {
                    b.append('_');
                }
            }
            b.append(Character.toUpperCase(c));
        }
        return b.toString().toUpperCase(Locale.ROOT);
    }

    /** {@code double[]} -> {@code DOUBLE_ARRAY}, {@code Map.Entry} -> {@code MAP_ENTRY}. */
    private static String typeToken(String description) {
        String t = description;
        int arrays = 0;
        while (t.endsWith("[]")) {
            t = t.substring(0, t.length() - 2);
            arrays++;
        }
        return upperSnake(t).replace('.', '_') + "_ARRAY".repeat(arrays);
    }
}
