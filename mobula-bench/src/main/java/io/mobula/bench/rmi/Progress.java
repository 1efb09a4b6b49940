package io.mobula.bench.rmi;

import java.io.PrintStream;

/** A one-line progress bar on stderr, redrawn with carriage returns. */
public final class Progress {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private final int total;
    private final long start = System.nanoTime();
    private int done;

    public Progress(PrintStream err, int total) {
        this.err = err;
        this.total = Math.max(1, total);
    }

    public synchronized void advance(int units, String label) {
        done = Math.min(total, done + units);
        draw(label);
    }

    public synchronized void note(String label) {
        draw(label);
    }

    private void draw(String label) {
        int filled = done * WIDTH / total;
        long secs = (System.nanoTime() - start) / 1_000_000_000L;
        String text = String.format("\r[%s%s] %d/%d %3ds %s", "#".repeat(filled), ".".repeat(WIDTH - filled), done,
                total, secs, label);
        err.print(text.length() > 110 ? text.substring(0, 110) : String.format("%-110s", text));
        err.flush();
    }

    public synchronized void finish() {
        draw("done");
        err.println();
        err.flush();
    }
}
