package io.mobula.examples.pool;

import io.mobula.pool.Member;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.rmi.Rmi;

/**
 * Joins the pool described by system properties, prints every member with its host identity and whether it is on
 * this process's host (where shared memory could be used), calls each member once, and leaves.
 */
public final class PoolInfoMain {
    private PoolInfoMain() {
    }

    public static void main(String[] args) throws Exception {
        Where self = () -> System.getProperty("mobula.host") + " " + io.mobula.pool.HostIdentity.local().id();
        Rmi.export(self);
        int code = 0;
        try (Pool pool = Pool.join(PoolOptions.fromEnvironment().withService(self))) {
            for (Member m : pool.members()) {
                System.out.println("member " + m.rank() + " address=" + m.address() + " host=" + m.host().id()
                        + " sameHost=" + m.host().sameHost(pool.self().host()));
            }
            for (Member m : pool.members()) {
                Where w = pool.service(m.rank(), Where.class);
                String where = w.where();
                // the upgrade to shared memory completes shortly after the first call on a connection
                String via = Rmi.transportOf(w);
                for (int i = 0; i < 100 && "tcp".equals(via); i++) {
                    Thread.sleep(20);
                    w.where();
                    via = Rmi.transportOf(w);
                }
                System.out.println("reached " + m.rank() + ": " + where + " via " + via);
            }
            pool.barrier(); // nobody leaves while another rank may still be calling it
            System.out.println("done");
        } catch (Exception e) {
            System.out.println("failed: " + e);
            code = 1;
        }
        System.out.flush();
        System.exit(code);
    }
}
