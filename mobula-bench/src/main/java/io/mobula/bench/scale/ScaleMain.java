package io.mobula.bench.scale;

/**
 * One size of the simulation in this JVM: {@code ScaleMain N TIMEOUT_MS [OPERATION,... [COST_MODEL_FILE NAME]]}; rows
 * on stdout, a failure on stderr. With a cost-model file ({@link CostModel#read}), named {@code NAME} in the rows,
 * every row carries the latencies it predicts.
 */
public final class ScaleMain {
    private ScaleMain() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long timeoutMs = Long.parseLong(args[1]);
        raiseConnectionLimits(n);
        try {
            java.util.List<String> operations = args.length > 2 ? java.util.List.of(args[2].split(","))
                    : Simulation.OPERATIONS;
            CostModel model = args.length > 4 ? CostModel.read(java.nio.file.Path.of(args[3]), args[4]) : null;
            Simulation.run(n, timeoutMs, operations, model, r -> {
                System.out.println(r.json());
                System.out.flush();
            });
            System.out.println(footprint(n));
            System.out.flush();
            System.exit(0);
        } catch (Throwable t) {
            System.err.println("scale-error: " + t + fileDescriptors());
            t.printStackTrace();
            System.exit(1);
        }
    }

    /**
     * How many file descriptors this process has open and may open, as a note for a failure: every node's connections
     * are in this one process, each end of a TCP connection holding one while idle and three while busy (the socket,
     * and its receive thread's selector's epoll and wake-up descriptors), so the process limit ({@code ulimit -n})
     * bounds N. Empty where the JVM does not say.
     */
    static String fileDescriptors() {
        var os = unixSystem();
        return os == null ? "" : " (" + os.getOpenFileDescriptorCount() + " file descriptors open, at most "
                + os.getMaxFileDescriptorCount() + ")";
    }

    /** The JVM's view of a Unix system (descriptor counts), or null elsewhere. */
    private static com.sun.management.UnixOperatingSystemMXBean unixSystem() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.UnixOperatingSystemMXBean os ? os : null;
    }

    /** What the simulation of {@code n} members holds at its end: heap, class metadata, threads, file descriptors. */
    static String footprint(int n) {
        System.gc();
        var heap = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long meta = 0;
        for (var pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().contains("Metaspace") || pool.getName().contains("Class Space")) {
                meta = Math.max(meta, pool.getUsage().getUsed());
            }
        }
        int threads = java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount();
        long classes = java.lang.management.ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
        var os = unixSystem();
        long fds = os == null ? -1 : os.getOpenFileDescriptorCount();
        return String.format(java.util.Locale.ROOT, "{\"suite\":\"scale\",\"n\":%d,\"operation\":\"footprint\","
                + "\"heap_used_mb\":%d,\"metaspace_mb\":%d,\"platform_threads\":%d,\"classes\":%d,"
                + "\"open_fds\":%d}", n, heap.getUsed() >> 20, meta >> 20, threads, classes, fds);
    }

    /**
     * Every node accepts from 127.0.0.1: the coordinator a connection per member, a member one per peer that calls
     * it. The default limits (1024 in all, 256 per address) protect a real process from floods; here they would cut
     * off the simulation's own members.
     */
    static void raiseConnectionLimits(int n) {
        String limit = Integer.toString(Math.max(1024, 4 * n + 16));
        System.setProperty("mobula.maxAcceptedConnections", limit);
        System.setProperty("mobula.maxAcceptedConnectionsPerHost", limit);
    }
}
