package io.mobula.bench.load;

import io.mobula.bench.rmi.Json;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server and client JVMs of {@link LoadHarness}. Both read commands on stdin and halt at its end of file, so none
 * outlives the harness.
 *
 * <pre>
 *   LoadChild server pinned|collected
 *                             prints READY port (tickets pinned or left to the DGC); stdin: GO periodMs collect | COUNTS (prints COUNTS {json})
 *   LoadChild client port jvm threads star|soak amount warmup periodMs collect transport
 *                             prints READY after its warm-up, waits for GO, runs, prints RESULT {json}, and stays
 *                             connected until its stdin closes
 * </pre>
 *
 * A star client runs {@code amount} seconds per thread; a soak client {@code amount} calls in all, split among its
 * threads. Client thread {@code t} of JVM {@code j} has id {@code j * 1000 + t}.
 */
public final class LoadChild {
    private static final long GO_TIMEOUT_MINUTES = 10;

    private LoadChild() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (args.length == 2 && args[0].equals("server")) {
            serve(in, out, args[1].equals("pinned"));
        } else if (args.length == 10 && args[0].equals("client")) {
            client(args, in, out);
        } else {
            System.err.println("usage: LoadChild server pinned|collected | client port jvm threads star|soak amount warmup periodMs"
                    + " collect transport");
            System.exit(2);
        }
        System.exit(0);
    }

    private static void serve(BufferedReader in, PrintStream out, boolean pinTickets) throws Exception {
        Registry registry = LocateRegistry.createRegistry(0);
        SoakServiceImpl impl = new SoakServiceImpl(pinTickets);
        registry.rebind("soak", Rmi.export(impl));
        say(out, "READY " + LocateRegistry.localPort());
        Thread sampling = null;
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.trim().split(" ");
            if (w[0].equals("GO") && w.length == 3) {
                sampling = new ResourceSampler(out, Boolean.parseBoolean(w[2]), null).start(Long.parseLong(w[1]));
            } else if (w[0].equals("COUNTS")) {
                if (sampling != null) { // the samples cover the calls only, not the idle time after them
                    sampling.interrupt();
                    sampling.join(10_000);
                }
                Json.Obj o = new Json.Obj();
                long[] counts = impl.counts();
                for (Op op : Op.values()) {
                    o.put("op_" + op.id(), counts[op.ordinal()]);
                }
                o.put("out_of_order", impl.outOfOrder()).put("callback_failures", impl.callbackFailures());
                say(out, "COUNTS " + o);
            }
        }
        Runtime.getRuntime().halt(0); // stdin closed: the harness is done or gone
    }

    private static void client(String[] a, BufferedReader in, PrintStream out) throws Exception {
        int port = Integer.parseInt(a[1]);
        int jvm = Integer.parseInt(a[2]);
        int threads = Integer.parseInt(a[3]);
        boolean star = a[4].equals("star");
        long amount = Long.parseLong(a[5]);
        int warmup = Integer.parseInt(a[6]);
        long periodMs = Long.parseLong(a[7]);
        boolean collect = Boolean.parseBoolean(a[8]);
        String transport = a[9];

        CountDownLatch go = new CountDownLatch(1);
        Thread watch = Thread.ofPlatform().daemon().name("stdin-watch").start(() -> {
            try {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.trim().equals("GO")) {
                        go.countDown();
                    }
                }
            } catch (IOException e) {
                // treated as end of file
            }
            Runtime.getRuntime().halt(3);
        });

        AtomicLong callbacks = new AtomicLong();
        LongAdder progress = new LongAdder();
        List<ClientCalls> calls = new ArrayList<>();
        long pings = 0; // the server counts these too
        for (int t = 0; t < threads; t++) {
            SoakService server = (SoakService) LocateRegistry.getRegistry("127.0.0.1", port).lookup("soak");
            pings += awaitTransport(server, transport);
            SoakCallback cb = star ? null : (SoakCallback) Rmi.export(new CountingCallback(callbacks));
            calls.add(new ClientCalls(server, cb, jvm * 1000 + t, progress));
        }
        List<Thread> workers = new ArrayList<>();
        long[] timedSeconds = new long[1];
        CountDownLatch warmed = new CountDownLatch(threads);
        CountDownLatch firstDone = new CountDownLatch(1);
        for (int t = 0; t < threads; t++) {
            ClientCalls c = calls.get(t);
            long share = amount / threads + (t < amount % threads ? 1 : 0);
            workers.add(Thread.ofPlatform().name("client-" + t).start(() -> {
                for (int i = 0; i < warmup; i++) {
                    if (star) {
                        c.star(false);
                    } else {
                        c.soak(i, false);
                    }
                }
                warmed.countDown();
                try {
                    if (!go.await(GO_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                        return;
                    }
                } catch (InterruptedException e) {
                    return;
                }
                if (star) {
                    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(amount);
                    while (System.nanoTime() - end < 0) {
                        c.star(true);
                    }
                } else {
                    for (long i = warmup; i < warmup + share; i++) {
                        c.soak(i, true);
                    }
                }
                firstDone.countDown();
            }));
        }
        if (!warmed.await(GO_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            throw new IllegalStateException("warm-up did not end within " + GO_TIMEOUT_MINUTES + " minutes");
        }
        say(out, "READY");
        if (!go.await(GO_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            throw new IllegalStateException("no GO within " + GO_TIMEOUT_MINUTES + " minutes");
        }
        long t0 = System.nanoTime();
        Thread sampling = new ResourceSampler(out, collect, progress::sum).start(periodMs);
        firstDone.await();
        sampling.interrupt(); // the samples cover the time every thread calls, not the ends of the shares
        sampling.join(10_000);
        for (Thread w : workers) {
            w.join();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        say(out, "RESULT " + result(calls, pings, callbacks.get(), seconds,
                Rmi.transportOf((Remote) firstServer(calls))));
        // stay connected until the harness has the server's last sample and closes our stdin (the watch halts us)
        watch.join(TimeUnit.MINUTES.toMillis(GO_TIMEOUT_MINUTES));
    }

    private static Object firstServer(List<ClientCalls> calls) {
        return calls.getFirst().server();
    }

    private static String result(List<ClientCalls> calls, long pings, long callbacks, double seconds, String transport) {
        long[] completed = new long[Op.values().length];
        completed[Op.PING.ordinal()] = pings;
        LatencyHistogram h = new LatencyHistogram();
        long errors = 0;
        List<String> firstErrors = new ArrayList<>();
        for (ClientCalls c : calls) {
            for (int i = 0; i < completed.length; i++) {
                completed[i] += c.completed()[i];
            }
            h.add(c.latencies());
            errors += c.errors();
            firstErrors.addAll(c.firstErrors());
        }
        Json.Obj o = new Json.Obj();
        for (Op op : Op.values()) {
            o.put("op_" + op.id(), completed[op.ordinal()]);
        }
        return o.put("timed", h.count()).put("errors", errors).put("callbacks", callbacks).put("seconds", seconds)
                .put("transport", String.valueOf(transport))
                .put("first_errors", String.join(" | ", firstErrors.subList(0, Math.min(5, firstErrors.size()))))
                .put("hist", h.encode()).toString();
    }

    /**
     * Pings until the calls travel over {@code transport} (shm follows the first HELLOs), at most 20 s; returns the
     * pings made.
     */
    private static long awaitTransport(SoakService server, String transport) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        long pings = 0;
        while (!transport.equals(Rmi.transportOf((Remote) server))) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("calls travel over " + Rmi.transportOf((Remote) server) + ", not "
                        + transport);
            }
            server.ping();
            pings++;
            Thread.sleep(1);
        }
        return pings;
    }

    private static void say(PrintStream out, String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    /** The client's callback: triples, and counts the calls this JVM received. */
    private static final class CountingCallback implements SoakCallback {
        private final AtomicLong calls;

        CountingCallback(AtomicLong calls) {
            this.calls = calls;
        }

        @Override
        public long triple(long x) {
            calls.incrementAndGet();
            return 3 * x;
        }
    }
}
