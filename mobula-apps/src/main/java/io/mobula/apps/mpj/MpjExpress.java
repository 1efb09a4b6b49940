package io.mobula.apps.mpj;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * An MPJ Express installation (the mpiJava 1.2 API in Java; Debian's {@code libmpj-java}), found at
 * {@code $MPJ_HOME} or {@code /usr/share/mpj}: compiles programs against it and builds the commands that run them.
 * Installs nothing. Mobula depends on nothing of it: the MPJ Express programs are compiled at run time against the
 * installed jar, as the C MPI baselines are compiled with {@code mpicc}.
 *
 * <p>Two of its devices run here, both started without MPJ Express's own {@code mpjrun} (whose Debian script cannot
 * find log4j) and without its daemons:
 * <ul>
 *   <li>{@link Device#MULTICORE}: every rank a thread of one JVM ({@code runtime.starter.MulticoreStarter}, each
 *       rank loading the program through a class loader of its own), messages through shared memory;</li>
 *   <li>{@link Device#NIODEV}: every rank a JVM of its own, messages over TCP between them; the ranks find each
 *       other through a {@link Rendezvous} on the loopback interface, and every peer address given to them is
 *       127.0.0.1. MPJ Express 0.44's niodev listens during {@code MPI.Init} on two random ports in 25000..40000 of
 *       every interface (fixed in its code) and closes them when every rank is connected.</li>
 * </ul>
 */
public final class MpjExpress {
    /** What to install when MPJ Express is missing. */
    public static final String INSTALL_HINT = "install MPJ Express (Debian/Ubuntu: apt-get install libmpj-java;"
            + " .ci/setup-mpj.sh does it as root)";
    /** niodev's protocol switch limit: messages up to this many bytes go eagerly (MPJ Express's default). */
    static final int PROTOCOL_SWITCH_LIMIT = 128 * 1024;

    /** The jars the multicore device's JVM loads; every rank thread adds mpi.jar and mpjdev.jar of its own. */
    private static final List<String> MULTICORE_JARS = List.of("smpdev.jar", "xdev.jar", "mpjbuf.jar", "loader2.jar",
            "starter.jar", "mpiExp.jar", "runtimecommon.jar");
    private static final List<String> RANK_JARS = List.of("mpj.jar", "mpi.jar", "mpjdev.jar");

    private final Path home;
    private final Path log4j;
    private final String version;

    /** How the ranks run. */
    public enum Device {
        /** Every rank a thread of one JVM, shared memory. */
        MULTICORE("multicore"),
        /** Every rank a JVM, TCP over the loopback interface. */
        NIODEV("niodev");

        private final String id;

        Device(String id) {
            this.id = id;
        }

        /** The name MPJ Express gives the device. */
        public String id() {
            return id;
        }

        /** The device named {@code id}. */
        public static Device of(String id) {
            for (Device d : values()) {
                if (d.id.equals(id)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("unknown MPJ Express device " + id + " (multicore or niodev)");
        }
    }

    private MpjExpress(Path home, Path log4j, String version) {
        this.home = home;
        this.log4j = log4j;
        this.version = version;
    }

    /**
     * The outcome of {@link #find}.
     *
     * @param mpj the installation, or null
     * @param missing why there is none, or null
     */
    public record Found(MpjExpress mpj, String missing) {
    }

    /** The installation at {@code $MPJ_HOME}, else at {@code /usr/share/mpj}, or why there is none. */
    public static Found find() {
        String env = System.getenv("MPJ_HOME");
        Path home = Path.of(env != null && !env.isBlank() ? env : "/usr/share/mpj");
        Path lib = home.resolve("lib");
        List<String> absent = new ArrayList<>();
        for (String jar : concat(MULTICORE_JARS, RANK_JARS)) {
            if (!Files.isRegularFile(lib.resolve(jar))) {
                absent.add(jar);
            }
        }
        if (absent.contains("mpj.jar")) {
            return new Found(null, "MPJ Express not found (no " + lib.resolve("mpj.jar") + "); " + INSTALL_HINT);
        }
        if (!absent.isEmpty()) {
            return new Found(null, "MPJ Express at " + home + " is incomplete (" + lib + " lacks "
                    + String.join(", ", absent) + "); " + INSTALL_HINT);
        }
        // its jars name log4j-1.2.jar in their manifests but Debian keeps it in /usr/share/java
        Path log4j = lib.resolve("log4j-1.2.jar");
        if (!Files.isRegularFile(log4j)) {
            log4j = Path.of("/usr/share/java/log4j-1.2.jar");
        }
        if (!Files.isRegularFile(log4j)) {
            return new Found(null, "MPJ Express needs log4j 1.2 (neither " + lib.resolve("log4j-1.2.jar") + " nor "
                    + log4j + " exists; Debian/Ubuntu: apt-get install liblog4j1.2-java)");
        }
        return new Found(new MpjExpress(home, log4j, readVersion(home.resolve("conf/mpjexpress.conf"))), null);
    }

    private static String readVersion(Path conf) {
        try {
            Matcher m = Pattern.compile("(?m)^mpjexpress\\.version=(\\S+)").matcher(Files.readString(conf,
                    StandardCharsets.ISO_8859_1));
            return m.find() ? m.group(1) : "of unknown version";
        } catch (IOException e) {
            return "of unknown version";
        }
    }

    /** E.g. "MPJ Express 0.44 (/usr/share/mpj)". */
    public String describe() {
        return "MPJ Express " + version + " (" + home + ")";
    }

    /** The jar with the mpiJava 1.2 API ({@code mpi.*}) to compile against. */
    public Path apiJar() {
        return lib("mpj.jar");
    }

    /**
     * Compiles {@code sources} into {@code classes} (release 21) against the API jar and {@code classPath} (empty
     * for none) with the JDK's compiler; the compiler's messages if it fails.
     */
    public Optional<String> compile(List<Path> sources, Path classes, String classPath) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return Optional.of("compiling the MPJ Express programs needs a JDK (this Java has no compiler: "
                    + System.getProperty("java.home") + ")");
        }
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "--release", "21", "-proc:none",
                "-nowarn", "-encoding", "UTF-8", "-cp", apiJar() + (classPath.isEmpty() ? "" : File.pathSeparator
                        + classPath)));
        sources.forEach(s -> args.add(s.toString()));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int rc = javac.run(null, log, log, args.toArray(String[]::new));
        return rc == 0 ? Optional.empty() : Optional.of("javac failed (exit " + rc + "): "
                + log.toString(StandardCharsets.UTF_8).strip());
    }

    /**
     * The command running {@code np} ranks of {@code main} as threads of one JVM (the multicore device). Like every
     * command here it starts with {@code env MPJ_HOME=...}: MPJ Express reads its configuration from there.
     *
     * @param java the java launcher
     * @param jvmFlags flags for the JVM
     * @param classes the compiled programs
     * @param classPath what else the program needs (empty for nothing)
     * @param main the program's main class
     * @param args the program's arguments after MPJ Express's own
     */
    public List<String> multicoreCommand(Path java, List<String> jvmFlags, int np, Path classes, String classPath,
            String main, List<String> args) {
        List<String> cmd = start(java);
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("-cp", classPath(MULTICORE_JARS.stream().map(this::lib).toList()),
                "runtime.starter.MulticoreStarter", classes.toString(), Integer.toString(np), "smpdev",
                "useLocalLoader", classPath.isEmpty() ? "EMPTY" : classPath, main));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * The command running rank {@code rank} of {@code np} as a JVM of its own (the niodev device), finding the others
     * through the rendezvous at 127.0.0.1:{@code rendezvousPort}.
     */
    public List<String> niodevCommand(Path java, List<String> jvmFlags, int rank, int np, int rendezvousPort,
            Path classes, String classPath, String main, List<String> args) {
        List<String> cmd = start(java);
        cmd.addAll(jvmFlags);
        List<Path> cp = new ArrayList<>(List.of(classes, apiJar(), log4j));
        String config = "#Number of Processes;" + np + ";#Protocol Switch Limit;" + PROTOCOL_SWITCH_LIMIT
                + ";#Server Name;127.0.0.1;#Server Port;" + rendezvousPort;
        cmd.addAll(List.of("-cp", classPath(cp) + (classPath.isEmpty() ? "" : File.pathSeparator + classPath), main,
                Integer.toString(rank), config, "niodev"));
        cmd.addAll(args);
        return cmd;
    }

    /** The start of a command: {@code java} with {@code MPJ_HOME} in its environment (MPJ Express reads it). */
    private List<String> start(Path java) {
        return new ArrayList<>(List.of("env", "MPJ_HOME=" + home, java.toString()));
    }

    private String classPath(List<Path> jars) {
        List<Path> all = new ArrayList<>(jars);
        if (!all.contains(log4j)) {
            all.add(log4j);
        }
        return String.join(File.pathSeparator, all.stream().map(Path::toString).toList());
    }

    private Path lib(String jar) {
        return home.resolve("lib").resolve(jar);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
