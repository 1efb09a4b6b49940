package io.mobula.apps.npb;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Open MPI's compiler wrapper and launcher, as found on PATH (the Debian names {@code mpicc.openmpi} and
 * {@code mpirun.openmpi} first, then the plain ones if they are Open MPI's). Installs nothing.
 *
 * @param mpicc the compiler wrapper
 * @param mpirun the launcher
 */
public record OpenMpiTools(Path mpicc, Path mpirun) {
    /** What to install when they are missing. */
    public static final String INSTALL_HINT = "install Open MPI with its compiler wrapper (Debian/Ubuntu: apt-get"
            + " install openmpi-bin libopenmpi-dev)";

    /** The tools, or why they cannot be used. */
    public static Found find() {
        Optional<Path> cc = onPath("mpicc.openmpi");
        Optional<Path> run = onPath("mpirun.openmpi");
        if (cc.isEmpty() || run.isEmpty()) {
            cc = onPath("mpicc");
            run = onPath("mpirun");
        }
        if (cc.isEmpty() || run.isEmpty()) {
            return new Found(null, "Open MPI not found (" + (cc.isEmpty() ? "no mpicc" : "no mpirun") + " on PATH); "
                    + INSTALL_HINT);
        }
        try {
            String v = output(List.of(run.get().toString(), "--version"), 30);
            if (!v.contains("Open MPI") && !v.contains("OpenRTE") && !v.contains("open-mpi.org")) {
                return new Found(null, run.get() + " is not Open MPI's; " + INSTALL_HINT);
            }
        } catch (IOException e) {
            return new Found(null, "cannot run " + run.get() + ": " + e.getMessage());
        }
        return new Found(new OpenMpiTools(cc.get(), run.get()), null);
    }

    /**
     * The outcome of {@link #find}.
     *
     * @param tools the tools, or null
     * @param missing why there are none, or null
     */
    public record Found(OpenMpiTools tools, String missing) {
    }

    /** Compiles {@code source} into {@code binary} with {@code mpicc -O2 ... -lm}; the compiler's output if it fails. */
    public Optional<String> compile(Path source, Path binary) throws IOException {
        List<String> cmd = List.of(mpicc.toString(), "-O2", "-o", binary.toString(), source.toString(), "-lm");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String log = drain(p, 120);
        return p.exitValue() == 0 ? Optional.empty() : Optional.of(String.join(" ", cmd) + " failed (exit "
                + p.exitValue() + "): " + log.strip());
    }

    /**
     * The command running {@code np} processes of {@code binary}: without binding to cores, oversubscribing when
     * {@code np} exceeds the processors, every out-of-band and TCP connection on the loopback interface.
     */
    public List<String> command(int np, Path binary, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(mpirun.toString()));
        if (isRoot()) {
            cmd.add("--allow-run-as-root");
        }
        if (np > Runtime.getRuntime().availableProcessors()) {
            cmd.add("--oversubscribe");
        }
        cmd.addAll(List.of("-np", Integer.toString(np), "--bind-to", "none", "--mca", "btl_tcp_if_include", "lo",
                "--mca", "oob_tcp_if_include", "lo", binary.toString()));
        cmd.addAll(args);
        return cmd;
    }

    private static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.substring(4).trim().split("\\s+")[0].equals("0");
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall back to the user name
        }
        return "root".equals(System.getProperty("user.name"));
    }

    private static Optional<Path> onPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, exe);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static String output(List<String> cmd, int seconds) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        return drain(p, seconds);
    }

    /** The process's output, waiting at most {@code seconds} for it to end (then it is killed). */
    private static String drain(Process p, int seconds) throws IOException {
        byte[][] out = new byte[1][];
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                out[0] = p.getInputStream().readAllBytes();
            } catch (IOException e) {
                out[0] = new byte[0];
            }
        });
        try {
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IOException(p.info().command().orElse("a process") + " did not finish within " + seconds
                        + " s");
            }
            reader.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted", e);
        }
        return out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8);
    }
}
