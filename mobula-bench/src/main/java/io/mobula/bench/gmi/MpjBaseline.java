package io.mobula.bench.gmi;

import io.mobula.apps.mpj.MpjExpress;
import io.mobula.apps.mpj.Rendezvous;
import io.mobula.bench.rmi.LaunchContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The MPJ Express baseline (Java MPI, the mpiJava 1.2 API the thesis compared GMI with, thesis 5.5): src/main/mpj/
 * GmiMpj.java, the Open MPI program's cases with the same collectives, compiled against the installed MPJ Express
 * into the module's target directory. Over shm it runs on MPJ Express's multicore device (the N ranks are threads of
 * one JVM, messages through shared memory); over tcp on its niodev device (one JVM per rank, TCP between them, every
 * peer address 127.0.0.1), the ranks finding each other through a {@link Rendezvous} this process serves. Every JVM
 * gets the JVM flags the Java ranks of the other systems get. Installs nothing: when MPJ Express is missing,
 * {@link #prepare} says what to install and the suite skips this baseline visibly.
 */
final class MpjBaseline {
    static final String NAME = "mpj";
    private static final String MAIN = "GmiMpj";

    private MpjExpress mpj;
    private Path classes;

    /** Finds MPJ Express and compiles the program; the reason to skip the baseline, or empty when ready. */
    Optional<String> prepare(LaunchContext ctx) {
        MpjExpress.Found found = MpjExpress.find();
        if (found.mpj() == null) {
            return Optional.of(found.missing());
        }
        if (ctx.moduleDir() == null) {
            return Optional.of("src/main/mpj/" + MAIN + ".java not found (run from the repository or set"
                    + " -Dmobula.bench.dir)");
        }
        try {
            Path src = ctx.moduleDir().resolve("src/main/mpj/" + MAIN + ".java");
            Path out = ctx.workDir().resolve("gmi-mpj");
            Path built = out.resolve(MAIN + ".class");
            if (!(Files.isRegularFile(built)
                    && Files.getLastModifiedTime(built).compareTo(Files.getLastModifiedTime(src)) > 0)) {
                Optional<String> failed = found.mpj().compile(List.of(src), out, "");
                if (failed.isPresent()) {
                    return failed;
                }
            }
            mpj = found.mpj();
            classes = out;
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot build " + MAIN + ": " + e.getMessage());
        }
    }

    /** E.g. "MPJ Express 0.44 (/usr/share/mpj): multicore device over shm, niodev over tcp". */
    String describe() {
        return mpj.describe() + ": multicore device over shm, niodev over tcp";
    }

    /**
     * Opens what a tcp launch of {@code n} ranks needs before its processes start (the rendezvous), or null for shm;
     * the caller closes it after the launch.
     */
    Rendezvous open(String transport, int n) throws IOException {
        return transport.equals("shm") ? null : Rendezvous.open(n, Duration.ofSeconds(60));
    }

    /**
     * The command lines of one launch: one JVM for shm, {@code n} for tcp (rank 0 first, it reports); every case's
     * warm-up lasts at least {@code warmupMillis}, as the Java ranks' of the other systems.
     */
    List<List<String>> commands(LaunchContext ctx, String transport, int n, Rendezvous rv, List<CaseSpec> specs,
            long warmupMillis) {
        if (mpj == null) {
            throw new IllegalStateException("mpj used before prepare() succeeded");
        }
        if ((rv == null) != transport.equals("shm")) {
            throw new IllegalArgumentException("a tcp launch needs the rendezvous, a shm launch none");
        }
        List<String> args = new ArrayList<>(List.of("warmup-ms:" + warmupMillis));
        specs.forEach(s -> args.add(s.encode()));
        Path java = Path.of(ctx.javaBinary());
        if (rv == null) {
            return List.of(mpj.multicoreCommand(java, ctx.jvmFlags(), n, classes, "", MAIN, args));
        }
        List<List<String>> cmds = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            cmds.add(mpj.niodevCommand(java, ctx.jvmFlags(), r, n, rv.port(), classes, "", MAIN, args));
        }
        return cmds;
    }
}
