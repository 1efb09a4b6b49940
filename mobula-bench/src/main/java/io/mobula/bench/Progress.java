package io.mobula.bench;

import java.io.PrintStream;

/**
 * Progress on stderr: one line per case, "case i/n" with a bar, the time spent and an estimate of the time left
 * (ETA), a character per finished iteration ({@code w} warmup, {@code m} measurement) and the score when the case
 * ends. No carriage returns: it reads the same on terminals and in logs. Before the first case ends the ETA is the
 * suite's estimate per case (if given) times the cases left; after, the time spent per finished case so far.
 */
public final class Progress {
    private static final int BAR = 20;

    private final PrintStream out;
    private final long caseMillis;
    private final long start = System.nanoTime();
    private int total;
    private int started;

    public Progress(PrintStream out, int total) {
        this(out, total, 0);
    }

    /** @param caseMillis the suite's estimate of one case, or 0 for none */
    public Progress(PrintStream out, int total, long caseMillis) {
        this.out = out;
        this.total = total;
        this.caseMillis = caseMillis;
    }

    /** Corrects the number of cases announced at construction, e.g. when a suite skips some cells. */
    public void expect(int total) {
        this.total = total;
    }

    /** A new case begins. */
    public void startCase(String label) {
        started++;
        int filled = total == 0 ? BAR : (started - 1) * BAR / total;
        long elapsed = (System.nanoTime() - start) / 1_000_000L;
        int finished = started - 1;
        long eta = finished > 0 ? elapsed * (total - finished) / finished
                : caseMillis > 0 ? caseMillis * total : -1;
        out.printf("[%s%s] case %d/%d, %s, ETA %s: %s ", "#".repeat(filled), ".".repeat(BAR - filled), started, total,
                io.mobula.bench.rmi.Progress.minutes(elapsed), eta < 0 ? "?" : io.mobula.bench.rmi.Progress.minutes(eta),
                label);
        out.flush();
    }

    /** An iteration of the current case finished. */
    public void iteration(boolean warmup) {
        out.print(warmup ? 'w' : 'm');
        out.flush();
    }

    /** The current case ended with this summary, e.g. "1,234 ops/s" or "FAILED". */
    public void endCase(String summary) {
        out.println(" " + summary);
        out.flush();
    }

    /** A line outside any case. */
    public void note(String line) {
        out.println(line);
        out.flush();
    }
}
