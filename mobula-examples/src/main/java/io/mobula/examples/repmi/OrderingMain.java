package io.mobula.examples.repmi;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.repmi.Cloud;
import io.mobula.rmi.Rmi;

/**
 * The two ordering anomalies of thesis 4.2.2 must not happen (run with 3 ranks): Figure 4.12, two clouds: rank 1
 * pushes i onto stack A and then onto stack B, while rank 2 reads B's size and then A's: since all writes to all
 * clouds share one order, A can never be seen smaller than B. Figure 4.13, RepMI then RMI: rank 1 pushes onto A
 * and then asks rank 2, by RMI, for the size of its replica of A: the call waits until rank 2 has applied the push,
 * so it is never smaller. {@code ./mobula run --np 3 io.mobula.examples.repmi.OrderingMain 300}; exits 0 only if no
 * anomaly was seen. With {@code connect-first}, rank 1 calls rank 2 once before either uses RepMI, so the RMI
 * connection between them predates the causal clock and must still carry it.
 */
public final class OrderingMain {
    private OrderingMain() {
    }

    /** Rank 2's checker: reads its own replica. */
    static final class LocalChecker implements Checker {
        @Override
        public int size(String cloud) {
            return Cloud.lookup(cloud, Stack.class).size();
        }

        @Override
        public int ping() {
            return 0;
        }
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        // with -Dmobula.repmi.causalRmi=false the RMI calls are not ordered after the writes: the anomaly of
        // figure 4.13 then shows, and "expect-anomalies" makes that the expected outcome (the fix's control)
        java.util.List<String> flags = java.util.Arrays.asList(args).subList(Math.min(1, args.length), args.length);
        boolean expectAnomalies = flags.contains("expect-anomalies");
        boolean connectFirst = flags.contains("connect-first");
        int code = 0;
        try {
            LocalChecker checker = new LocalChecker();
            Rmi.export(checker);
            try (Pool pool = Pool.join(PoolOptions.fromEnvironment().withService(checker))) {
                if (connectFirst && pool.rank() == 1) {
                    pool.service(2, Checker.class).ping(); // the connection to rank 2 now exists, without RepMI
                }
                Cloud.attach(pool);
                int me = pool.rank();
                if (pool.size() != 3) {
                    throw new IllegalArgumentException("run with 3 ranks");
                }
                if (me == 0) {
                    Cloud.create(Stack.class, StackRoot.class, "A");
                    Cloud.create(Stack.class, StackRoot.class, "B");
                }
                Stack a = Cloud.lookup("A", Stack.class);
                Stack b = Cloud.lookup("B", Stack.class);
                pool.barrier();
                int anomalies = 0;
                if (me == 1) {
                    Checker remote = pool.service(2, Checker.class);
                    for (int i = 1; i <= rounds; i++) {
                        a.push(i);
                        int seen = remote.size("A");
                        if (seen < i) {
                            anomalies++;
                            System.out.println("[repmi] figure 4.13 anomaly: rank 2 saw " + seen + " after push " + i);
                        }
                        b.push(i);
                    }
                } else if (me == 2) {
                    long deadline = System.nanoTime() + 60_000_000_000L;
                    int lastB = 0;
                    while (lastB < rounds && System.nanoTime() < deadline) {
                        int sb = b.size();
                        int sa = a.size();
                        if (sa < sb) {
                            anomalies++;
                            System.out.println("[repmi] figure 4.12 anomaly: A has " + sa + " but B has " + sb);
                        }
                        lastB = sb;
                    }
                    if (lastB < rounds) {
                        throw new AssertionError("rank 2 saw only " + lastB + " of " + rounds + " writes to B");
                    }
                }
                if (expectAnomalies && me == 1) {
                    if (anomalies == 0) {
                        throw new AssertionError("no figure 4.13 anomaly without the causal clock");
                    }
                    System.out.println("[repmi] without the causal clock: " + anomalies + " figure 4.13 anomalies in "
                            + rounds + " rounds");
                } else if (anomalies > 0 && !(expectAnomalies && me == 2)) {
                    throw new AssertionError(anomalies + " ordering anomalies on rank " + me);
                }
                pool.barrier();
                if (me == 0) {
                    System.out.println("[repmi] ordering: no anomaly in " + rounds + " rounds (figures 4.12, 4.13)");
                }
            }
        } catch (Throwable t) {
            System.err.println("[repmi] FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }
}
