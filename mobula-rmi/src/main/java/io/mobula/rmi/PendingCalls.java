package io.mobula.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The calls in flight on one connection, by call id. Call ids index a fixed slot array (no boxing, no map
 * nodes per call); a slot still taken is skipped, so up to {@code SLOTS} calls may be outstanding at once.
 */
final class PendingCalls {
    private static final int SLOTS = 1 << 12;
    private static final int MASK = SLOTS - 1;

    private final AtomicReferenceArray<PendingCall> slots = new AtomicReferenceArray<>(SLOTS);
    private final AtomicInteger nextId = new AtomicInteger(1);
    /** Whether a call was ever added: most connections a server accepts never call back, and drain() skips them. */
    private volatile boolean used;

    /** Assigns a call id and registers the call; false when every slot is taken. */
    boolean add(PendingCall call) {
        if (!used) {
            used = true; // before the slot is taken: a drain that sees the call sees the flag
        }
        for (int attempt = 0; attempt < SLOTS; attempt++) {
            int id = nextId.getAndIncrement();
            if (id == 0) {
                continue; // 0 is "no call"
            }
            if (slots.compareAndSet(id & MASK, null, call)) {
                call.callId = id;
                return true;
            }
        }
        return false;
    }

    /** Removes and returns the call with this id, or null if it is unknown (late, timed out or forged). */
    PendingCall remove(int callId) {
        int slot = callId & MASK;
        PendingCall c = slots.get(slot);
        if (c != null && c.callId == callId && slots.compareAndSet(slot, c, null)) {
            return c;
        }
        return null;
    }

    /** Removes every call (the connection is gone). */
    List<PendingCall> drain() {
        List<PendingCall> out = new ArrayList<>();
        if (!used) {
            return out;
        }
        for (int i = 0; i < SLOTS; i++) {
            // a plain volatile read first: an atomic swap of each of the 4096 slots made closing a connection cost
            // more than a small call; a call added after the read is one added after the drain, as before
            if (slots.get(i) != null) {
                PendingCall c = slots.getAndSet(i, null);
                if (c != null) {
                    out.add(c);
                }
            }
        }
        return out;
    }
}
