package io.mobula.bench.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The performance targets Mobula reports against (docs/PERFORMANCE.md, "Targets"), printed under the table: each
 * is PASS or MISS for a measured Mobula system, "n/a" when its case or baseline was not in the run, and "pending"
 * while no Mobula system was measured. Every threshold is computed from this run's baselines, so a pending line
 * still says what Mobula must reach here.
 *
 * <p>A system is judged against the raw baselines of its own transport: over shared memory against the raw Java
 * ring ping-pong ({@code raw-java-shm}), otherwise against the raw C and Java TCP ping-pongs.
 */
final class Targets {
    static final String NULL_CASE = BenchCase.of(Kernel.NULL_CALL).id();
    static final String MIB_DOUBLES = BenchCase.of(Kernel.THROUGHPUT,
            PayloadSpec.of(PayloadSpec.Kind.DOUBLES, 1024 * 1024 / 8)).id();
    static final String PINGPONG_NULL = BenchCase.of(Kernel.VOID_PINGPONG_OBJ,
            PayloadSpec.of(PayloadSpec.Kind.NULL)).id();
    static final String PING_INTS_20000 = BenchCase.of(Kernel.OBJ_PING_OBJ,
            PayloadSpec.of(PayloadSpec.Kind.INTS, 20000)).id();
    static final List<String> SMALL_OBJECT_CASES = List.of(
            BenchCase.of(Kernel.OBJ_PING_OBJ, PayloadSpec.of(PayloadSpec.Kind.INT32)).id(),
            BenchCase.of(Kernel.OBJ_PING_OBJ, PayloadSpec.of(PayloadSpec.Kind.INT4_NULL2)).id(),
            BenchCase.of(Kernel.OBJ_PING_OBJ, PayloadSpec.of(PayloadSpec.Kind.TREE, 15)).id());

    /** The baseline of a {@link Row} that is the judged system itself (another of its cases). */
    private static final String SELF = "";

    /** Targets over TCP (and TLS): Manta's 1.17x of its raw transport and 87% of raw array throughput. */
    static final List<Row> NETWORK = rows(
            new Row("null RMI median <= 1.10 x raw C ping-pong", NULL_CASE, "raw-c", NULL_CASE, Kind.TIMES, 1.10),
            new Row("void pingpong(null) median <= 1.5 x raw-java", PINGPONG_NULL, "raw-java", PINGPONG_NULL,
                    Kind.TIMES, 1.5),
            new Row("1 MiB double[] throughput >= 90% of raw-java", MIB_DOUBLES, "raw-java", MIB_DOUBLES, Kind.RATE,
                    0.9));

    /** Targets over shared memory, against the raw Java ring ping-pong of the same run. */
    static final List<Row> SHARED_MEMORY = rows(
            new Row("null RMI median <= 1.5 x raw-java-shm", NULL_CASE, "raw-java-shm", NULL_CASE, Kind.TIMES, 1.5),
            new Row("void pingpong(null) median <= 2 x raw-java-shm", PINGPONG_NULL, "raw-java-shm", PINGPONG_NULL,
                    Kind.TIMES, 2.0),
            new Row("obj ping(int[20000]) median <= 1.3 x raw-java-shm", PING_INTS_20000, "raw-java-shm",
                    PING_INTS_20000, Kind.TIMES, 1.3),
            new Row("1 MiB double[] throughput >= 70% of raw-java-shm", MIB_DOUBLES, "raw-java-shm", MIB_DOUBLES,
                    Kind.RATE, 0.7));

    private Targets() { }

    /** The first row of a list, the rows that hold for every transport (small graphs nearly free), then the rest. */
    private static List<Row> rows(Row first, Row... rest) {
        List<Row> out = new ArrayList<>();
        out.add(first);
        for (String c : SMALL_OBJECT_CASES) {
            out.add(new Row(c + " median within 1.5 us of null RMI", c, SELF, NULL_CASE, Kind.PLUS_MICROS, 1.5));
        }
        out.addAll(List.of(rest));
        return List.copyOf(out);
    }

    /** Systems whose name starts with "mobula" are the ones the targets apply to. */
    static List<String> lines(ResultTable t, List<String> systems) {
        List<String> mobula = systems.stream().filter(s -> s.startsWith("mobula") && t.hasSystem(s)).toList();
        List<String> out = new ArrayList<>();
        if (mobula.isEmpty()) {
            out.add("Targets over TCP (apply to Mobula; no Mobula system measured in this run -> pending):");
            out.addAll(evaluate(t, null, NETWORK));
            out.add("Targets over shared memory (pending):");
            out.addAll(evaluate(t, null, SHARED_MEMORY));
        } else {
            for (String m : mobula) {
                boolean shm = t.transportOf(m).equals("shm");
                out.add("Targets for " + m + " (against the raw " + (shm ? "shared-memory" : "TCP")
                        + " baselines):");
                out.addAll(evaluate(t, m, shm ? SHARED_MEMORY : NETWORK));
            }
        }
        return out;
    }

