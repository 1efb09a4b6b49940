package io.mobula.apps;

import java.util.ArrayList;
import java.util.List;

/**
 * Binomial spanning trees over ranks, as the optimized RMI versions use to simulate a broadcast (thesis 2.5.3): with
 * ranks renumbered relative to the root, the parent of {@code x} is {@code x} without its highest bit, and its
 * children are {@code x + 2^j} for every {@code 2^j > x}.
 */
public final class Trees {
    private Trees() {
    }

    /** The ranks {@code me} forwards a broadcast from {@code root} to, among {@code size} ranks. */
    public static List<Integer> children(int root, int me, int size) {
        int rel = Math.floorMod(me - root, size);
        List<Integer> out = new ArrayList<>();
        for (int m = 1; m < size; m <<= 1) {
            if (m > rel && rel + m < size) {
                out.add((rel + m + root) % size);
            }
        }
        return out;
    }

    /** The rank {@code me} receives a broadcast from {@code root} from, among {@code size} ranks; -1 for the root. */
    public static int parent(int root, int me, int size) {
        int rel = Math.floorMod(me - root, size);
        return rel == 0 ? -1 : ((rel & ~Integer.highestOneBit(rel)) + root) % size;
    }
}
