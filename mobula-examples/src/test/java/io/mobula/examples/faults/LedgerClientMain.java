package io.mobula.examples.faults;

import io.mobula.rmi.registry.LocateRegistry;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code LedgerClientMain host port}: obeys standard input. {@code calls THREADS N} makes N calls on each of THREADS
 * threads with distinct sequence numbers and prints {@code CALLS ok=.. failed=.. wrong=.. maxMs=.. runs=.. doubled=..}
 * (wrong: an answer that is not the call's own number; runs and doubled: the server's counts afterwards);
 * {@code bulk THREADS N BYTES} the same with BYTES of random data per call, whose CRC-32 the server must return.
 * {@code slow MILLIS} starts one slow call and prints {@code SLOW-STARTED}, then {@code SLOW <outcome> <ms>} when it
 * ends. {@code counts} prints the server's {@code COUNTS runs=.. doubled=..}. {@code exit} ends.
 */
public final class LedgerClientMain {
    private LedgerClientMain() {
    }

    public static void main(String[] args) throws Exception {
        Ledger ledger = (Ledger) LocateRegistry.getRegistry(args[0], Integer.parseInt(args[1])).lookup("ledger");
        AtomicLong nextSeq = new AtomicLong();
        System.out.println("CONNECTED " + ledger.counts()[0]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null && !line.equals("exit"); ) {
            String[] w = line.split(" ");
            switch (w[0]) {
                case "calls" -> calls(ledger, Integer.parseInt(w[1]), Integer.parseInt(w[2]), 0, nextSeq);
                case "bulk" -> calls(ledger, Integer.parseInt(w[1]), Integer.parseInt(w[2]), Integer.parseInt(w[3]),
                        nextSeq);
                case "slow" -> {
                    long seq = nextSeq.incrementAndGet();
                    int millis = Integer.parseInt(w[1]);
                    Thread.ofPlatform().start(() -> {
                        long t0 = System.nanoTime();
                        String outcome;
                        try {
                            outcome = ledger.slow(seq, millis) == seq ? "answered" : "wrong";
                        } catch (RemoteException e) {
                            outcome = "failed " + e.getClass().getSimpleName();
                        }
                        System.out.println("SLOW " + outcome + " " + (System.nanoTime() - t0) / 1_000_000);
                    });
                    System.out.println("SLOW-STARTED");
                }
                case "counts" -> {
                    long[] c = ledger.counts();
                    System.out.println("COUNTS runs=" + c[0] + " doubled=" + c[1]);
                }
                default -> System.out.println("unknown " + line);
            }
        }
        System.exit(0);
    }

    /** {@code threads} x {@code n} calls: {@code record}, or {@code bulk} with {@code bytes} of data when positive. */
    private static void calls(Ledger ledger, int threads, int n, int bytes, AtomicLong nextSeq) throws Exception {
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicLong wrong = new AtomicLong();
        AtomicLong maxNanos = new AtomicLong();
        List<String> failures = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            done.add(pool.submit(() -> {
                for (int i = 0; i < n; i++) {
                    long seq = nextSeq.incrementAndGet();
                    long t0 = System.nanoTime();
                    try {
                        boolean right;
                        if (bytes > 0) {
                            byte[] data = new byte[bytes];
                            new java.util.Random(seq).nextBytes(data);
                            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                            crc.update(data);
                            right = ledger.bulk(seq, data) == crc.getValue();
                        } else {
                            right = ledger.record(seq) == seq;
                        }
                        if (right) {
                            ok.incrementAndGet();
                        } else {
                            wrong.incrementAndGet();
                        }
                    } catch (RemoteException e) {
                        failed.incrementAndGet();
                        synchronized (failures) {
                            failures.add(e.getClass().getSimpleName());
                        }
                    }
                    maxNanos.accumulateAndGet(System.nanoTime() - t0, Math::max);
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();
        long[] counts = ledger.counts();
        System.out.println("CALLS ok=" + ok + " failed=" + failed + " wrong=" + wrong + " maxMs="
                + maxNanos.get() / 1_000_000 + " runs=" + counts[0] + " doubled=" + counts[1] + " failures="
                + failures.stream().distinct().toList());
    }
}
