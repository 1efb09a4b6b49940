package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the surviving ranks of a replicated stack check together after a failure (FailoverMain, PartitionMain). */
final class Survivors {
    private Survivors() {
    }

    /**
     * Publishes the pushes that returned on this rank, waits for the other survivors' lists, syncs (every survivor's
     * writes are sequenced before the sync: once it returns, this replica has them), publishes this replica's values
     * and waits for the others' (so nobody leaves before all have read). The lowest survivor then checks: every
     * replica equal, no value twice, every push a survivor saw return present.
     *
     * @return this replica's values, top first
     * @throws AssertionError naming what does not hold
     */
    static int[] agree(Pool pool, Stack s, String tag, List<Integer> alive, List<Integer> done) throws Exception {
        int me = pool.rank();
        pool.publish(tag + "-done/" + me, done.stream().mapToInt(Integer::intValue).toArray());
        Map<String, Serializable> all = new HashMap<>(pool.await(keys(tag + "-done/", alive), Duration.ofSeconds(60)));
        s.sync();
        int[] values = s.values();
        pool.publish(tag + "/" + me, values);
        all.putAll(pool.await(keys(tag + "/", alive), Duration.ofSeconds(60)));
        if (me != alive.get(0)) {
            return values;
        }
        for (int r : alive) {
            if (!Arrays.equals((int[]) all.get(tag + "/" + r), values)) {
                throw new AssertionError("replica " + r + " differs from replica " + me);
            }
        }
        Map<Integer, Integer> count = new HashMap<>();
        for (int v : values) {
            count.merge(v, 1, Integer::sum);
        }
        for (Map.Entry<Integer, Integer> e : count.entrySet()) {
            if (e.getValue() != 1) {
                throw new AssertionError("value " + e.getKey() + " applied " + e.getValue() + " times");
            }
        }
        for (int r : alive) {
            for (int v : (int[]) all.get(tag + "-done/" + r)) {
                if (!count.containsKey(v)) {
                    throw new AssertionError("rank " + r + "'s push of " + v + " returned but is lost");
                }
            }
        }
        return values;
    }

    private static List<String> keys(String prefix, List<Integer> ranks) {
        List<String> keys = new ArrayList<>();
        for (int r : ranks) {
            keys.add(prefix + r);
        }
        return keys;
    }
}
