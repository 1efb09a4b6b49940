package io.mobula.bench.gmi;

import static io.mobula.bench.ranks.Verdicts.bytes;
import static io.mobula.bench.ranks.Verdicts.firstLine;
import static io.mobula.bench.ranks.Verdicts.fmt;
import static io.mobula.bench.ranks.Verdicts.line;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Prints one table per case (rows: transport, process count, system; median and p99 latency, MB/s at the median, and
 * the median as a ratio to Open MPI's for the same N and transport) and the targets, each PASS or MISS from the
 * ratios of this run, or pending when a side was not measured.
 */
final class GmiReport {
    /** Broadcast and reduce-to-all medians within this factor of Open MPI's. */
    static final double LATENCY_FACTOR = 1.5;
    /** Broadcast throughput at least this share of Open MPI's. */
    static final double THROUGHPUT_SHARE = 0.70;

    private final List<GmiResult> results;

    GmiReport(List<GmiResult> results) {
        this.results = List.copyOf(results);
    }

    Optional<GmiResult> get(GmiCase c, String system, String transport, int n) {
        return results.stream().filter(r -> r.ok() && r.benchCase() == c && r.system().equals(system)
                && r.transport().equals(transport) && r.n() == n).findFirst();
    }

    void print(PrintStream out, GmiOptions opt, List<String> header, List<String> notes) {
        header.forEach(out::println);
        for (GmiCase c : opt.cases()) {
            out.println();
            out.println("== " + c.id() + ": " + describe(c, opt) + " ==");
            out.printf(Locale.ROOT, "%-5s %3s %-9s %8s %10s %10s %9s %7s%n", "tport", "N", "system", "samples",
                    "p50 us", "p99 us", "MB/s", "x ompi");
            for (String t : opt.transports()) {
                for (int n : opt.sizes()) {
                    Optional<GmiResult> mpi = get(c, OpenMpi.NAME, t, n);
                    for (String s : opt.systems()) {
                        GmiResult r = results.stream().filter(x -> x.benchCase() == c && x.system().equals(s)
                                && x.transport().equals(t) && x.n() == n).findFirst().orElse(null);
                        if (r == null) {
                            continue;
                        }
                        if (!r.ok()) {
                            out.printf(Locale.ROOT, "%-5s %3d %-9s  ERROR: %s%n", t, n, s, firstLine(r.error()));
                            continue;
                        }
                        out.printf(Locale.ROOT, "%-5s %3d %-9s %8d %10.2f %10.2f %9.1f %7s%n", t, n, s,
                                r.stats().count(), r.p50Micros(), r.p99Micros(), r.mbPerSecond(),
                                mpi.map(m -> fmt("%.2f", r.p50Micros() / m.p50Micros())).orElse("-"));
                    }
                }
            }
        }
        out.println();
        targets(opt).forEach(out::println);
        if (!notes.isEmpty()) {
            out.println();
            out.println("Notes:");
            notes.forEach(n -> out.println("  " + n));
        }
    }

    static String describe(GmiCase c, GmiOptions opt) {
        String part = bytes(8L * c.elements(2, opt.latencyDoubles(), opt.throughputBytes()));
        return switch (c) {
            case BROADCAST -> part + " from rank 0 to every member + 1 ack per member; mobula: " + c.gmiScheme()
                    + "; openmpi, mpj: " + c.mpiCall();
            case SCATTER -> part + " to each member + 1 ack per member; mobula: " + c.gmiScheme() + "; openmpi, mpj: "
                    + c.mpiCall();
            case REDUCE_TO_ALL -> "sum of " + part + " arrays; mobula: " + c.gmiScheme() + "; openmpi, mpj: "
                    + c.mpiCall();
            case GATHER_TO_ALL -> part + " from each rank; mobula: " + c.gmiScheme() + "; openmpi, mpj: " + c.mpiCall();
            case BROADCAST_THROUGHPUT -> part + " broadcasts, " + opt.batch() + " back to back then the acks, per"
                    + " broadcast; openmpi, mpj: " + c.mpiCall();
            case GATHER_TO_ALL_THROUGHPUT -> bytes(opt.throughputBytes()) + " gathered in all (1/N from each"
                    + " rank); openmpi, mpj: " + c.mpiCall();
        };
    }

    /** The target lines: four per transport and process count. */
    List<String> targets(GmiOptions opt) {
        List<String> out = new ArrayList<>();
        out.add("Targets for mobula (each against openmpi at the same N and transport, in this run):");
        for (String t : opt.transports()) {
            for (int n : opt.sizes()) {
                String where = fmt("%-3s N=%d", t, n);
                for (GmiCase c : List.of(GmiCase.BROADCAST, GmiCase.REDUCE_TO_ALL)) {
                    out.add(latency(where, c, t, n));
                }
                Optional<GmiResult> m = get(GmiCase.GATHER_TO_ALL, GmiRank.MOBULA, t, n);
                Optional<GmiResult> o = get(GmiCase.GATHER_TO_ALL, OpenMpi.NAME, t, n);
                out.add(line(where, "gather-to-all p50 < openmpi", o.map(x -> fmt("< %.2f us", x.p50Micros()))
                        .orElse(""), m.isEmpty() || o.isEmpty() ? null : m.get().p50Micros() < o.get().p50Micros(),
                        m.map(x -> fmt("%.2f us", x.p50Micros()) + o.map(y -> fmt(" (%.2fx)", x.p50Micros()
                                / y.p50Micros())).orElse("")).orElse(null)));
                Optional<GmiResult> mt = get(GmiCase.BROADCAST_THROUGHPUT, GmiRank.MOBULA, t, n);
                Optional<GmiResult> ot = get(GmiCase.BROADCAST_THROUGHPUT, OpenMpi.NAME, t, n);
                out.add(line(where, "broadcast-throughput >= 70% of openmpi", ot.map(x -> fmt(">= %.0f MB/s",
                        THROUGHPUT_SHARE * x.mbPerSecond())).orElse(""), mt.isEmpty() || ot.isEmpty() ? null
                        : mt.get().mbPerSecond() >= THROUGHPUT_SHARE * ot.get().mbPerSecond(),
                        mt.map(x -> fmt("%.0f MB/s", x.mbPerSecond()) + ot.map(y -> fmt(" (%.0f%%)", 100
                                * x.mbPerSecond() / y.mbPerSecond())).orElse("")).orElse(null)));
            }
        }
        return out;
    }

    private String latency(String where, GmiCase c, String t, int n) {
        Optional<GmiResult> m = get(c, GmiRank.MOBULA, t, n);
        Optional<GmiResult> o = get(c, OpenMpi.NAME, t, n);
        return line(where, c.id() + " p50 <= 1.5 x openmpi", o.map(x -> fmt("<= %.2f us", LATENCY_FACTOR
                * x.p50Micros())).orElse(""), m.isEmpty() || o.isEmpty() ? null
                : m.get().p50Micros() <= LATENCY_FACTOR * o.get().p50Micros(),
                m.map(x -> fmt("%.2f us", x.p50Micros()) + o.map(y -> fmt(" (%.2fx)", x.p50Micros()
                        / y.p50Micros())).orElse("")).orElse(null));
    }
}
