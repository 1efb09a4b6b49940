package io.mobula.serial;

import java.util.Collection;
import java.util.Map;

/**
 * What hashing a decoded value costs. A set's or a list's {@code hashCode} (and {@code equals}) walks every element
 * of the JDK collections nested in it, once for each path that reaches it; collections that share their children
 * make that exponential in their depth while the message stays a few hundred bytes (the SerialDOS pattern). The
 * reader charges this walk for every set element and map key it inserts against a per-message budget
 * ({@link Serialization.Builder#maxHashWork}) and refuses the message when it runs out, before the collection's own
 * hashing does the work.
 *
 * <p>Values that are no collection, map or map entry cost nothing here (a string's hash is linear and cached). The
 * hash codes of other classes are their own business: a class whose {@code hashCode} walks collections nested in it
 * is not bounded by this walk.
 */
final class HashWork {
    private HashWork() {
    }

    /**
     * The number of collections, maps, entries and elements hashing {@code o} visits, or {@code limit + 1} when that
     * is more than {@code limit} or the nesting is deeper than {@code maxDepth} (a cycle is both); 0 for anything
     * that is no collection, map or entry.
     */
    static long cost(Object o, long limit, int maxDepth) {
        if (!(o instanceof Collection || o instanceof Map || o instanceof Map.Entry)) {
            return 0;
        }
        long left = walk(o, limit, maxDepth);
        return left < 0 ? limit + 1 : limit - left;
    }

    /** Visits {@code o} and what hashing it reaches; the budget left, negative when it ran out. */
    private static long walk(Object o, long left, int depthLeft) {
        if (--left < 0 || depthLeft <= 0) {
            return -1;
        }
        if (o instanceof Collection<?> c) {
            for (Object e : c) {
                left = walk(e, left, depthLeft - 1);
                if (left < 0) {
                    return left;
                }
            }
        } else if (o instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                left = walk(e.getKey(), walk(e.getValue(), left, depthLeft - 1), depthLeft - 1);
                if (left < 0) {
                    return left;
                }
            }
        } else if (o instanceof Map.Entry<?, ?> e) {
            left = walk(e.getKey(), walk(e.getValue(), left, depthLeft - 1), depthLeft - 1);
        }
        return left;
    }
}
