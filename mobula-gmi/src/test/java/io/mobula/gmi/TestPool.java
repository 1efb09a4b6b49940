package io.mobula.gmi;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.pool.PoolServer;
import java.time.Duration;

/** One pool of one process for all in-process tests of this JVM (GMI works in one pool per process). */
final class TestPool {
    private static Pool pool;

    private TestPool() {
    }

    static synchronized Pool get() throws Exception {
        if (pool == null) {
            System.setProperty("mobula.gmi.timeoutMs", "20000");
            PoolServer server = PoolServer.start(0, Duration.ofSeconds(5));
            pool = Pool.join(new PoolOptions("gmi-in-process", 0, 1, "127.0.0.1", server.port(), false,
                    Duration.ofSeconds(20), Duration.ofSeconds(5), null));
            Group.attach(pool);
        }
        return pool;
    }
}
