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
            PoolServer server = PoolServer.start(0, Duration.ofSeconds(5));
            pool = Pool.join(new PoolOptions("repmi-in-process", 0, 1, "127.0.0.1", server.port(), false,
                    Duration.ofSeconds(20), Duration.ofSeconds(5), null));
            Cloud.attach(pool);
        }
        return pool;
    }
}
