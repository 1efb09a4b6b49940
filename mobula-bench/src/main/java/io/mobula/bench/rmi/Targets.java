package io.mobula.bench.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The performance targets Mobula reports against (docs/PERFORMANCE.md, "Targets"): each is PASS or MISS for a measured Mobula system, and "pending" while none was measured. Thresholds are
 * printed from this run's baselines so a pending line still says what Mobula must reach here.
 */
final class Targets {
    static final String NULL_CASE = BenchCase.of(Kernel.NULL_CALL).id();
    static final String MIB_DOUBLES = BenchCase.of(Kernel.THROUGHPUT,
            PayloadSpec.of(PayloadSpec.Kind.DOUBLES, 1024 * 1024 / 8)).id();
    static final List<String> SMALL_OBJECT_CASES = List.of(
            BenchCase.of(Kernel.OBJ_PING_OBJ, PayloadSpec.of(PayloadSpec.Kind.INT32)).id(),
            BenchCase.of(Kernel.OBJ_PING_OBJ, PayloadSpec.of(PayloadSpec.Kind.INT4_NULL2)).id(),
            BenchCase.of(Kernel.OBJ_PING_OBJ, PayloadSpec.of(PayloadSpec.Kind.TREE, 15)).id());

    private Targets() { }

    /** Systems whose name starts with "mobula" are the ones the targets apply to. */
    static List<String> lines(ResultTable t, List<String> systems) {
        List<String> mobula = systems.stream().filter(s -> s.startsWith("mobula") && t.hasSystem(s)).toList();
        List<String> out = new ArrayList<>();
        if (mobula.isEmpty()) {
            out.add("Targets (apply to Mobula; no Mobula system measured in this run -> pending):");
            out.addAll(evaluate(t, null));
        } else {
            for (String m : mobula) {
                out.add("Targets for " + m + ":");
                out.addAll(evaluate(t, m));
            }
        }
        return out;
    }

    private static List<String> evaluate(ResultTable t, String sys) {
        List<String> out = new ArrayList<>();
        Optional<CaseResult> rawCNull = t.get(NULL_CASE, "raw-c");
        Optional<CaseResult> nullRmi = sys == null ? Optional.empty() : t.get(NULL_CASE, sys);

        // 1. null RMI within 1.10x the C ping-pong (Manta reached 1.17x raw, thesis 3.x)
        String thr1 = rawCNull.map(r -> fmt("<= %.2f us (1.10 x raw-c %.2f us)", 1.10 * r.p50Micros(), r.p50Micros()))
                .orElse("(raw-c null call not measured)");
        out.add(line("null RMI median <= 1.10 x raw C ping-pong", thr1, sys == null ? Verdict.PENDING
                : rawCNull.isEmpty() || nullRmi.isEmpty() ? NOT_MEASURED
                : Verdict.of(nullRmi.get().p50Micros() <= 1.10 * rawCNull.get().p50Micros()),
                nullRmi.map(r -> fmt("%.2f us", r.p50Micros())).orElse(null)));

        // 2. small object graphs cost at most 1.5 us over the null RMI
        for (String c : SMALL_OBJECT_CASES) {
            Optional<CaseResult> r = sys == null ? Optional.empty() : t.get(c, sys);
            String thr = nullRmi.map(n -> fmt("<= %.2f us", n.p50Micros() + 1.5)).orElse("<= null RMI + 1.5 us");
            out.add(line(c + " median within 1.5 us of null RMI", thr, sys == null ? Verdict.PENDING
                    : r.isEmpty() || nullRmi.isEmpty() ? NOT_MEASURED
                    : Verdict.of(r.get().p50Micros() <= nullRmi.get().p50Micros() + 1.5),
                    r.map(x -> fmt("%.2f us", x.p50Micros())).orElse(null)));
        }

        // 3. bulk arrays at >= 90% of the raw transport (Manta: 87%)
        Optional<CaseResult> rawMib = t.get(MIB_DOUBLES, "raw-java");
        Optional<CaseResult> mib = sys == null ? Optional.empty() : t.get(MIB_DOUBLES, sys);
        String thr3 = rawMib.map(r -> fmt(">= %.0f MB/s (90%% of raw-java %.0f MB/s)", 0.9 * r.mbPerSecond(),
                r.mbPerSecond())).orElse("(raw-java 1 MiB double[] not measured)");
        out.add(line("1 MiB double[] throughput >= 90% of raw", thr3, sys == null ? Verdict.PENDING
                : rawMib.isEmpty() || mib.isEmpty() ? NOT_MEASURED
                : Verdict.of(mib.get().mbPerSecond() >= 0.9 * rawMib.get().mbPerSecond()),
                mib.map(r -> fmt("%.0f MB/s", r.mbPerSecond())).orElse(null)));

        // 4. faster than java.rmi everywhere
        if (sys == null) {
            out.add(line("every case faster than java.rmi (median)", "", Verdict.PENDING, null));
        } else {
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
            out.add(line("every case faster than java.rmi (median)", better + "/" + compared + " faster"
                    + (slower.isEmpty() ? "" : "; slower: " + String.join(", ", slower.subList(0,
                    Math.min(5, slower.size()))) + (slower.size() > 5 ? ", ..." : "")),
                    compared == 0 ? NOT_MEASURED : Verdict.of(slower.isEmpty()), null));
        }
        return out;
    }

    private static List<CaseResult> allOf(ResultTable t, String sys) {
        List<CaseResult> out = new ArrayList<>();
        for (BenchCase c : CaseCatalog.cases(true)) {
            t.get(c, sys).ifPresent(out::add);
        }
        return out;
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

    private static final Verdict NOT_MEASURED = Verdict.NOT_MEASURED;

    private static String line(String what, String threshold, Verdict v, String measured) {
        String verdict = v.label;
        return fmt("  %-7s %-52s %s%s", verdict, what, threshold, measured == null ? "" : "  measured " + measured);
    }

    private static String fmt(String f, Object... a) {
        return String.format(Locale.ROOT, f, a);
    }
}
