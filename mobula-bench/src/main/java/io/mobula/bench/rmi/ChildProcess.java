package io.mobula.bench.rmi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A child process whose stdout is read line by line with bounded waits, whose stderr tail is kept for error
 * messages, and which is always destroyed: on {@link #close()}, and through a shutdown hook for every child still
 * alive when the parent exits. Children also watch their stdin and exit at end of file, so they die with a
 * parent killed hard.
 */
public final class ChildProcess implements AutoCloseable {
    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();
    private static final String EOF = new String("<eof>");
    private static final int STDERR_TAIL_LINES = 40;
    private static final int STDERR_HEAD_LINES = 20;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (ChildProcess c : LIVE) {
                c.close();
            }
        }, "rmibench-child-reaper"));
    }

    private final String label;
    private final Process process;
    private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
    private final Deque<String> stderrTail = new ArrayDeque<>();
    /** The first lines the child wrote to stderr, the JVM's own notices left out ({@link #isJvmNotice}). */
    private final List<String> stderrHead = new java.util.ArrayList<>();
    private int stderrLines;
    private volatile boolean closed;
    private Thread stderrPump;

    private ChildProcess(String label, Process process) {
        this.label = label;
        this.process = process;
    }

    public static ChildProcess start(String label, List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        Process p = pb.start();
        ChildProcess c = new ChildProcess(label, p);
        LIVE.add(c);
        c.pump(p.getInputStream(), true);
        c.stderrPump = c.pump(p.getErrorStream(), false);
        return c;
    }

    private Thread pump(InputStream in, boolean isStdout) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (isStdout) {
                        stdout.add(line);
                    } else {
                        synchronized (stderrTail) {
                            if (stderrTail.size() == STDERR_TAIL_LINES) {
                                stderrTail.removeFirst();
                            }
                            stderrTail.addLast(line);
                            if (!isJvmNotice(line)) {
                                stderrLines++;
                                if (stderrHead.size() < STDERR_HEAD_LINES) {
                                    stderrHead.add(line);
                                }
                            }
                        }
                    }
                }
            } catch (IOException e) {
                // stream closed because the process was destroyed
            } finally {
                if (isStdout) {
                    stdout.add(EOF);
                }
            }
        }, label + (isStdout ? "-stdout" : "-stderr"));
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * The next stdout line, waiting at most {@code timeoutMillis}.
     *
     * @return the line, or null at end of stream
     * @throws TimeoutException when nothing arrived in time
     */
    public String nextLine(long timeoutMillis) throws TimeoutException, InterruptedException {
        String line = stdout.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new TimeoutException(label + ": no output for " + timeoutMillis + " ms" + stderrSuffix());
        }
        if (line == EOF) {
            stdout.add(EOF);
            return null;
        }
        return line;
    }

    /** Skips lines until one starts with {@code prefix}; returns the rest of that line. */
    public String awaitPrefix(String prefix, long timeoutMillis) throws TimeoutException, InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            String line = left <= 0 ? null : stdout.poll(left, TimeUnit.MILLISECONDS);
            if (line == null) {
                throw new TimeoutException(label + ": no " + prefix.trim() + " line within " + timeoutMillis + " ms"
                        + stderrSuffix());
            }
            if (line == EOF) {
                stdout.add(EOF);
                throw new IOException(label + " exited before " + prefix.trim() + exitSuffix() + stderrSuffix());
            }
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length()).trim();
            }
        }
    }

    public Process process() {
        return process;
    }

    public String label() {
        return label;
    }

    public String exitSuffix() {
        try {
            if (process.waitFor(500, TimeUnit.MILLISECONDS)) {
                return " (exit " + process.exitValue() + ")";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "";
    }

    /** Lines the JVM itself writes for settings the caller gave it (JAVA_TOOL_OPTIONS), not the program's output. */
    static boolean isJvmNotice(String line) {
        return line.startsWith("Picked up JAVA_TOOL_OPTIONS:") || line.startsWith("Picked up _JAVA_OPTIONS:")
                || line.startsWith("Picked up JDK_JAVA_OPTIONS:");
    }

    /**
     * What the child wrote to stderr so far, the JVM's own notices left out: how many lines, and the first of them
     * (at most 20). A quiet process writes none (docs/SECURITY.md, "Load and soak").
     */
    public StderrSummary stderrSummary() {
        synchronized (stderrTail) {
            return new StderrSummary(stderrLines, List.copyOf(stderrHead));
        }
    }

    /**
     * Lines a child wrote to stderr.
     *
     * @param lines how many (the JVM's own notices left out)
     * @param first the first of them, at most 20
     */
    public record StderrSummary(int lines, List<String> first) {
    }

    /** The last stderr lines; once the process is gone, waits briefly for the pump to read what it wrote last. */
    public String stderrSuffix() {
        if (!process.isAlive()) {
            try {
                stderrPump.join(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (stderrTail) {
            return stderrTail.isEmpty() ? "" : "; stderr:\n  " + String.join("\n  ", stderrTail);
        }
    }

    /** Closes stdin (the child's cue to exit), then destroys it, forcibly if it does not go within a second. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(300, TimeUnit.MILLISECONDS)) {
                process.destroy();
                if (!process.waitFor(1, TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    process.waitFor(2, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            LIVE.remove(this);
        }
    }
}
