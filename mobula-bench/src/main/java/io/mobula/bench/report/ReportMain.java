package io.mobula.bench.report;

import java.nio.file.Path;

/**
 * {@code mobula report [--results DIR] [--out DIR]}: writes the benchmark report (default: from
 * {@code bench-results} into {@code bench-results/report}) and prints the page's path. Exit codes: 0 written,
 * 1 a results file could not be used or the report not written, 2 bad command line.
 */
public final class ReportMain {
    static final String USAGE = "usage: mobula report [--results DIR] [--out DIR]\n"
            + "  --results DIR  where the suites wrote their JSON lines (default bench-results)\n"
            + "  --out DIR      where to write index.html and the PNG files (default <results>/report)";

    private ReportMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        Path results = null;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                System.out.println(USAGE);
                return 0;
            }
            if ((a.equals("--results") || a.equals("--out")) && i + 1 < args.length) {
                Path p = Path.of(args[++i]);
                if (a.equals("--results")) {
                    results = p;
                } else {
                    out = p;
                }
            } else {
                System.err.println("mobula report: " + (a.startsWith("--") ? "bad option or missing DIR: "
                        : "unexpected argument: ") + a);
                System.err.println(USAGE);
                return 2;
            }
        }
        if (results == null) {
            results = Path.of("bench-results");
        }
        if (out == null) {
            out = results.resolve("report");
        }
        try {
            Path index = new ReportWriter().write(results, out);
            System.out.println("report: " + index.toAbsolutePath());
            return 0;
        } catch (ReportException e) {
            System.err.println("mobula report: " + e.getMessage());
            return 1;
        }
    }
}
