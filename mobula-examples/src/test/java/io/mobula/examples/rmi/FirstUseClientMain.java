package io.mobula.examples.rmi;

import io.mobula.examples.rmi.FaultServiceImpl.Fresh;
import io.mobula.examples.rmi.FaultServiceImpl.Fresh2;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

/**
 * Concurrent first use of a fresh connection: several threads, released together, each look up the service (the
 * reply defines the stub's type and takes a DGC lease) and make first calls that define new types, while the
 * connection may be upgrading to shared memory. Prints {@code OK} or {@code FAIL <what>}.
 */
public final class FirstUseClientMain {
    private FirstUseClientMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]));
        int threads = 5;
        CyclicBarrier start = new CyclicBarrier(threads);
        StringBuffer failures = new StringBuffer();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            ts[t] = Thread.ofPlatform().start(() -> {
                try {
                    start.await(20, TimeUnit.SECONDS);
                    // dense traffic while the connection upgrades to shared memory
                    for (int i = 0; i < 20; i++) {
                        FaultService svc = (FaultService) registry.lookup("faults");
                        Object v = (id + i) % 2 == 0 ? new Fresh("t" + id, i) : List.of(new Fresh2(i), "x" + id);
                        if (!v.equals(svc.echo(v))) {
                            failures.append("wrong echo in thread ").append(id).append(' ');
                        }
                        if (registry.list().length == 0 || svc.add(id, i) != id + i) {
                            failures.append("wrong answer in thread ").append(id).append(' ');
                        }
                    }
                } catch (Throwable e) {
                    failures.append(e).append(' ');
                }
            });
        }
        for (Thread t : ts) {
            t.join(30_000);
        }
        System.out.println(failures.length() == 0 ? "OK" : "FAIL " + failures.toString().replace('\n', ' '));
        System.exit(0);
    }
}
