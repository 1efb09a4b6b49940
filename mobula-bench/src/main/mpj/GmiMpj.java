import java.util.Arrays;
import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;

/**
 * MPJ Express baseline of the GMI benchmark suite (io.mobula.bench.gmi.GmiSuite), written against the mpiJava 1.2
 * API: the same cases, payloads, checks and timing as the Java ranks (io.mobula.bench.gmi.GmiRank) and the Open MPI
 * program (src/main/c/gmi_mpi.c), with the same collectives (Bcast, Scatter, Allreduce, Allgather). Compiled at bench
 * time against the installed MPJ Express into mobula-bench/target and run on its multicore device (shm: the ranks
 * are threads of one JVM) or its niodev device (tcp: one JVM per rank); rank 0 prints one "RESULT {json}" line per
 * case, then "DONE".
 *
 *   GmiMpj [warmup-ms:M] case:elements:warmup:samples:batch ...   (after MPJ Express's own three arguments)
 *
 * warmup-ms:M stretches every case's counted warm-up to at least M milliseconds, as the Java ranks of the other
 * systems do (io.mobula.bench.ranks.TimedWarmUp): rank 0 adds operations, as many as the counted ones took time for,
 * and up to 200000 operations of a latency case (20000 of a payload case) in all as long as they fit in 15 s at the
 * counted rate.
 *
 * What one sample is (rank 0 times it with System.nanoTime), as in gmi_mpi.c:
 *   broadcast      Bcast of `elements` doubles from rank 0, then every other rank sends rank 0 an empty message
 *                  (the acknowledgement); the sample ends when rank 0 has received all of them.
 *   scatter        Scatter of `elements` doubles to each rank, then the same acknowledgements.
 *   reduce-to-all  Allreduce (MPI.SUM) of `elements` doubles.
 *   gather-to-all  Allgather of `elements` doubles from each rank.
 *   broadcast-throughput      `batch` Bcasts back to back, then the acknowledgements; sample = time / batch.
 *   gather-to-all-throughput  as gather-to-all.
 * Data and checks: a broadcast array carries the operation number in its first and last element; rank i's share of
 * a scatter is filled with i; rank r contributes r + 1 + j at index j to a reduce; rank r contributes r + 1 to a
 * gather. Every rank checks what it received; a failed check fails the case (reported by rank 0). Percentiles are
 * nearest rank on the sorted samples.
 */
public final class GmiMpj {
    private static final int TAG_ACK = 7;
    private static final String[] NAMES = {"broadcast", "scatter", "reduce-to-all", "gather-to-all",
        "broadcast-throughput", "gather-to-all-throughput"};
    private static final int BROADCAST = 0;
    private static final int SCATTER = 1;
    private static final int REDUCE = 2;
    private static final int GATHER = 3;
    private static final int BROADCAST_TP = 4;
    private static final int GATHER_TP = 5;

    /** At most this many warm-up operations are added, however fast they are (as the Java ranks). */
    private static final int MAX_EXTRA = 5_000_000;
    /** At least this many warm-up operations within CAP_NANOS (as the Java ranks). */
    private static final int MIN_OPERATIONS = 200_000;
    /** ... and this many of a payload case (as the Java ranks). */
    private static final int MIN_PAYLOAD_OPERATIONS = 20_000;
    private static final long CAP_NANOS = 15_000_000_000L;
    private static final long ROUND_NANOS = 1_000_000_000L;
    private static final byte[] EMPTY = new byte[0];
    private static final String WARMUP_MS = "warmup-ms:";

    private static Intracomm world;
    private static int rank;
    private static int size;
    private static long warmupMillis;
    // the case under way
    private static int batch;
    private static double[] buf;
    private static double[] mine;
    private static double[] out;
    private static long bad;
    private static String err;

