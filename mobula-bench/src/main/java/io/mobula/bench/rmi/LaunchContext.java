package io.mobula.bench.rmi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What every child process gets: the same java binary, the same JVM flags and class path for every system, and a
 * work directory ({@code mobula-bench/target} when found) for built artefacts such as the C ping-pong.
 */
public record LaunchContext(String javaBinary, List<String> jvmFlags, String classPath, Path workDir, Path moduleDir) {

    /** Identical for every system, so the comparison is between systems and not between heaps or collectors. */
    public static final List<String> DEFAULT_JVM_FLAGS = List.of(
            "-Xms512m", "-Xmx512m", "-XX:+UseParallelGC", "-Djava.rmi.server.hostname=127.0.0.1");

    public LaunchContext {
        jvmFlags = List.copyOf(jvmFlags);
    }

    /** The context of the current JVM: its java binary and class path. */
    public static LaunchContext current() {
        String java = ProcessHandle.current().info().command()
                .filter(c -> Files.isExecutable(Path.of(c)))
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path module = findModuleDir();
        Path work = module != null ? module.resolve("target") : Path.of(System.getProperty("java.io.tmpdir"));
        List<String> flags = new ArrayList<>(DEFAULT_JVM_FLAGS);
        // -Dmobula.* settings of the harness (e.g. mobula.shm.spinMicros) apply to the children it starts
        System.getProperties().stringPropertyNames().stream().sorted()
                .filter(k -> k.startsWith("mobula.") && !k.startsWith("mobula.bench."))
                .forEach(k -> flags.add("-D" + k + "=" + System.getProperty(k)));
        return new LaunchContext(java, flags, System.getProperty("java.class.path"), work, module);
    }

    /** This context with {@code extra} JVM flags after the common ones. */
    public LaunchContext withJvmFlags(List<String> extra) {
        List<String> flags = new ArrayList<>(jvmFlags);
        flags.addAll(extra);
        return new LaunchContext(javaBinary, flags, classPath, workDir, moduleDir);
    }

    /** {@code java <flags> -cp <cp> <mainClass> <args>}. */
    public List<String> javaCommand(String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary);
        cmd.addAll(jvmFlags);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /**
     * The mobula-bench module directory (holding src/main/c), found from where this class was loaded
     * ({@code .../mobula-bench/target/classes} or {@code .../mobula-bench/target/*.jar}), or from the working
     * directory; {@code -Dmobula.bench.dir} overrides.
     */
    static Path findModuleDir() {
        String prop = System.getProperty("mobula.bench.dir");
        if (prop != null) {
            return Path.of(prop).toAbsolutePath();
        }
        List<Path> candidates = new ArrayList<>();
        try {
            Path loc = Path.of(LaunchContext.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = loc; p != null; p = p.getParent()) {
                candidates.add(p);
            }
        } catch (Exception | Error e) {
            // no code source (unusual class loader): fall back to the working directory
        }
        Path cwd = Path.of("").toAbsolutePath();
        candidates.add(cwd);
        candidates.add(cwd.resolve("mobula-bench"));
        for (Path p : candidates) {
            if (Files.isRegularFile(p.resolve("src/main/c/pingpong.c"))) {
                return p;
            }
        }
        return null;
    }
}
