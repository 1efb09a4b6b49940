package io.mobula.serial;

import java.util.Arrays;

/**
 * Object -> int by identity: open addressing over parallel arrays with linear probing. Cleared in time
 * proportional to the number of entries (not the capacity) by remembering the used slots, so a handle
 * table can be reset per message without allocation (thesis 3.3.2: the object table is reset per call).
 */
final class IdentityTable {
    private Object[] keys;
    private int[] values;
    private int[] used; // slots in insertion order
    private int size;
    private int mask;
    private int shift;

    IdentityTable(int capacityPow2) {
        keys = new Object[capacityPow2];
        values = new int[capacityPow2];
        used = new int[capacityPow2 >> 1];
        mask = capacityPow2 - 1;
        shift = 32 - Integer.numberOfTrailingZeros(capacityPow2);
    }

    /** @return the value for key, or -1 */
    int get(Object key) {
        Object[] k = keys;
        int i = index(key);
        while (true) {
            Object o = k[i];
            if (o == key) {
                return values[i];
            }
            if (o == null) {
                return -1;
            }
            i = (i + 1) & mask;
        }
    }

    /** Puts key -> value; key must be absent unless overwriting is intended. */
    void put(Object key, int value) {
        if (size >= used.length) {
            grow();
        }
        int i = index(key);
        while (true) {
            Object o = keys[i];
            if (o == key) {
                values[i] = value;
                return;
            }
            if (o == null) {
                keys[i] = key;
                values[i] = value;
                used[size++] = i;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    int size() {
        return size;
    }

    void clear() {
        Object[] k = keys;
        int[] u = used;
        for (int j = 0, n = size; j < n; j++) {
            k[u[j]] = null;
        }
        size = 0;
    }

    private void grow() {
        Object[] oldKeys = keys;
        int[] oldValues = values;
        int[] oldUsed = used;
        int n = size;
        int cap = oldKeys.length << 1;
        keys = new Object[cap];
        values = new int[cap];
        used = new int[cap >> 1];
        mask = cap - 1;
        shift = 32 - Integer.numberOfTrailingZeros(cap);
        size = 0;
        for (int j = 0; j < n; j++) {
            int s = oldUsed[j];
            put(oldKeys[s], oldValues[s]);
        }
        Arrays.fill(oldKeys, null);
    }

    private int index(Object key) {
        // Fibonacci hashing: take the high bits of the product, identity hashes are not well spread
        return (System.identityHashCode(key) * 0x9E3779B9) >>> shift;
    }
}
