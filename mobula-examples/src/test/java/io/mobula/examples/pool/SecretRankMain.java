package io.mobula.examples.pool;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.rmi.Rmi;

/**
 * A rank that says whether it has a cluster secret and where its environment gave it one (the variable, else the
 * per-user cookie), joins its pool (whose coordinator requires the secret when the
 * launcher has one), meets the others at a barrier and leaves.
 */
public final class SecretRankMain {
    private SecretRankMain() {
    }

    public static void main(String[] args) {
        String from = System.getenv("MOBULA_SECRET") != null ? "MOBULA_SECRET"
                : System.getenv("MOBULA_SECRET_FILE") != null ? "MOBULA_SECRET_FILE" : "cookie";
        System.out.println("secret=" + (Rmi.config().secret() != null) + " from=" + from);
        int code = 0;
        try (Pool pool = Pool.join(PoolOptions.fromEnvironment())) {
            pool.barrier();
            System.out.println("done " + pool.self().rank() + " of " + pool.size());
        } catch (Exception e) {
            System.out.println("failed: " + e);
            code = 1;
        }
        System.out.flush();
        System.exit(code);
    }
}
