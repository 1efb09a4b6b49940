package io.mobula.processor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;

/**
 * What one body of a cloud type does that bears on read/write classification (thesis 4.2.2), as
 * {@link WriteFactScanner} finds it: the writes it makes itself, and the calls whose targets decide the rest, which
 * {@link ReadWriteAnalysis} resolves as a fixpoint over every cloud type of the compilation.
 */
final class WriteFacts {
    /** Fields assigned (=, compound assignment, ++/--), by name. */
    final Set<String> assigned = new LinkedHashSet<>();
    /** Array expressions stored into, as written in the source. */
    final Set<String> stored = new LinkedHashSet<>();
    /** cloudNotify, cloudNotifyAll called (cloudWait alone leaves a method a read: a blocking read). */
    final Set<String> synced = new LinkedHashSet<>();
    /** cloudWait(timeoutMillis) called: only a read may wait with a timeout. */
    boolean timedWait;
    /** Calls the analysis does not follow (unresolved, or into code it cannot see), as descriptions. */
    final Set<String> unfollowed = new LinkedHashSet<>();
    /** Calls of methods that may be writes. */
    final List<Call> calls = new ArrayList<>();

    /**
     * A call: a write if one of its targets is. A virtual call ({@code exact} false) also runs any override of a
     * target in a cloud type; a {@code super} call or a constructor runs exactly the target.
     */
    record Call(List<ExecutableElement> targets, boolean exact, Via via) {
    }

    /** How a body reaches a call's targets, for the reason the generated comment gives. */
    enum Via {
        /** A call written in the body. */
        CALL,
        /** {@code new}, {@code this(...)} or {@code super(...)}: a constructor. */
        CREATE,
        /** JDK code given a value that may be a cloud object, or string concatenation. */
        CALLBACK
    }

    void addAll(WriteFacts other) {
        assigned.addAll(other.assigned);
        stored.addAll(other.stored);
        synced.addAll(other.synced);
        timedWait |= other.timedWait;
        unfollowed.addAll(other.unfollowed);
        calls.addAll(other.calls);
    }

    /** Why the body is a write by itself ("assigns top, size"), or null. */
    String directReason() {
        List<String> parts = new ArrayList<>();
        if (!assigned.isEmpty()) {
            parts.add("assigns " + String.join(", ", assigned));
        }
        if (!stored.isEmpty()) {
            parts.add("stores into " + (stored.size() == 1 ? "an element of " : "elements of ")
                    + String.join(", ", stored));
        }
        if (!synced.isEmpty()) {
            parts.add("calls " + String.join(", ", synced));
        }
        if (!unfollowed.isEmpty()) {
            parts.add(String.join(", ", unfollowed));
        }
        return parts.isEmpty() ? null : String.join(" and ", parts);
    }
}
