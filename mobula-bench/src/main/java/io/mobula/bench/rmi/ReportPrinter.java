package io.mobula.bench.rmi;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Prints a run's report, verdict first: the header, the warnings (e.g. a loaded machine), the headline ratios
 * ({@link Headline}) and the targets met and missed ({@link Targets}); then one table per kernel (median and p99
 * latency, payload MB/s at the median, and the median as a ratio to the raw C and raw Java ping-pong and to java.rmi
 * for the same case: x1.00 = as fast, lower is faster); then the notes. Everything is computed before anything is
 * printed.
 */
final class ReportPrinter {
    private final PrintStream out;

    ReportPrinter(PrintStream out) {
        this.out = out;
    }

    void print(List<BenchCase> cases, List<String> systems, ResultTable table, List<String> header,
            List<String> warnings, List<String> notes) {
        List<String> headline = Headline.lines(table, systems);
        List<String> targets = Targets.lines(table, systems);
        header.forEach(out::println);
        warnings.forEach(w -> out.println("WARNING: " + w));
        out.println();
        headline.forEach(out::println);
        out.println(Targets.summary(targets));
        targets.forEach(out::println);
        out.println();
        out.println("Full results:");
        int width = Math.max(10, systems.stream().mapToInt(String::length).max().orElse(0));
        String sys = "%-" + width + "s";
        Kernel current = null;
        for (BenchCase c : cases) {
            if (c.kernel() != current) {
                current = c.kernel();
                out.println();
                out.println("== " + current.signature() + " ==");
                out.printf(Locale.ROOT, "%-16s " + sys + " %-5s %8s %10s %10s %9s %8s %8s %8s%n", "payload", "system",
                        "tport", "calls", "p50 us", "p99 us", "MB/s", "x raw-c", "x rawJ", "x j.rmi");
            }
            String label = c.payload() == null ? "-" : c.payload().id();
            for (String s : systems) {
                CaseResult r = table.forCase(c.id()).get(s);
                if (r == null) {
                    continue;
                }
                if (!r.ok()) {
                    out.printf(Locale.ROOT, "%-16s " + sys + " %-5s  ERROR: %s%n", label, s, r.transport(),
                            firstLine(r.error()));
                } else {
                    out.printf(Locale.ROOT, "%-16s " + sys + " %-5s %8d %10.2f %10.2f %9s %8s %8s %8s%n", label, s,
                            r.transport(), r.stats().count(), r.p50Micros(), r.p99Micros(),
                            c.payloadBytes() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", r.mbPerSecond()),
                            ratio(r, table.get(c, "raw-c")), ratio(r, table.get(c, "raw-java")),
                            ratio(r, table.get(c, "java.rmi")));
                }
                label = "";
            }
        }
        if (!notes.isEmpty()) {
            out.println();
            out.println("Notes:");
            notes.forEach(n -> out.println("  " + n));
        }
    }

    private static String ratio(CaseResult r, Optional<CaseResult> base) {
        return base.map(b -> String.format(Locale.ROOT, "%.2f", (double) r.stats().p50Nanos() / b.stats().p50Nanos()))
                .orElse("-");
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }
}
