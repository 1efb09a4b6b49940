package io.mobula.bench.repmi;

import static io.mobula.bench.ranks.Verdicts.bytes;
import static io.mobula.bench.ranks.Verdicts.firstLine;
import static io.mobula.bench.ranks.Verdicts.fmt;
import static io.mobula.bench.ranks.Verdicts.line;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Prints one table per case (rows: transport, process count, system; median and p99, MB/s at the median, and the
 * median as a ratio to the case's baseline at the same N and transport) and the targets, each PASS or MISS from this
 * run's numbers, or pending when a side was not measured.
 */
final class RepmiReport {
    /** A read on a local replica costs at most this many microseconds. */
    static final double READ_MICROS = 0.1;
    /** A write at N = 2 within this factor of a null RMI on the same transport. */
    static final double WRITE_FACTOR = 2.0;
    /** 100 KiB write throughput at least this share of raw-broadcast's. */
    static final double THROUGHPUT_SHARE = 0.60;

    private final List<RepmiResult> results;

    RepmiReport(List<RepmiResult> results) {
        this.results = List.copyOf(results);
    }

    Optional<RepmiResult> get(RepmiCase c, String system, String transport, int n) {
        return results.stream().filter(r -> r.ok() && r.benchCase() == c && r.system().equals(system)
                && r.transport().equals(transport) && r.n() == n).findFirst();
    }

    void print(PrintStream out, RepmiOptions opt, List<String> header, List<String> notes) {
        header.forEach(out::println);
        for (RepmiCase c : opt.cases()) {
            out.println();
            out.println("== " + c.id() + (c.array() != null ? " (" + c.array() + ")" : "") + ": " + describe(c, opt)
                    + " ==");
            out.printf("%-5s %3s %-14s %8s %10s %10s %9s %7s%n", "tport", "N", "system", "samples", "p50 us",
                    "p99 us", "MB/s", c.baseline() == null ? "" : "x " + shortName(c.baseline()));
            for (String t : opt.transports()) {
                for (int n : opt.sizes()) {
                    Optional<RepmiResult> base = c.baseline() == null ? Optional.empty() : get(c, c.baseline(), t, n);
                    for (RepmiResult r : results) {
                        if (r.benchCase() != c || !r.transport().equals(t) || r.n() != n) {
                            continue;
                        }
                        String mark = n > Runtime.getRuntime().availableProcessors() ? "*" : "";
                        if (!r.ok()) {
                            out.printf("%-5s %3s %-14s  ERROR: %s%n", t, n + mark, r.system(), firstLine(r.error()));
                            continue;
                        }
                        out.println(fmt("%-5s %3s %-14s %8d %10s %10s %9s %7s", t, n + mark, r.system(), r.samples(),
                                micros(r.p50Micros()), micros(r.p99Micros()), !c.throughput() ? "-"
                                        : fmt("%.1f", r.mbPerSecond()),
                                base.map(b -> fmt("%.2f", r.p50Nanos() / b.p50Nanos())).orElse("-")));
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

    /** Four significant digits below 1 us (a read costs nanoseconds), two decimals above. */
    static String micros(double us) {
        return us < 1 ? fmt("%.4f", us) : fmt("%.2f", us);
    }

    private static String shortName(String system) {
        return system.equals(RepmiRank.RAW) ? "raw" : system.equals(RepmiRank.PUSH) ? "push" : system;
    }

    static String describe(RepmiCase c, RepmiOptions opt) {
        return switch (c) {
            case READ -> "get() of an int on the local replica, mean of " + opt.readCalls() + " calls per sample;"
                    + " direct: the same call on a root object";
            case NULL_RMI -> "Mobula RMI without arguments or result, writer -> rank 0 (rmi-push JVMs)";
            case WRITE -> "set(int) at the writer until it returns (RepMI: applied on the writer's replica; rmi-push:"
                    + " every rank called in turn; rmi-tree: binomial tree, asynchronous forwarding)";
            case BROADCAST_LATENCY -> "set(int) until every replica has applied it: RepMI and raw-broadcast wait for"
                    + " one ack per other rank (RepMI: sent by a thread woken by a blocking read of its replica); rmi-push/-tree as write";
            case BROADCAST_GAP -> opt.gapBatch() + " set(int) back to back, then the acks of the last, per write";
            case THROUGHPUT_BYTES, THROUGHPUT_DOUBLES -> opt.tpBatch() + " writes of " + bytes(c.payloadBytes(
                    opt.arrayBytes())) + " back to back, then the acks of the last, per write";
        };
    }

    /** The target lines. */
    List<String> targets(RepmiOptions opt) {
        List<String> out = new ArrayList<>();
        out.add("Targets for mobula-repmi (in this run):");
        for (String t : opt.transports()) {
            // 1. a read on a local replica: the slowest median over the process counts
            Optional<RepmiResult> worst = results.stream().filter(r -> r.ok() && r.benchCase() == RepmiCase.READ
                    && r.system().equals(RepmiRank.REPMI) && r.transport().equals(t))
                    .max((a, b) -> Double.compare(a.p50Nanos(), b.p50Nanos()));
            out.add(line(fmt("%-3s", t), "read p50 <= 0.1 us (slowest over N)", fmt("<= %.4f us", READ_MICROS),
                    worst.map(w -> w.p50Micros() <= READ_MICROS).orElse(null),
                    worst.map(w -> fmt("%.4f us at N=%d", w.p50Micros(), w.n())).orElse(null)));
            // 2. write latency within 2x the null RMI at N = 2
            Optional<RepmiResult> w = get(RepmiCase.WRITE, RepmiRank.REPMI, t, 2);
            Optional<RepmiResult> nul = get(RepmiCase.NULL_RMI, RepmiRank.NULL_RMI_SYSTEM, t, 2);
            out.add(line(fmt("%-3s N=2", t), "write p50 <= 2 x null RMI", nul.map(x -> fmt("<= %.2f us",
                    WRITE_FACTOR * x.p50Micros())).orElse(""), w.isEmpty() || nul.isEmpty() ? null
                    : w.get().p50Nanos() <= WRITE_FACTOR * nul.get().p50Nanos(),
                    w.map(x -> fmt("%.2f us", x.p50Micros()) + nul.map(y -> fmt(" (%.2fx)", x.p50Nanos()
                            / y.p50Nanos())).orElse("")).orElse(null)));
            // 3. 100 KiB write throughput against raw one-way broadcasts of the same bytes
            for (int n : opt.sizes()) {
                if (n < 2) {
                    continue;
                }
                for (RepmiCase c : List.of(RepmiCase.THROUGHPUT_BYTES, RepmiCase.THROUGHPUT_DOUBLES)) {
                    Optional<RepmiResult> m = get(c, RepmiRank.REPMI, t, n);
                    Optional<RepmiResult> raw = get(c, RepmiRank.RAW, t, n);
                    out.add(line(fmt("%-3s N=%d", t, n), "100k " + c.array() + " MB/s >= 60% of raw-broadcast",
                            raw.map(x -> fmt(">= %.0f MB/s", THROUGHPUT_SHARE * x.mbPerSecond())).orElse(""),
                            m.isEmpty() || raw.isEmpty() ? null
                                    : m.get().mbPerSecond() >= THROUGHPUT_SHARE * raw.get().mbPerSecond(),
                            m.map(x -> fmt("%.0f MB/s", x.mbPerSecond()) + raw.map(y -> fmt(" (%.0f%%)", 100
                                    * x.mbPerSecond() / y.mbPerSecond())).orElse("")).orElse(null)));
                }
            }
        }
        return out;
    }
}
