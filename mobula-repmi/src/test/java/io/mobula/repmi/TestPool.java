package io.mobula.repmi;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.pool.PoolServer;
import java.time.Duration;

/** One pool of one process (the sequencer and the only replica) for the in-process tests of this JVM. */
final class TestPool {
    private static Pool pool;

    private TestPool() {
    }

    static synchronized Pool get() throws Exception {
        if (pool == null) {
            System.setProperty("mobula.repmi.timeoutMs", "20000");
            // orders relayed from 2 replicas on: one process alone still gets its own orders directly, and the tests
            // that add replicas of their own (OrderGapTest) see the relay's gap and catch-up fetches
            System.setProperty("mobula.repmi.relayFrom", "2");
            PoolServer server = PoolServer.start(0, Duration.ofSeconds(5));
            pool = Pool.join(new PoolOptions("repmi-in-process", 0, 1, "127.0.0.1", server.port(), false,
                    Duration.ofSeconds(20), Duration.ofSeconds(5), null));
            Cloud.attach(pool);
        }
        return pool;
    }
}
