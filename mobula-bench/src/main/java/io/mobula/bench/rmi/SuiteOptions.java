package io.mobula.bench.rmi;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Command line of {@link RmiSuite}:
 * {@code [--quick|--full] [--json FILE] [--systems a,b,..] [--cases p1,p2,..]}, plus timing overrides
 * {@code --calls N --warmup N --max-ms MS --warmup-ms MS --warmup-all-ms MS --star-clients K --passes N} (used
 * by tests and for ad-hoc runs), or {@code --report FILE} to print the table and targets of a results file again.
 */
record SuiteOptions(boolean full, Path json, List<String> systems, List<String> cases, Timing timing, int passes,
        boolean help, Path report) {

    static final int QUICK_PASSES = 2;
    static final int FULL_PASSES = 3;

    static final String USAGE = """
            usage: RmiSuite [--quick|--full] [--json FILE] [--systems a,b,..] [--cases p1,p2,..]
                            [--calls N] [--warmup N] [--max-ms MS] [--warmup-ms MS] [--warmup-all-ms MS]
                            [--star-clients K] [--passes N]
                   RmiSuite --report FILE
              --quick        default: n in {50, 2000, 20000}, 2 passes of ~0.15 s per case and system
              --full         n in {50, 200, 500, 2000, 5000, 20000}, 3 passes of ~2.5 s per case and system
              --passes N     N passes, each with fresh processes; report each case's pass with the lowest p50
              --json FILE    JSON lines output (default bench-results/rmi-<timestamp>.jsonl)
              --systems      subset of: %s
              --cases        case ids or globs, e.g. null-call,obj-ping-obj/tree(15),'star/*'
                             (a bare kernel id selects all its payloads)
              --report FILE  runs nothing: prints the table and the targets of a results file written before
            """;

    static SuiteOptions parse(String[] args) {
        boolean full = false;
        boolean help = false;
        Path json = null;
        List<String> systems = null;
        List<String> cases = List.of();
        Integer calls = null;
        Integer warmup = null;
        Integer maxMs = null;
        Integer warmupMs = null;
        Integer star = null;
        Integer warmAll = null;
        Integer passes = null;
        Path report = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> full = false;
                case "--full" -> full = true;
                case "-h", "--help" -> help = true;
                case "--json" -> json = Path.of(value(args, ++i, a));
                case "--systems" -> systems = split(value(args, ++i, a));
                case "--cases" -> cases = split(value(args, ++i, a));
                case "--calls" -> calls = positive(value(args, ++i, a), a);
                case "--warmup" -> warmup = nonNegative(value(args, ++i, a), a);
                case "--max-ms" -> maxMs = positive(value(args, ++i, a), a);
                case "--warmup-ms" -> warmupMs = nonNegative(value(args, ++i, a), a);
                case "--warmup-all-ms" -> warmAll = nonNegative(value(args, ++i, a), a);
                case "--passes" -> passes = positive(value(args, ++i, a), a);
                case "--star-clients" -> star = positive(value(args, ++i, a), a);
                case "--report" -> report = Path.of(value(args, ++i, a));
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        Timing base = full ? Timing.FULL : Timing.QUICK;
        Timing timing = new Timing(
                warmAll != null ? warmAll : base.globalWarmupMillis(),
                warmup != null ? warmup : base.warmupCalls(),
                warmupMs != null ? warmupMs : base.warmupMillis(),
                calls != null ? calls : base.calls(),
                maxMs != null ? maxMs : base.maxMillis(),
                calls != null ? Math.min(base.minCalls(), calls) : base.minCalls(),
                star != null ? star : base.starClients());
        return new SuiteOptions(full, json, systems == null ? RmiSystems.names() : systems, cases, timing,
                passes != null ? passes : full ? FULL_PASSES : QUICK_PASSES, help, report);
    }

    String mode() {
        return full ? "full" : "quick";
    }

    private static String value(String[] args, int i, String opt) {
        if (i >= args.length) {
            throw new IllegalArgumentException(opt + " needs a value");
        }
        return args[i];
    }

    private static List<String> split(String s) {
        return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
    }

    private static int positive(String s, String opt) {
        int v = Integer.parseInt(s);
        if (v < 1) {
            throw new IllegalArgumentException(opt + " must be >= 1");
        }
        return v;
    }

    private static int nonNegative(String s, String opt) {
        int v = Integer.parseInt(s);
        if (v < 0) {
            throw new IllegalArgumentException(opt + " must be >= 0");
        }
        return v;
    }
}
