package io.mobula.examples.box;

import io.mobula.apps.AppSettings;
import io.mobula.apps.KernelMain;
import io.mobula.apps.asp.AspGmi;
import io.mobula.apps.asp.AspKernel;
import io.mobula.apps.leq.LeqGmi;
import io.mobula.apps.leq.LeqKernel;
import io.mobula.examples.gmi.Table51;
import io.mobula.examples.pool.Where;
import io.mobula.pool.HostIdentity;
import io.mobula.pool.Member;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One rank of the cluster-in-a-box run: joins the pool, prints which ranks share its host, calls a sample of members
 * (its host mates, its two neighbours in rank order, and every member from rank 0) and prints the transport of each
 * connection, runs every row of the thesis's Table 5.1 on the pool, then ASP and LEQ (their GMI versions, 64 nodes and
 * 64 unknowns) in the same pool, each verified against its sequential version by rank 0, and prints its figures (join times, resident
 * memory, threads, connections, shared-memory segments). Exits 0, or 1 on any failure.
 */
public final class BoxRankMain {
    /** The size of ASP (nodes) and LEQ (unknowns): 2 rows per rank on 32 ranks. */
    private static final String KERNEL_SIZE = "64";

    private BoxRankMain() {
    }

    public static void main(String[] args) {
        int code = 0;
        try {
            Where self = () -> System.getProperty("mobula.host") + " shmdev=" + shmDevice() + " id="
                    + HostIdentity.local().id();
            Rmi.export(self);
            long joinStart = System.currentTimeMillis();
            try (Pool pool = Pool.join(PoolOptions.fromEnvironment().withService(self))) {
                long joined = System.currentTimeMillis();
                int me = pool.rank();
                int n = pool.size();
                List<Integer> mates = new ArrayList<>();
                for (Member m : pool.members()) {
                    if (m.rank() != me && m.host().sameHost(pool.self().host())) {
                        mates.add(m.rank());
                    }
                }
                System.out.println("mates " + mates);
                Set<Integer> sample = new TreeSet<>(mates);
                sample.add((me + 1) % n);
                sample.add((me + n - 1) % n);
                if (me == 0) {
                    for (int r = 1; r < n; r++) {
                        sample.add(r);
                    }
                }
                sample.remove(me);
                for (int r : sample) {
                    Where w = pool.service(r, Where.class);
                    String where = w.where();
                    // the upgrade to shared memory completes shortly after the first call on a connection: wait
                    // for it up to 2 s with a host mate, and give any other connection 3 calls and 60 ms to show one
                    boolean mate = mates.contains(r);
                    String via = Rmi.transportOf(w);
                    for (int i = 0; i < (mate ? 100 : 3) && "tcp".equals(via); i++) {
                        Thread.sleep(20);
                        w.where();
                        via = Rmi.transportOf(w);
                    }
                    System.out.println("reached " + r + ": " + where + " via " + via);
                }
                Table51.verify(pool);
                // ASP and LEQ (GMI versions, tiny sizes) in the same pool, each verified against its sequential
                // version on rank 0: no pool formed for them, so they cost only their own run
                long kernels = System.nanoTime();
                AppSettings settings = AppSettings.defaults();
                boolean asp = KernelMain.runInPool(pool, AspKernel.INSTANCE, "gmi", KERNEL_SIZE, new AspGmi(),
                        settings);
                boolean leq = KernelMain.runInPool(pool, LeqKernel.INSTANCE, "gmi", KERNEL_SIZE, new LeqGmi(),
                        settings);
                if (me == 0) {
                    System.out.printf(java.util.Locale.ROOT, "kernels asp=%s leq=%s in %d ms%n",
                            asp ? "verified" : "DIFFERS", leq ? "verified" : "DIFFERS",
                            (System.nanoTime() - kernels) / 1_000_000);
                }
                if (!asp || !leq) {
                    code = 1;
                }
                System.out.println(figures(joinStart, joined));
                pool.barrier(); // nobody leaves while another may still call it
            }
        } catch (Throwable t) {
            System.out.println("failed: " + t);
            t.printStackTrace(System.out);
            code = 1;
        }
        System.out.flush();
        System.exit(code);
    }

    /** {@code figures jvmStartMs=.. joinStartMs=.. joinedMs=.. rssKb=.. threads=.. connections=.. shmSegments=..}. */
    private static String figures(long joinStart, long joined) throws IOException {
        long jvmStart = ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
        long rss = -1;
        long threads = -1;
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (l.startsWith("VmRSS:")) {
                rss = Long.parseLong(l.replaceAll("\\D", ""));
            } else if (l.startsWith("Threads:")) {
                threads = Long.parseLong(l.replaceAll("\\D", ""));
            }
        }
        long segments;
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            segments = maps.filter(l -> l.contains("/dev/shm/mobula-")).map(l -> l.substring(l.indexOf('/')))
                    .distinct().count();
        }
        RmiCounters c = Rmi.counters();
        return "figures jvmStartMs=" + jvmStart + " joinStartMs=" + joinStart + " joinedMs=" + joined + " rssKb=" + rss
                + " threads=" + threads + " connections=" + (c.connectionsOpened() - c.connectionsLost())
                + " shmSegments=" + segments;
    }

    private static String shmDevice() {
        try {
            return String.valueOf(Files.getAttribute(Path.of("/dev/shm"), "unix:dev"));
        } catch (IOException | RuntimeException e) {
            return "none";
        }
    }
}
