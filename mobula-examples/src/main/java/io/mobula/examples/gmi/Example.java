package io.mobula.examples.gmi;

import io.mobula.gmi.Group;
import io.mobula.pool.Pool;
import java.util.Arrays;

/**
 * What the thesis's GMI examples share when run with {@code mobula run}: join the pool the launcher describes, make a
 * group of {@link BinImpl}s (on every rank, or on ranks 1.. with rank 0 as a client without a member, thesis Figure
 * 5.12), run the example, check its result, and exit 0 only if every check passed.
 */
abstract class Example {
    Pool pool;
    int me;
    int n;
    /** This rank's member, or null on a client rank. */
    BinImpl local;
    /** A group reference of this rank. */
    Bin group;

    /** The example's body; {@link #check} its results. */
    abstract void run() throws Exception;

    /** Whether rank 0 is a client without a member (client-server style) rather than a member (SPMD style). */
    boolean clientServer() {
        return false;
    }

    final void launch(String name) {
        int code = 0;
        try (Pool p = Pool.join()) {
            pool = p;
            me = p.rank();
            n = p.size();
            Group.attach(p);
            boolean member = !clientServer() || me > 0;
            int size = clientServer() ? n - 1 : n;
            if (size < 1) {
                throw new IllegalArgumentException(name + " needs at least " + (clientServer() ? 2 : 1) + " ranks");
            }
            Group.create(name, Bin.class, size);
            if (member) {
                local = new BinImpl();
                Group.join(name, local, clientServer() ? me - 1 : me);
            }
            group = Group.lookup(name, Bin.class);
            run();
            p.barrier(); // members stay until every rank is done with them
            if (me == 0) {
                System.out.println("[gmi] " + name + ": verified on " + n + " processes");
            }
        } catch (Throwable t) {
            System.err.println("[gmi] " + name + " FAILED on rank " + me + ": " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code); // the exported GMI port keeps the JVM alive otherwise, as java.rmi does
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    static void same(double[] got, double[] want, String what) {
        check(Arrays.equals(got, want), what + ": got " + Arrays.toString(got) + ", expected "
                + Arrays.toString(want));
    }

    static double[] range(int from, int count) {
        double[] d = new double[count];
        for (int i = 0; i < count; i++) {
            d[i] = from + i;
        }
        return d;
    }
}
