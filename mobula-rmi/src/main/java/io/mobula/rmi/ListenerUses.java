package io.mobula.rmi;

import io.mobula.transport.Endpoint;
import io.mobula.transport.Listener;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The listeners a process opens for explicit ports and for server socket factories, each with the number of
 * exported objects whose references name it. As in java.rmi, such a listener closes when the last of them is
 * unexported (or collected), so the port can be taken again by a later export or registry; connections it
 * accepted stay open. The process's own listener (the one references of objects exported on port 0 name) is not
 * tracked and stays open. Not thread-safe: {@link RmiRuntime} calls it under its own lock, together with the
 * opening of listeners and the exports that retain them.
 */
final class ListenerUses {
    private static final class Entry {
        final Listener listener;
        final Runnable forget;
        int uses;

        Entry(Listener listener, Runnable forget) {
            this.listener = listener;
            this.forget = forget;
        }
    }

    private final Map<Endpoint, Entry> entries = new HashMap<>();

    /** {@code l} was just opened; {@code forget} drops it from its owner's list when it closes. */
    void track(Listener l, Runnable forget) {
        entries.put(l.endpoint(), new Entry(l, forget));
    }

    /** An object was exported with references naming {@code endpoints}. */
    void retain(List<Endpoint> endpoints) {
        for (Endpoint e : endpoints) {
            Entry x = entries.get(e);
            if (x != null) {
                x.uses++;
            }
        }
    }

    /** An object whose references named {@code endpoints} left the export table. */
    void release(List<Endpoint> endpoints) {
        for (Endpoint e : endpoints) {
            Entry x = entries.get(e);
            if (x != null && --x.uses <= 0) {
                close(x);
            }
        }
    }

    /** Closes the listener at {@code e} if it is tracked and no exported object names it (an export that failed). */
    void closeIfUnused(Endpoint e) {
        Entry x = e == null ? null : entries.get(e);
        if (x != null && x.uses <= 0) {
            close(x);
        }
    }

    private void close(Entry x) {
        entries.remove(x.listener.endpoint());
        x.forget.run();
        x.listener.close();
    }
}
