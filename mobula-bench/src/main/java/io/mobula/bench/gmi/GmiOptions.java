package io.mobula.bench.gmi;

import static io.mobula.bench.ranks.CliArgs.number;
import static io.mobula.bench.ranks.CliArgs.split;
import static io.mobula.bench.ranks.CliArgs.subset;
import static io.mobula.bench.ranks.CliArgs.value;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command line of {@link GmiSuite}: {@code [--quick|--full] [--json FILE] [--systems a,b] [--cases a,b] [--sizes 2,4]
 * [--transports shm,tcp]} plus overrides of the amounts ({@code --warmup N --warmup-ms N --samples N --tp-warmup N
 * --tp-samples N --batch N --latency-doubles N --throughput-bytes N}, for tests and ad-hoc runs).
 *
 * @param warmup          untimed operations before the latency samples
 * @param warmupMillis    the least time every case warms up for, in milliseconds: the Java ranks add operations to
 *                        their counted warm-up until it lasted that long ({@link io.mobula.bench.ranks.TimedWarmUp})
 * @param samples         timed latency samples
 * @param tpWarmup        untimed throughput samples
 * @param tpSamples       timed throughput samples; a broadcast-throughput sample is {@code batch} broadcasts, and
 *                        gather-to-all-throughput runs {@code batch} times as many (single) operations
 * @param batch           broadcasts per broadcast-throughput sample
 * @param latencyDoubles  doubles per rank part in the latency cases
 * @param throughputBytes bytes of the broadcast array, or of the whole gathered array, in the throughput cases
 * @param jfr             a directory where every rank JVM records a JFR profile ({@code --jfr DIR}), or null
 */
record GmiOptions(boolean full, Path json, List<String> systems, List<GmiCase> cases, List<Integer> sizes,
        List<String> transports, int warmup, long warmupMillis, int samples, int tpWarmup, int tpSamples, int batch,
        int latencyDoubles, int throughputBytes, Path jfr, boolean help) {

    static final List<String> SYSTEMS = List.of(GmiRank.MOBULA, GmiRank.RMI_LOOP, OpenMpi.NAME, MpjBaseline.NAME);
    static final List<String> TRANSPORTS = List.of("shm", "tcp");

    static final String USAGE = """
            usage: mobula bench gmi [--quick|--full] [--json FILE] [--systems a,b,..] [--cases a,b,..]
                                    [--sizes 2,4,..] [--transports shm,tcp] [--warmup N] [--samples N]
                                    [--tp-warmup N] [--tp-samples N] [--batch N] [--latency-doubles N]
                                    [--throughput-bytes N] [--jfr DIR]
              --quick        default: N = 2, 4 processes; 20000 warm-up + 1000 timed operations per latency case,
                             3 + 12 samples of 4 broadcasts (1 MiB) per throughput case; every case warms up for
                             at least 2 s (Java ranks, MPJ Express's too)
              --full         N = 2, 4, 8; 50000 + 5000 per latency case, 5 + 40 samples of 8 per throughput case,
                             at least 5 s of warm-up per case
              --warmup-ms N  the least warm-up time per case, in milliseconds (0: the counts alone); with a
                             least time, also at least 200000 operations of a latency case and
                             20000 of a payload case, if they fit in 15 s (the latter in 10 times
                             the least time)
              --json FILE    JSON lines output (default bench-results/gmi-<timestamp>.jsonl)
              --systems      subset of: mobula, rmi-loop, openmpi, mpj (MPJ Express: multicore device over shm,
                             niodev over tcp)
              --cases        subset of: broadcast, scatter, reduce-to-all, gather-to-all, broadcast-throughput,
                             gather-to-all-throughput
              --transports   subset of: shm, tcp
              --jfr DIR      every rank JVM records a JFR profile (settings=profile, every park) into DIR
            """;

    static GmiOptions parse(String[] args) {
        boolean full = false;
        boolean help = false;
        Path json = null;
        List<String> systems = SYSTEMS;
        List<GmiCase> cases = List.of(GmiCase.values());
        List<Integer> sizes = null;
        List<String> transports = TRANSPORTS;
        Integer warmup = null;
        Long warmupMillis = null;
        Integer samples = null;
        Integer tpWarmup = null;
        Integer tpSamples = null;
        Integer batch = null;
        int latencyDoubles = 1;
        int throughputBytes = 1 << 20;
        Path jfr = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> full = false;
                case "--full" -> full = true;
                case "-h", "--help" -> help = true;
                case "--json" -> json = Path.of(value(args, ++i, a));
                case "--systems" -> systems = subset(split(value(args, ++i, a)), SYSTEMS, a);
                case "--cases" -> cases = split(value(args, ++i, a)).stream().map(GmiCase::byId).distinct().toList();
                case "--transports" -> transports = subset(split(value(args, ++i, a)), TRANSPORTS, a);
                case "--sizes" -> {
                    List<Integer> s = new ArrayList<>();
                    for (String v : split(value(args, ++i, a))) {
                        int n = number(v, a, 2);
                        if (!s.contains(n)) {
                            s.add(n);
                        }
                    }
                    sizes = s;
                }
                case "--warmup" -> warmup = number(value(args, ++i, a), a, 0);
                case "--warmup-ms" -> warmupMillis = (long) number(value(args, ++i, a), a, 0);
                case "--samples" -> samples = number(value(args, ++i, a), a, 1);
                case "--tp-warmup" -> tpWarmup = number(value(args, ++i, a), a, 0);
                case "--tp-samples" -> tpSamples = number(value(args, ++i, a), a, 1);
                case "--batch" -> batch = number(value(args, ++i, a), a, 1);
                case "--latency-doubles" -> latencyDoubles = number(value(args, ++i, a), a, 1);
                case "--throughput-bytes" -> throughputBytes = number(value(args, ++i, a), a, 8);
                case "--jfr" -> jfr = Path.of(value(args, ++i, a)).toAbsolutePath();
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        if (cases.isEmpty() || systems.isEmpty() || transports.isEmpty() || (sizes != null && sizes.isEmpty())) {
            throw new IllegalArgumentException("empty --cases, --systems, --transports or --sizes");
        }
        return new GmiOptions(full, json, systems, cases, sizes != null ? sizes : full ? List.of(2, 4, 8)
                : List.of(2, 4), transports, warmup != null ? warmup : full ? 50_000 : 20_000,
                warmupMillis != null ? warmupMillis : full ? 5000 : 2000, // the JIT settles (TimedWarmUp)
                samples != null ? samples : full ? 5000 : 1000, tpWarmup != null ? tpWarmup : full ? 5 : 3,
                tpSamples != null ? tpSamples : full ? 40 : 12, batch != null ? batch : full ? 8 : 4,
                latencyDoubles, throughputBytes, jfr, help);
    }

    String mode() {
        return full ? "full" : "quick";
    }

    /** The case as the ranks of {@code n} processes run it. */
    CaseSpec spec(GmiCase c, int n) {
        int elements = c.elements(n, latencyDoubles, throughputBytes);
        return switch (c) {
            case BROADCAST_THROUGHPUT -> new CaseSpec(c, elements, tpWarmup, tpSamples, batch);
            case GATHER_TO_ALL_THROUGHPUT -> new CaseSpec(c, elements, tpWarmup * batch, tpSamples * batch, 1);
            default -> new CaseSpec(c, elements, warmup, samples, 1);
        };
    }
}
