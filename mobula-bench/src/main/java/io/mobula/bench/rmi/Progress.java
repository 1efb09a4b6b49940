package io.mobula.bench.rmi;

import io.mobula.bench.Terminal;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress on stderr with the time spent and an estimate of the time left (ETA). On a terminal it is one line redrawn
 * with carriage returns; in a log (stderr not a terminal) every finished case and every note is a line of its own,
 * with no carriage returns. Before the first case ends the ETA is the suite's own estimate of its work (if it gave
 * one); after, the time spent per finished case so far, times the cases left.
 */
public final class Progress {
    private static final int WIDTH = 30;
    private static final int LINE = 110;
    private final PrintStream err;
    private final int total;
    private final long estimateMillis;
    private final boolean redraw;
    private final long start = System.nanoTime();
    private int done;

    /** Progress over {@code total} cases, with no estimate of their time, redrawn only on a terminal. */
    public Progress(PrintStream err, int total) {
        this(err, total, 0, Terminal.interactive());
    }

    /**
     * @param estimateMillis the suite's estimate of the whole run, or 0 for none
     * @param redraw         redraw one line with carriage returns (a terminal) instead of writing lines (a log)
     */
    public Progress(PrintStream err, int total, long estimateMillis, boolean redraw) {
        this.err = err;
        this.total = Math.max(1, total);
        this.estimateMillis = Math.max(0, estimateMillis);
        this.redraw = redraw;
    }

    /** {@code units} cases finished; {@code label} names the last. */
    public synchronized void advance(int units, String label) {
        done = Math.min(total, done + units);
        show(label, true);
    }

    /** A step inside a case or between cases (e.g. "starting server"). */
    public synchronized void note(String label) {
        show(label, false);
    }

    public synchronized void finish() {
        if (redraw) {
            draw("done");
            err.println();
        } else {
            err.println(String.format(Locale.ROOT, "done: %d/%d in %s", done, total, minutes(elapsedMillis())));
        }
        err.flush();
    }

    /** The estimated time left, in milliseconds, or -1 when there is nothing to go by. */
    synchronized long etaMillis() {
        long elapsed = elapsedMillis();
        if (done == 0) {
            return estimateMillis > 0 ? Math.max(0, estimateMillis - elapsed) : -1;
        }
        return elapsed * (total - done) / done;
    }

    private void show(String label, boolean caseEnded) {
        if (redraw) {
            draw(label);
        } else if (caseEnded) {
            err.println(status() + " " + label);
        } else {
            err.println("  " + label);
        }
        err.flush();
    }

    private void draw(String label) {
        int filled = done * WIDTH / total;
        String text = String.format(Locale.ROOT, "\r[%s%s] %s %s", "#".repeat(filled), ".".repeat(WIDTH - filled),
                status(), label);
        err.print(text.length() > LINE ? text.substring(0, LINE) : String.format("%-" + LINE + "s", text));
    }

    private String status() {
        long eta = etaMillis();
        return String.format(Locale.ROOT, "%d/%d %s, ETA %s", done, total, minutes(elapsedMillis()),
                eta < 0 ? "?" : minutes(eta));
    }

    private long elapsedMillis() {
        return (System.nanoTime() - start) / 1_000_000L;
    }

    /** "4m07s", or "38s" under a minute. */
    public static String minutes(long millis) {
        long s = Math.round(millis / 1000.0);
        return s < 60 ? s + "s" : String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
}
