package io.mobula.bench;

import java.io.PrintStream;

/**
 * Progress on stderr: one line per case, "case i/n" with a bar, a character per finished iteration
 * ({@code w} warmup, {@code m} measurement) and the score when the case ends. Works on terminals and in logs.
 */
public final class Progress {
    private static final int BAR = 20;

    private final PrintStream out;
    private int total;
    private int started;

    public Progress(PrintStream out, int total) {
        this.out = out;
        this.total = total;
    }

    /** Corrects the number of cases announced at construction, e.g. when a suite skips some cells. */
    public void expect(int total) {
        this.total = total;
    }

    /** A new case begins. */
    public void startCase(String label) {
        started++;
        int filled = total == 0 ? BAR : (started - 1) * BAR / total;
        out.printf("[%s%s] case %d/%d %s ", "#".repeat(filled), ".".repeat(BAR - filled), started, total, label);
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
