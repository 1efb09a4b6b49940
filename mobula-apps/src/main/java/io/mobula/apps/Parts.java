package io.mobula.apps;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import java.io.Serializable;
import java.lang.reflect.Array;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Moves each rank's part of the result to rank 0 through the pool's directory, outside the timed phase. A part that
 * is an array of rows goes in slices of {@link #ROWS} rows, so no single message approaches the frame limit.
 */
final class Parts {
    /** Rows per slice. */
    static final int ROWS = 128;
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private Parts() {
    }

    /** Publishes this rank's part. */
    static void publish(Pool pool, String prefix, Serializable part) throws PoolException {
        String key = prefix + pool.rank();
        if (part instanceof Object[] rows && rows.length > 0) {
            int slices = (rows.length + ROWS - 1) / ROWS;
            for (int s = 0; s < slices; s++) {
                pool.publish(key + "/" + s, Arrays.copyOfRange(rows, s * ROWS, Math.min(rows.length, (s + 1) * ROWS)));
            }
            pool.publish(key, new int[] {slices, rows.length});
        } else {
            pool.publish(key + "/0", part);
            pool.publish(key, new int[] {-1, 0});
        }
    }

    /** Every rank's part, in rank order (on rank 0). */
    static List<Serializable> gather(Pool pool, String prefix) throws PoolException {
        List<Serializable> parts = new ArrayList<>();
        for (int r = 0; r < pool.size(); r++) {
            String key = prefix + r;
            int[] meta = (int[]) get(pool, key);
            if (meta[0] < 0) {
                parts.add(get(pool, key + "/0"));
                continue;
            }
            Object[] whole = null;
            int at = 0;
            for (int s = 0; s < meta[0]; s++) {
                Object[] slice = (Object[]) get(pool, key + "/" + s);
                if (whole == null) {
                    whole = (Object[]) Array.newInstance(slice.getClass().getComponentType(), meta[1]);
                }
                System.arraycopy(slice, 0, whole, at, slice.length);
                at += slice.length;
            }
            parts.add((Serializable) whole);
        }
        return parts;
    }

    private static Serializable get(Pool pool, String key) throws PoolException {
        return pool.await(List.of(key), TIMEOUT).get(key);
    }
}
