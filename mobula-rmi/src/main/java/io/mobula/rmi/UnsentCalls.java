package io.mobula.rmi;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The exceptions of calls that failed in this process before any byte of them was sent ({@link Rmi#callNotSent}).
 * They stay the exceptions java.rmi throws (a {@code MarshalException}, class and message alike), so the mark is kept
 * beside them, weakly: an exception nobody holds any more leaves the table with its collection. Only failures mark.
 */
final class UnsentCalls {
    private static final Map<Throwable, Boolean> MARKED = Collections.synchronizedMap(new WeakHashMap<>());

    private UnsentCalls() {
    }

    /** Marks {@code e} as the failure of a call nothing of which was sent; returns it. */
    static <T extends Throwable> T mark(T e) {
        MARKED.put(e, Boolean.TRUE);
        return e;
    }

    /** Whether {@code e} was marked (identity: Throwable keeps Object's equals and hashCode). */
    static boolean isMarked(Throwable e) {
        return e != null && MARKED.containsKey(e);
    }
}
