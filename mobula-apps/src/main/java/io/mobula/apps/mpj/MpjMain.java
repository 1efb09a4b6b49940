package io.mobula.apps.mpj;

import io.mobula.apps.AppSettings;
import io.mobula.apps.Kernel;
import io.mobula.apps.KernelMain;
import io.mobula.apps.ResultLine;
import io.mobula.apps.SequentialResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs the MPJ Express version of a kernel: {@code java MAIN [--np N] [--device niodev|multicore] [SIZE]} compiles
 * the kernel's program (the source {@code PROGRAM.java} shipped beside this class, written against the mpiJava 1.2
 * API) against the installed MPJ Express and this class path into a fresh temporary directory, runs it on N ranks
 * (default 2; niodev, one JVM per rank, by default) and passes its output through. Rank 0 of the program checks the
 * result against the sequential version and prints the result line ({@code version "mpj"}), as rank 0 of a Mobula
 * version does. Exit codes: 0 verified, 1 not verified or failed, 2 bad arguments, 3 MPJ Express missing.
 */
public final class MpjMain {
    /** The version name of every MPJ Express version. */
    public static final String VERSION = "mpj";
    /** Sources compiled with every program: what several programs share (the NPB kernels' collectives). */
    private static final List<String> SHARED = List.of("MpjExchange");

    private MpjMain() {
    }

    /**
     * How a run went.
     *
     * @param result the result line rank 0 printed, if any
     * @param failure why the run failed (the job's failure, a compiler error), or null
     */
    public record Outcome(Optional<ResultLine> result, String failure) {
        /** Whether the run ended normally with a verified result. */
        public boolean verified() {
            return failure == null && result.isPresent() && result.get().verified();
        }
    }

    /** The main of {@code kernel}'s MPJ Express version, whose source is the resource {@code program}.java. */
    public static void main(Kernel<?, ?> kernel, String program, String[] args) {
        int np = 2;
        MpjExpress.Device device = MpjExpress.Device.NIODEV;
        String size = null;
        try {
            for (int i = 0; i < args.length; i++) {
                if (args[i].equals("--np") && i + 1 < args.length) {
                    np = Integer.parseInt(args[++i]);
                    if (np < 1) {
                        throw new IllegalArgumentException("--np needs a positive number");
                    }
                } else if (args[i].equals("--device") && i + 1 < args.length) {
                    device = MpjExpress.Device.of(args[++i]);
                } else if (size == null && !args[i].startsWith("-")) {
                    size = args[i];
                } else {
                    throw new IllegalArgumentException("unexpected argument " + args[i]);
                }
            }
        } catch (IllegalArgumentException e) {
            usage(kernel, e instanceof NumberFormatException ? "--np needs a positive number" : e.getMessage());
        }
        int[] values;
        Duration timeout;
        try {
            timeout = AppSettings.fromSystemProperties().runTimeout();
            values = kernel.sizes().parse(size);
            kernel.problem(values);
        } catch (IllegalArgumentException e) {
            usage(kernel, e.getMessage());
            return;
        }
        MpjExpress.Found found = MpjExpress.find();
        if (found.mpj() == null) {
            System.err.println(kernel.name() + " " + VERSION + ": " + found.missing());
            System.exit(3);
        }
        Outcome o;
        try (Compiled c = compile(found.mpj(), List.of(program))) {
            // a kept sequential result (./mobula speedup) reaches rank 0, which verifies
            List<String> flags = SequentialResult.file().map(f -> List.of("-D" + SequentialResult.PROPERTY + "=" + f))
                    .orElse(List.of());
            o = run(found.mpj(), c, device, program, np, values, flags, timeout,
                    System.out::println);
        } catch (IOException e) {
            o = new Outcome(Optional.empty(), e.getMessage());
        }
        if (o.failure() != null) {
            System.out.println(kernel.name() + " " + VERSION + " FAILED: " + o.failure());
        } else if (o.result().isEmpty()) {
            System.out.println(kernel.name() + " " + VERSION + ": rank 0 printed no result");
        }
        System.out.flush();
        System.exit(o.verified() ? 0 : 1);
    }

    /**
     * Kernel programs compiled against MPJ Express into a fresh temporary directory, which {@link #close} deletes.
     */
    public static final class Compiled implements AutoCloseable {
        private final Path dir;
        private final Path classes;
        private final String classPath;

        private Compiled(Path dir, Path classes, String classPath) {
            this.dir = dir;
            this.classes = classes;
            this.classPath = classPath;
        }

        @Override
        public void close() throws IOException {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /**
     * Compiles the {@code programs} (resources {@code NAME.java} beside this class), and the sources they share, against
     * MPJ Express and this JVM's class path.
     *
     * @throws IOException when a source is missing or does not compile (with the compiler's messages)
     */
    public static Compiled compile(MpjExpress mpj, List<String> programs) throws IOException {
        Path dir = Files.createTempDirectory("mobula-mpj-");
        Compiled c = new Compiled(dir, dir.resolve("classes"), System.getProperty("java.class.path"));
        try {
            List<Path> sources = new ArrayList<>();
            List<String> all = new ArrayList<>(programs);
            all.removeAll(SHARED);
            all.addAll(SHARED);
            for (String program : all) {
                Path source = dir.resolve(program + ".java");
                try (InputStream in = MpjMain.class.getResourceAsStream(program + ".java")) {
                    if (in == null) {
                        throw new IOException(program + ".java is not on the class path");
                    }
                    Files.copy(in, source);
                }
                sources.add(source);
            }
            Optional<String> failed = mpj.compile(sources, c.classes, c.classPath);
            if (failed.isPresent()) {
                throw new IOException(failed.get());
            }
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /**
     * Runs the compiled {@code program} on {@code np} ranks of {@code device} at the size {@code values}.
     *
     * @param jvmFlags flags for the rank JVMs
     * @param limit how long the run may take; a run still going then is ended and fails, saying so
     * @param lines gets every line the ranks print
     */
    public static Outcome run(MpjExpress mpj, Compiled compiled, MpjExpress.Device device, String program, int np,
            int[] values, List<String> jvmFlags, Duration limit, Consumer<String> lines) throws IOException {
        List<ResultLine> results = new ArrayList<>();
        MpjJob.Result r = MpjJob.run(mpj, device, np, jvmFlags, compiled.classes, compiled.classPath, program,
                List.of(KernelMain.sizeOf(values)), limit, line -> {
                    ResultLine.find(line).ifPresent(results::add);
                    lines.accept(line);
                });
        String failure = r.failure();
        if (failure == null && results.size() > 1) {
            failure = "more than one result line";
        }
        return new Outcome(results.stream().findFirst(), failure);
    }

    private static void usage(Kernel<?, ?> kernel, String why) {
        System.err.println(kernel.name() + " " + VERSION + ": " + why + "\nusage: java <main class> [--np N] [--device"
                + " niodev|multicore] [SIZE]; SIZE is " + String.join(",", kernel.sizes().parameters())
                + " or a preset: " + String.join(" ", kernel.sizes().presetNames()));
        System.exit(2);
    }
}