    /**
     * Runs the program; a rank that fails ends its JVM with exit code 1, so that whoever started the ranks ends the
     * others (MPJ Express 0.44's {@code Abort} does nothing, and niodev's threads keep a failed rank's JVM alive).
     */
    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        String[] rest = MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.Rank();
        size = world.Size();
        if (rest.length < 1) {
            if (rank == 0) {
                System.err.println("usage: GmiMpj case:elements:warmup:samples:batch ...");
            }
            MPI.Finalize();
            return;
        }
        for (String arg : rest) {
            if (arg.startsWith(WARMUP_MS)) {
                warmupMillis = Math.max(0, Long.parseLong(arg.substring(WARMUP_MS.length())));
                continue;
            }
            long[] spec = parse(arg);
            if (spec == null) {
                if (rank == 0) {
                    System.out.println("RESULT {\"case\":\"" + arg.split(":")[0] + "\",\"error\":\"bad case spec "
                            + arg + "\"}");
                }
                continue;
            }
            int kind = (int) spec[0];
            int samplesWanted = (int) spec[3];
            long[] samples = new long[samplesWanted];
            long warmed = measure(kind, (int) spec[1], (int) spec[2], samplesWanted, (int) spec[4], samples);
            // the lowest rank with a failed check tells rank 0 what failed
            int[] failed = {bad > 0 ? rank : size};
            int[] who = new int[1];
            world.Allreduce(failed, 0, who, 0, 1, MPI.INT, MPI.MIN);
            if (who[0] < size && who[0] != 0) {
                char[] msg = new char[256];
                if (rank == who[0]) {
                    String e = err.length() > 256 ? err.substring(0, 256) : err;
                    e.getChars(0, e.length(), msg, 0);
                    world.Send(msg, 0, msg.length, MPI.CHAR, 0, TAG_ACK + 1);
                }
                if (rank == 0) {
                    world.Recv(msg, 0, msg.length, MPI.CHAR, who[0], TAG_ACK + 1);
                    err = new String(msg).trim();
                }
            }
            if (rank == 0) {
                if (who[0] < size) {
                    System.out.println("RESULT {\"case\":\"" + NAMES[kind] + "\",\"error\":\""
                            + err.replace("\"", "'").replace("\\", "/") + "\"}");
                } else {
                    Arrays.sort(samples);
                    double sum = 0;
                    for (long s : samples) {
                        sum += s;
                    }
                    long parts = kind == SCATTER || kind == GATHER || kind == GATHER_TP ? size : 1;
                    System.out.println(String.format(Locale.ROOT, "RESULT {\"case\":\"%s\",\"samples\":%d,"
                            + "\"p50_ns\":%d,\"p99_ns\":%d,\"mean_ns\":%.3f,\"min_ns\":%d,\"max_ns\":%d,"
                            + "\"elements\":%d,\"payload_bytes\":%d,\"warmup_ops\":%d}", NAMES[kind], samplesWanted,
                            nearestRank(samples, 50), nearestRank(samples, 99), sum / samplesWanted, samples[0],
                            samples[samplesWanted - 1], spec[1], 8 * spec[1] * parts, warmed));
                }
                System.out.flush();
            }
        }
        world.Barrier();
        if (rank == 0) {
            System.out.println("DONE");
            System.out.flush();
        }
        MPI.Finalize();
    }

    /** {kind, elements, warmup, samples, batch}, or null when the spec is malformed. */
    private static long[] parse(String arg) {
        String[] f = arg.split(":");
        if (f.length != 5) {
            return null;
        }
        int kind = Arrays.asList(NAMES).indexOf(f[0]);
        try {
            long[] s = {kind, Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4])};
            boolean ok = kind >= 0 && s[1] >= 1 && s[1] * Math.max(size, 1) <= Integer.MAX_VALUE && s[2] >= 0
                    && s[2] <= Integer.MAX_VALUE && s[3] >= 1 && s[3] <= 100_000_000 && s[4] >= 1
                    && s[4] <= Integer.MAX_VALUE;
            return ok ? s : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long nearestRank(long[] sorted, long percent) {
        long r = (percent * sorted.length + 99) / 100; // ceil(percent / 100 * n)
        r = Math.max(1, Math.min(sorted.length, r));
        return sorted[(int) r - 1];
    }

    private static void acks() {
        if (rank == 0) {
            for (int k = 1; k < size; k++) {
                world.Recv(EMPTY, 0, 0, MPI.BYTE, MPI.ANY_SOURCE, TAG_ACK);
            }
        } else {
            world.Send(EMPTY, 0, 0, MPI.BYTE, 0, TAG_ACK);
        }
    }

    /**
     * Runs one case: the counted warm-up, stretched to at least {@code warmupMillis} by more operations (rank 0
     * decides how many from the time the counted ones took, as the Java ranks do, and broadcasts the number), then the
     * timed samples. Returns the warm-up operations run; the failed checks at this rank are counted in {@link #bad}
     * (the first is described in {@link #err}).
     */
    private static long measure(int kind, int len, int warmup, int count, int batchArg, long[] samples) {
        bad = 0;
        err = "";
        batch = kind == BROADCAST_TP ? batchArg : 1;
        buf = new double[len * size];
        mine = new double[len];
        out = new double[len * size];
        if (kind == SCATTER && rank == 0) {
            for (int r = 0; r < size; r++) {
                Arrays.fill(buf, r * len, (r + 1) * len, r);
            }
        }
        for (int j = 0; j < len; j++) {
            mine[j] = kind == REDUCE ? rank + 1 + j : rank + 1;
        }
        world.Barrier();
        long w0 = System.nanoTime();
        for (long i = -warmup; i < 0; i++) {
            sample(kind, len, i);
        }
        int[] extra = {0};
        boolean latency = kind != BROADCAST_TP && kind != GATHER_TP;
        if (rank == 0) {
            extra[0] = extraWarmUp(warmup, System.nanoTime() - w0, latency);
        }
        world.Bcast(extra, 0, 1, MPI.INT, 0);
        long stretch = System.nanoTime();
        for (int i = 0; i < extra[0]; i++) {
            sample(kind, len, -1);
        }
        if (!latency) { // the payload count, in rounds rank 0 decides (as TimedWarmUp.payloadRound)
            int latest = extra[0] > 0 ? extra[0] : warmup;
            long since = extra[0] > 0 ? stretch : w0;
            int[] round = {0};
            do {
                long now = System.nanoTime();
                round[0] = rank == 0 ? payloadWarmUpRound(warmup + extra[0], batch, latest, now - since, now - w0) : 0;
                world.Bcast(round, 0, 1, MPI.INT, 0);
                for (int i = 0; i < round[0]; i++) {
                    sample(kind, len, -1);
                }
                extra[0] += round[0];
                latest = round[0];
                since = now;
            } while (round[0] > 0);
        }
        for (int i = 0; i < count; i++) {
            samples[i] = sample(kind, len, i);
        }
        return (long) warmup + extra[0];
    }

    /** Operations to add after {@code done} took {@code elapsed} ns so that the warm-up lasts the minimum. */
    private static int extraWarmUp(int done, long elapsed, boolean latency) {
        long min = warmupMillis * 1_000_000L;
        if (min == 0 || done <= 0) {
            return 0;
        }
        // as TimedWarmUp: the minimum time, and in a latency case at least MIN_OPERATIONS within CAP_NANOS at the
        // counted rate
        double perOperation = Math.max(1.0, (double) elapsed / done);
        double forTime = elapsed >= min ? 0 : Math.ceil((min - elapsed) / perOperation);
        double forCount = latency ? Math.max(0, MIN_OPERATIONS - done) : 0;
        double withinCap = Math.max(0, Math.max(min, CAP_NANOS) - elapsed) / perOperation;
        return (int) Math.min(MAX_EXTRA, Math.max(forTime, Math.min(forCount, Math.floor(withinCap))));
    }

    /**
     * A payload case's next round of warm-up samples towards MIN_PAYLOAD_OPERATIONS operations, within CAP_NANOS of
     * warm-up in all and at most ROUND_NANOS, at the rate of the {@code latest} samples (as TimedWarmUp.payloadRound).
     */
    private static int payloadWarmUpRound(int done, int perSample, int latest, long latestNanos, long elapsed) {
        long min = warmupMillis * 1_000_000L;
        if (min == 0 || done <= 0 || latest <= 0) {
            return 0;
        }
        long ops = Math.max(1, perSample);
        double perSampleNanos = Math.max(1.0, (double) latestNanos / latest);
        double forCount = Math.max(0, Math.ceil((MIN_PAYLOAD_OPERATIONS - (double) done * ops) / ops));
        long cap = Math.max(min, Math.min(CAP_NANOS, 10 * min)); // as TimedWarmUp.PAYLOAD_CAP_FACTOR
        double withinCap = Math.floor(Math.max(0, cap - elapsed) / perSampleNanos);
        double round = Math.max(1, Math.floor(ROUND_NANOS / perSampleNanos));
        return (int) Math.min(MAX_EXTRA, Math.min(forCount, Math.min(withinCap, round)));
    }

    /** One sample (operation number {@code i}); its time in ns, per operation of a batch. */
    private static long sample(int kind, int len, long i) {
        long t0 = System.nanoTime();
        switch (kind) {
            case BROADCAST, BROADCAST_TP -> {
                for (int k = 0; k < batch; k++) {
                    if (rank == 0 && kind == BROADCAST) {
                        buf[0] = i;
                        buf[len - 1] = i;
                    }
                    world.Bcast(buf, 0, len, MPI.DOUBLE, 0);
                    if (rank != 0 && buf[0] != buf[len - 1] && bad++ == 0) {
                        err = "rank " + rank + " received wrong data: first " + buf[0] + ", last " + buf[len - 1];
                    }
                }
                acks();
            }
            case SCATTER -> {
                world.Scatter(buf, 0, len, MPI.DOUBLE, out, 0, len, MPI.DOUBLE, 0);
                if ((out[0] != rank || out[len - 1] != rank) && bad++ == 0) {
                    err = "rank " + rank + " received wrong data: first " + out[0] + ", last " + out[len - 1];
                }
                acks();
            }
            case REDUCE -> {
                world.Allreduce(mine, 0, out, 0, len, MPI.DOUBLE, MPI.SUM);
                double base = size * (size + 1) / 2.0;
                if ((out[0] != base || out[len - 1] != base + (double) size * (len - 1)) && bad++ == 0) {
                    err = "rank " + rank + ": wrong reduce result (first " + out[0] + ", expected " + base + ")";
                }
            }
            default -> { // GATHER, GATHER_TP
                world.Allgather(mine, 0, len, MPI.DOUBLE, out, 0, len, MPI.DOUBLE);
                for (int r = 0; r < size; r++) {
                    if ((out[r * len] != r + 1 || out[r * len + len - 1] != r + 1) && bad++ == 0) {
                        err = "rank " + rank + ": block " + r + " of the gather holds " + out[r * len];
                    }
                }
            }
        }
        return (System.nanoTime() - t0) / batch;
    }
}
