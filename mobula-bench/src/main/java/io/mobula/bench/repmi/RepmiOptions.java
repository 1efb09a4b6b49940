package io.mobula.bench.repmi;

import static io.mobula.bench.ranks.CliArgs.number;
import static io.mobula.bench.ranks.CliArgs.split;
import static io.mobula.bench.ranks.CliArgs.subset;
import static io.mobula.bench.ranks.CliArgs.value;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command line of {@link RepmiSuite}; see {@link #USAGE}. The amounts can be overridden for tests and ad-hoc runs.
 *
 * @param warmup      untimed samples of the latency cases (null-rmi, write, broadcast-latency)
 * @param samples     timed samples of the latency cases
 * @param gapWarmup   untimed samples of broadcast-gap
 * @param gapSamples  timed samples of broadcast-gap
 * @param gapBatch    writes per broadcast-gap sample
 * @param tpWarmup    untimed samples of the throughput cases
 * @param tpSamples   timed samples of the throughput cases
 * @param tpBatch     writes per throughput sample
 * @param arrayBytes  bytes of each throughput write's array
 * @param readWarmup  untimed samples of the read case
 * @param readSamples timed samples of the read case
 * @param readCalls   calls per read sample
 * @param warmupMillis the least time the writer warms up each case for, in milliseconds: it adds untimed samples
 *                    to the counted ones until the warm-up lasted that long ({@link io.mobula.bench.ranks.TimedWarmUp})
 * @param jfr         a directory where every rank JVM records a JFR profile ({@code --jfr DIR}), or null
 */
record RepmiOptions(boolean full, Path json, List<String> systems, List<RepmiCase> cases, List<Integer> sizes,
        List<String> transports, int warmup, int samples, int gapWarmup, int gapSamples, int gapBatch, int tpWarmup,
        int tpSamples, int tpBatch, int arrayBytes, int readWarmup, int readSamples, int readCalls,
        long warmupMillis, Path jfr, boolean help) {

    static final List<String> TRANSPORTS = List.of("shm", "tcp");

    static final String USAGE = """
            usage: mobula bench repmi [--quick|--full] [--json FILE] [--systems a,b,..] [--cases a,b,..]
                                      [--sizes 1,2,4,..] [--transports shm,tcp] [--warmup N] [--samples N]
                                      [--gap-warmup N] [--gap-samples N] [--gap-batch N] [--tp-warmup N]
                                      [--tp-samples N] [--tp-batch N] [--array-bytes N] [--read-warmup N]
                                      [--read-samples N] [--read-calls N] [--warmup-ms N] [--jfr DIR]
              --quick        default: N = 1, 2, 4 processes (baselines from N = 2); 20000 warm-up + 1000 timed
                             writes per latency case; 20 + 100 samples of 16 writes (gap); 3 + 12 samples of 4
                             writes of 100 KiB (throughput); 5 + 30 samples of 1000000 reads; every case warms
                             up for at least 2 s
              --full         N = 1, 2, 4, 8; 50000 + 5000; 50 + 400 of 16; 5 + 40 of 8; 10 + 100 samples; 5 s
              --warmup-ms N  the least warm-up time per case, in milliseconds (0: the counts alone); with a
                             least time, also at least 200000 operations of a latency case and
                             20000 of a payload case, if they fit in 15 s (the latter in 10 times
                             the least time)
              --json FILE    JSON lines output (default bench-results/repmi-<timestamp>.jsonl)
              --systems      subset of: mobula-repmi, rmi-push, rmi-tree, raw-broadcast
              --cases        subset of: read, null-rmi, write, broadcast-latency, broadcast-gap,
                             write-throughput-100k (both arrays), write-throughput-100k-byte,
                             write-throughput-100k-double
              --transports   subset of: shm, tcp (tcp: -Dmobula.transports=tcp in every rank)
              --jfr DIR      every rank JVM records a JFR profile (settings=profile, every park) into DIR
            """;

    static RepmiOptions parse(String[] args) {
        boolean full = false;
        boolean help = false;
        Path json = null;
        List<String> systems = RepmiRank.SYSTEMS;
        List<RepmiCase> cases = List.of(RepmiCase.values());
        List<Integer> sizes = null;
        List<String> transports = TRANSPORTS;
        Integer[] n = new Integer[11];
        Path jfr = null;
        Long warmupMillis = null;
        List<String> counts = List.of("--warmup", "--samples", "--gap-warmup", "--gap-samples", "--gap-batch",
                "--tp-warmup", "--tp-samples", "--tp-batch", "--array-bytes", "--read-warmup", "--read-samples",
                "--read-calls");
        int arrayBytes = 100 * 1024;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            int k = counts.indexOf(a);
            if (k >= 0) {
                String v = value(args, ++i, a);
                if (a.equals("--array-bytes")) {
                    arrayBytes = number(v, a, 8);
                } else {
                    int min = a.endsWith("warmup") ? 0 : 1;
                    n[k > 8 ? k - 1 : k] = number(v, a, min);
                }
                continue;
            }
            switch (a) {
                case "--quick" -> full = false;
                case "--full" -> full = true;
                case "-h", "--help" -> help = true;
                case "--json" -> json = Path.of(value(args, ++i, a));
                case "--systems" -> systems = subset(split(value(args, ++i, a)), RepmiRank.SYSTEMS, a);
                case "--cases" -> {
                    List<RepmiCase> cs = new ArrayList<>();
                    for (String name : split(value(args, ++i, a))) {
                        for (RepmiCase c : RepmiCase.named(name)) {
                            if (!cs.contains(c)) {
                                cs.add(c);
                            }
                        }
                    }
                    cases = List.of(RepmiCase.values()).stream().filter(cs::contains).toList();
                }
                case "--transports" -> transports = subset(split(value(args, ++i, a)), TRANSPORTS, a);
                case "--sizes" -> {
                    List<Integer> s = new ArrayList<>();
                    for (String v : split(value(args, ++i, a))) {
                        int x = number(v, a, 1);
                        if (!s.contains(x)) {
                            s.add(x);
                        }
                    }
                    sizes = s;
                }
                case "--jfr" -> jfr = Path.of(value(args, ++i, a)).toAbsolutePath();
                case "--warmup-ms" -> warmupMillis = (long) number(value(args, ++i, a), a, 0);
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        if (cases.isEmpty() || systems.isEmpty() || transports.isEmpty() || (sizes != null && sizes.isEmpty())) {
            throw new IllegalArgumentException("empty --cases, --systems, --transports or --sizes");
        }
        int[] quick = {20_000, 1000, 20, 100, 16, 3, 12, 4, 5, 30, 1_000_000};
        int[] fullAmounts = {50_000, 5000, 50, 400, 16, 5, 40, 8, 10, 100, 1_000_000};
        int[] d = full ? fullAmounts : quick;
        int[] v = new int[11];
        for (int k = 0; k < 11; k++) {
            v[k] = n[k] != null ? n[k] : d[k];
        }
        return new RepmiOptions(full, json, systems, cases, sizes != null ? sizes : full ? List.of(1, 2, 4, 8)
                : List.of(1, 2, 4), transports, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], arrayBytes, v[8],
                v[9], v[10], warmupMillis != null ? warmupMillis : full ? 5000 : 2000, jfr, help);
    }

    String mode() {
        return full ? "full" : "quick";
    }

    /** The case as the ranks run it. */
    RepmiSpec spec(RepmiCase c) {
        return switch (c) {
            case READ -> new RepmiSpec(c, readWarmup, readSamples, 1, readCalls);
            case BROADCAST_GAP -> new RepmiSpec(c, gapWarmup, gapSamples, gapBatch, 0);
            case THROUGHPUT_BYTES, THROUGHPUT_DOUBLES -> new RepmiSpec(c, tpWarmup, tpSamples, tpBatch, arrayBytes);
            default -> new RepmiSpec(c, warmup, samples, 1, 0);
        };
    }

    /** The cases {@code system} runs at {@code n} processes, in table order. */
    List<RepmiSpec> specs(String system, int n) {
        return cases.stream().filter(c -> c.runsOn(system, n)).map(this::spec).toList();
    }

    /** Whether {@code system} runs at {@code n}: the baselines need a second process. */
    static boolean runs(String system, int n) {
        return n >= 2 || system.equals(RepmiRank.REPMI);
    }
}