    /** "Targets: 12 met, 3 missed, 2 not measured" over the lines of {@link #lines}. */
    static String summary(List<String> lines) {
        int[] n = new int[Verdict.values().length];
        for (String l : lines) {
            for (Verdict v : Verdict.values()) {
                if (l.startsWith(fmt("  %-7s ", v.label))) {
                    n[v.ordinal()]++;
                }
            }
        }
        return fmt("Targets: %d met, %d missed%s%s", n[Verdict.PASS.ordinal()], n[Verdict.MISS.ordinal()],
                n[Verdict.NOT_MEASURED.ordinal()] == 0 ? "" : ", " + n[Verdict.NOT_MEASURED.ordinal()]
                        + " not measured", n[Verdict.PENDING.ordinal()] == 0 ? "" : ", "
                        + n[Verdict.PENDING.ordinal()] + " pending (no Mobula system measured)");
    }

    private static List<String> evaluate(ResultTable t, String sys, List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row row : rows) {
            out.add(row.judge(t, sys));
        }
        out.add(fasterThanJavaRmi(t, sys));
        return out;
    }

    private static String fasterThanJavaRmi(ResultTable t, String sys) {
        String what = "every case faster than java.rmi (median)";
        if (sys == null) {
            return line(what, "", Verdict.PENDING, null);
        }
        int better = 0;
        int compared = 0;
        List<String> slower = new ArrayList<>();
        for (CaseResult mine : allOf(t, sys)) {
            Optional<CaseResult> jr = t.get(mine.benchCase(), "java.rmi");
            if (jr.isPresent()) {
                compared++;
                if (mine.stats().p50Nanos() < jr.get().stats().p50Nanos()) {
                    better++;
                } else {
                    slower.add(mine.benchCase().id());
                }
            }
        }
        return line(what, better + "/" + compared + " faster"
                + (slower.isEmpty() ? "" : "; slower: " + String.join(", ", slower.subList(0,
                Math.min(5, slower.size()))) + (slower.size() > 5 ? ", ..." : "")),
                compared == 0 ? Verdict.NOT_MEASURED : Verdict.of(slower.isEmpty()), null);
    }

    private static List<CaseResult> allOf(ResultTable t, String sys) {
        List<CaseResult> out = new ArrayList<>();
        for (BenchCase c : CaseCatalog.cases(true)) {
            t.get(c, sys).ifPresent(out::add);
        }
        return out;
    }

    /** How a row compares its case with its baseline. */
    enum Kind {
        /** median <= factor x the baseline's median */
        TIMES,
        /** payload MB/s at the median >= factor x the baseline's */
        RATE,
        /** median <= the baseline's median + factor microseconds */
        PLUS_MICROS
    }

    /**
     * One target: the judged system's {@code caseId} against {@code baselineCase} of {@code baseline} (a system, or
     * {@link #SELF}).
     */
    record Row(String what, String caseId, String baseline, String baselineCase, Kind kind, double factor) {

        String judge(ResultTable t, String sys) {
            String baseSystem = baseline.equals(SELF) ? sys : baseline;
            Optional<CaseResult> base = baseSystem == null ? Optional.empty() : t.get(baselineCase, baseSystem);
            Optional<CaseResult> mine = sys == null ? Optional.empty() : t.get(caseId, sys);
            String threshold = base.map(this::threshold).orElse(unmeasured());
            Verdict v = sys == null ? Verdict.PENDING
                    : base.isEmpty() || mine.isEmpty() ? Verdict.NOT_MEASURED
                    : Verdict.of(meets(mine.get(), base.get()));
            return line(what, threshold, v, mine.map(this::measured).orElse(null));
        }

        private boolean meets(CaseResult mine, CaseResult base) {
            return switch (kind) {
                case TIMES -> mine.p50Micros() <= factor * base.p50Micros();
                case RATE -> mine.mbPerSecond() >= factor * base.mbPerSecond();
                case PLUS_MICROS -> mine.p50Micros() <= base.p50Micros() + factor;
            };
        }

        private String threshold(CaseResult base) {
            return switch (kind) {
                case TIMES -> fmt("<= %.2f us (%.2f x %s %.2f us)", factor * base.p50Micros(), factor, baseline,
                        base.p50Micros());
                case RATE -> fmt(">= %.0f MB/s (%.0f%% of %s %.0f MB/s)", factor * base.mbPerSecond(), 100 * factor,
                        baseline, base.mbPerSecond());
                case PLUS_MICROS -> fmt("<= %.2f us", base.p50Micros() + factor);
            };
        }

        private String unmeasured() {
            if (kind == Kind.PLUS_MICROS) {
                return fmt("<= null RMI + %.1f us", factor);
            }
            return "(" + baseline + " " + baselineCase + " not measured)";
        }

        private String measured(CaseResult mine) {
            return kind == Kind.RATE ? fmt("%.0f MB/s", mine.mbPerSecond()) : fmt("%.2f us", mine.p50Micros());
        }
    }

    /**
     * A target's verdict: pending (no Mobula system in the run), n/a (its case or baseline was not measured: a run
     * limited with --cases or --systems), PASS or MISS.
     */
    private enum Verdict {
        PENDING("pending"), NOT_MEASURED("n/a"), PASS("PASS"), MISS("MISS");

        final String label;

        Verdict(String label) {
            this.label = label;
        }

        static Verdict of(boolean pass) {
            return pass ? PASS : MISS;
        }
    }

    private static String line(String what, String threshold, Verdict v, String measured) {
        return fmt("  %-7s %-52s %s%s", v.label, what, threshold, measured == null ? "" : "  measured " + measured);
    }

    private static String fmt(String f, Object... a) {
        return String.format(Locale.ROOT, f, a);
    }
}
