package io.mobula.examples.pool;

import io.mobula.pool.MemberLostException;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;

/**
 * A pool in which one rank fails after everyone joined: {@code RankFailureMain FAILING_RANK exit|stop}. Every rank
 * joins the pool the launcher describes, prints {@code rank R of N joined pool NAME pid P}, and passes a barrier.
 * Then the failing rank either exits with status 3 ({@code exit}) or just waits for the test to stop or kill it
 * ({@code stop}); the others watch the pool and, when it reports a lost member, print {@code rank R: lost rank L:
 * MESSAGE} and exit with 1. A watcher that sees no failure within 60 s exits with 4.
 */
public final class RankFailureMain {
    private RankFailureMain() {
    }

    public static void main(String[] args) throws Exception {
        int failing = Integer.parseInt(args[0]);
        String mode = args[1];
        int code;
        try (Pool pool = Pool.join(PoolOptions.fromEnvironment())) {
            int r = pool.rank();
            System.out.println("rank " + r + " of " + pool.size() + " joined pool " + pool.name() + " pid "
                    + ProcessHandle.current().pid());
            System.out.flush();
            pool.barrier();
            if (r == failing) {
                if (mode.equals("exit")) {
                    System.out.println("rank " + r + " exiting with status 3");
                    System.out.flush();
                    Runtime.getRuntime().halt(3);
                }
                Thread.sleep(60_000); // until stopped or killed
                code = 4;
            } else {
                code = watch(pool);
            }
        } catch (Exception e) {
            System.out.println("failed: " + e);
            code = 1;
        }
        System.out.flush();
        Runtime.getRuntime().halt(code); // without leaving the pool politely: a watcher's exit is a failure too
    }

    private static int watch(Pool pool) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                pool.check();
            } catch (MemberLostException e) {
                System.out.println("rank " + pool.rank() + ": lost rank " + e.rank() + ": " + e.getMessage());
                return 1;
            }
            Thread.sleep(20);
        }
        System.out.println("rank " + pool.rank() + ": no failure within 60 s");
        return 4;
    }
}
