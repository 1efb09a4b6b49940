package io.mobula.bench.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The headline of a run, printed first: for every Mobula system measured, its median latency as a ratio to java.rmi,
 * to gRPC and to the raw ping-pong of its own transport (raw-java over TCP, raw-java-shm over shared memory), each the
 * geometric mean over the cases both systems measured, with how many cases that is and in how many Mobula was
 * faster; and its null-call median.
 */
final class Headline {
    /** The systems Mobula is compared with, for every Mobula system. */
    static final List<String> OTHERS = List.of("java.rmi", "grpc");

    private Headline() { }

    static List<String> lines(ResultTable t, List<String> systems) {
        List<String> out = new ArrayList<>();
        out.add("Headline: Mobula's median latency / the other system's, geometric mean over the cases both measured"
                + " (below 1: Mobula faster)");
        List<String> mobula = systems.stream().filter(s -> s.startsWith("mobula") && t.hasSystem(s)).toList();
        if (mobula.isEmpty()) {
            out.add("  no Mobula system measured in this run");
            return out;
        }
        for (String m : mobula) {
            List<String> parts = new ArrayList<>();
            for (String other : OTHERS) {
                ratio(t, m, other).ifPresent(parts::add);
            }
            String raw = t.transportOf(m).equals("shm") ? "raw-java-shm" : "raw-java";
            ratio(t, m, raw).ifPresent(parts::add);
            String nul = t.get(Targets.NULL_CASE, m).map(r -> fmt("; null call %.2f us", r.p50Micros())).orElse("");
            out.add(fmt("  %-12s %s%s", m, parts.isEmpty() ? "nothing to compare with" : String.join(", ", parts),
                    nul));
        }
        return out;
    }

    /** "0.42x java.rmi (78 cases, faster in 76)", or empty when no case has both. */
    static Optional<String> ratio(ResultTable t, String mine, String other) {
        double logSum = 0;
        int n = 0;
        int faster = 0;
        for (BenchCase c : CaseCatalog.cases(true)) {
            Optional<CaseResult> a = t.get(c, mine);
            Optional<CaseResult> b = t.get(c, other);
            if (a.isPresent() && b.isPresent()) {
                double r = (double) a.get().stats().p50Nanos() / b.get().stats().p50Nanos();
                logSum += Math.log(r);
                n++;
                faster += r < 1 ? 1 : 0;
            }
        }
        return n == 0 ? Optional.empty()
                : Optional.of(fmt("%.2fx %s (%d case%s, faster in %d)", Math.exp(logSum / n), other, n,
                n == 1 ? "" : "s", faster));
    }

    private static String fmt(String f, Object... a) {
        return String.format(Locale.ROOT, f, a);
    }
}
