package io.mobula.examples.pool;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;

/**
 * Joins the pool described by the environment; the rank given as the first argument (none if -1) then exits with
 * code 7, the others wait (up to two minutes) for the launcher to stop them.
 */
public final class DyingRankMain {
    private DyingRankMain() {
    }

    public static void main(String[] args) throws Exception {
        int dying = Integer.parseInt(args[0]);
        Pool pool = Pool.join(PoolOptions.fromEnvironment());
        System.out.println("joined " + pool.rank() + " of " + pool.size());
        System.out.flush();
        if (pool.rank() == dying) {
            Thread.sleep(500); // let every rank print that it joined
            System.out.println("rank " + dying + " dying");
            System.out.flush();
            System.exit(7);
        }
        Thread.sleep(120_000);
        System.exit(0);
    }
}
