package io.mobula.examples;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM for multi-process tests: same java binary and class path as the test, output read line by line,
 * every wait bounded, and always destroyed (close, or a shutdown hook if the test JVM dies first).
 */
public final class ChildJvm implements AutoCloseable {
    private static final List<Process> LIVE = Collections.synchronizedList(new ArrayList<>());

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            synchronized (LIVE) {
                LIVE.forEach(p -> {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                });
            }
        }));
    }

    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> all = Collections.synchronizedList(new ArrayList<>());
    private final Thread reader;

    private ChildJvm(Process process) {
        this.process = process;
        LIVE.add(process);
        reader = new Thread(this::pump, "child-output-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * The java binary and the options every child starts with, before the test's own (which win): a small heap, the
     * serial collector and the C1 compiler only. The children are short-lived and no test measures their speed, so
     * C2's compilations would cost start-up processor time (on a CI machine of 2 cores) and never pay back; a test
     * that needs C2 passes {@code -XX:TieredStopAtLevel=4}.
     */
    private static List<String> javaCommand() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Dmobula.host=127.0.0.1");
    }

    /** Starts {@code main} with the test's class path; stderr is merged into stdout. */
    public static ChildJvm start(Class<?> main, List<String> jvmArgs, String... args) throws IOException {
        return startWrapped(List.of(), main, jvmArgs, args);
    }

    /**
     * As {@link #start}, with the java command run through {@code wrapper} (e.g. {@code ip netns exec NS}); the
     * wrapper must exec java, so that killing the child kills the JVM.
     */
    public static ChildJvm startWrapped(List<String> wrapper, Class<?> main, List<String> jvmArgs, String... args)
            throws IOException {
        return startWithEnv(wrapper, java.util.Map.of(), main, jvmArgs, args);
    }

    /**
     * As {@link #startWrapped}, with {@code env} added to the child's environment (a null value removes the variable,
     * so a child can be started without a variable the test JVM has).
     */
    public static ChildJvm startWithEnv(List<String> wrapper, java.util.Map<String, String> env, Class<?> main,
                                        List<String> jvmArgs, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.addAll(javaCommand());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        return new ChildJvm(pb.start());
    }

    /**
     * Starts {@code mainClass} with only the entries of the test's class path that {@code keep} accepts (a JVM
     * that must not see the application's classes, say).
     */
    public static ChildJvm startWithClassPath(java.util.function.Predicate<String> keep, String mainClass,
                                              List<String> jvmArgs, String... args) throws IOException {
        return startOnClassPath(classPath(keep), java.util.Map.of(), mainClass, jvmArgs, args);
    }

    /**
     * As {@link #startWithClassPath}, with {@code env} changing the child's environment as in {@link #startWithEnv}.
     */
    public static ChildJvm startWithClassPath(java.util.function.Predicate<String> keep,
                                              java.util.Map<String, String> env, String mainClass,
                                              List<String> jvmArgs, String... args) throws IOException {
        return startOnClassPath(classPath(keep), env, mainClass, jvmArgs, args);
    }

    /** Starts {@code module/mainClass} from {@code modulePath}, with no class path (a modular program). */
    public static ChildJvm startModular(String modulePath, String moduleAndMain, List<String> jvmArgs,
                                        String... args) throws IOException {
        List<String> cmd = new ArrayList<>(javaCommand());
        cmd.addAll(jvmArgs);
        cmd.add("--module-path");
        cmd.add(modulePath);
        cmd.add("-m");
        cmd.add(moduleAndMain);
        cmd.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(cmd).redirectErrorStream(true).start());
    }

    /** Starts {@code mainClass} on exactly {@code classPath} (say, a plain JVM with no Mobula class). */
    public static ChildJvm startOnClassPath(String classPath, String mainClass, List<String> jvmArgs, String... args)
            throws IOException {
        return startOnClassPath(classPath, java.util.Map.of(), mainClass, jvmArgs, args);
    }

    private static ChildJvm startOnClassPath(String classPath, java.util.Map<String, String> env, String mainClass,
                                             List<String> jvmArgs, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(javaCommand());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        return new ChildJvm(pb.start());
    }

    /** The entries of the test's class path that {@code keep} accepts. */
    public static String classPath(java.util.function.Predicate<String> keep) {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(keep).collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
    }

    private void pump() {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                all.add(line);
                lines.add(line);
            }
        } catch (IOException ignored) {
            // the process is gone
        }
    }

    /** The first line (from now on) starting with {@code prefix}, waiting at most {@code timeout}. */
    public String awaitLine(String prefix, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            String line = left > 0 ? lines.poll(left, TimeUnit.NANOSECONDS) : null;
            if (line == null) {
                throw new AssertionError("no line starting with '" + prefix + "' within " + timeout
                        + (process.isAlive() ? "" : " (exited with " + process.exitValue() + ")") + "; output:\n"
                        + output());
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** Writes {@code line} to the child's standard input. */
    public void send(String line) throws IOException {
        var in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Waits for the exit code, at most {@code timeout}. */
    public int waitFor(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("child did not exit within " + timeout + "; output:\n" + output());
        }
        // the exit can be seen before the last lines were read: output() must hold all of them afterwards
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        reader.join(Math.min(5_000, Math.max(1, left + 1_000)));
        return process.exitValue();
    }

    /** Everything the child printed so far. */
    public String output() {
        synchronized (all) {
            return String.join("\n", all);
        }
    }

    /**
     * What the program printed: {@link #output()} without the records of the JDK's default log format (a
     * {@code "Nov 23, 2026 2:56:00 PM class method"} line followed by a {@code "LEVEL: message"} line), such as the
     * runtime's note that it runs without cluster authentication.
     */
    public String programOutput() {
        String[] lines = output().split("\n", -1);
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            if (i + 1 < lines.length && LOG_HEADER.matcher(lines[i]).matches()
                    && LOG_LEVEL.matcher(lines[i + 1]).lookingAt()) {
                i++;
                continue;
            }
            kept.add(lines[i]);
        }
        return String.join("\n", kept);
    }

    private static final java.util.regex.Pattern LOG_HEADER =
            java.util.regex.Pattern.compile("\\S+ \\d{1,2}, \\d{4} \\d{1,2}:\\d{2}:\\d{2} [AP]M \\S+ \\S+");
    private static final java.util.regex.Pattern LOG_LEVEL =
            java.util.regex.Pattern.compile("(SEVERE|WARNING|INFO|CONFIG|FINE|FINER|FINEST): ");

    /** kill -9. */
    public void kill() throws InterruptedException {
        // the child's own children first (the ranks of a mobula run launcher): a killed launcher runs no clean-up
        java.util.List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        for (ProcessHandle d : descendants) {
            d.destroyForcibly();
        }
        process.waitFor(10, TimeUnit.SECONDS);
        for (ProcessHandle d : descendants) {
            d.onExit().completeOnTimeout(d, 10, TimeUnit.SECONDS).join();
        }
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        kill();
        LIVE.remove(process);
    }
}
