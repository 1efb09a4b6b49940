package io.mobula.examples.rmi;

import io.mobula.rmi.CallTimeoutException;
import io.mobula.rmi.registry.LocateRegistry;

/**
 * A client JVM with a call timeout (set by {@code -Dmobula.callTimeoutMs}): calls a method that sleeps longer and
 * prints {@code TIMEOUT <ms>} when the call gives up, then checks the connection still works.
 */
public final class TimeoutClientMain {
    private TimeoutClientMain() {
    }

    public static void main(String[] args) throws Exception {
        // the first call of a fresh JVM sets up the connection; on a loaded machine that alone can take longer than
        // the short call timeout under test, so it is retried (what is measured is the call below)
        TestService svc = null;
        for (int attempt = 1; svc == null; attempt++) {
            try {
                svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("svc");
                svc.add(0, 0);
            } catch (CallTimeoutException e) {
                svc = null;
                if (attempt == 10) {
                    throw e;
                }
            }
        }
        long t0 = System.nanoTime();
        try {
            svc.sleep(Integer.parseInt(args[1]));
            System.out.println("RETURNED");
        } catch (CallTimeoutException e) {
            System.out.println("TIMEOUT " + (System.nanoTime() - t0) / 1_000_000);
        }
        System.out.println("AFTER " + svc.add(20, 22));
        // asynchronous calls honour the timeout too, and a timed-out call frees its slot at once: two rounds of
        // 4000 calls (the connection has 4096 slots) whose replies would come much later
        for (int round = 0; round < 2; round++) {
            java.util.List<java.util.concurrent.CompletableFuture<String>> fs = new java.util.ArrayList<>();
            for (int i = 0; i < 4000; i++) {
                fs.add(svc.later("x", 60_000));
            }
            int timedOut = 0;
            for (var f : fs) {
                try {
                    f.get(20, java.util.concurrent.TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof CallTimeoutException) {
                        timedOut++;
                    }
                }
            }
            System.out.println("ASYNC TIMEOUTS " + timedOut);
        }
        System.out.println("AFTER " + svc.add(20, 22));
        System.exit(0);
    }
}
