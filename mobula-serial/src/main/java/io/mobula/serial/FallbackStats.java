package io.mobula.serial;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Counts objects written or read through the reflective fallback, per class (never silent). */
final class FallbackStats {
    private static final ConcurrentHashMap<Class<?>, LongAdder> COUNTS = new ConcurrentHashMap<>();

    private FallbackStats() {}

    static LongAdder counter(Class<?> c) {
        return COUNTS.computeIfAbsent(c, k -> new LongAdder());
    }

    static Map<Class<?>, Long> snapshot() {
        Map<Class<?>, Long> m = new HashMap<>();
        COUNTS.forEach((c, n) -> m.put(c, n.sum()));
        return Map.copyOf(m);
    }
}
