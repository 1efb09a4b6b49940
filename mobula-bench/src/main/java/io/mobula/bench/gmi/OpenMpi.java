package io.mobula.bench.gmi;

import io.mobula.bench.rmi.LaunchContext;
import io.mobula.bench.rmi.RawCSystem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Open MPI baseline: src/main/c/gmi_mpi.c, built with Open MPI's {@code mpicc} into the module's target
 * directory and started with its {@code mpirun}. Installs nothing: when Open MPI is missing, {@link #prepare} says
 * what to install and the suite skips this baseline visibly.
 *
 * <p>Launch: {@code mpirun -np N --bind-to none --mca pml ob1 --mca btl self,<shm btl>} for shared memory (the shm
 * BTL is {@code vader} up to Open MPI 4, {@code sm} from 5, detected with {@code ompi_info}) or
 * {@code --mca btl self,tcp --mca btl_tcp_if_include lo} for TCP; {@code --allow-run-as-root} when run as root,
 * {@code --oversubscribe} when N exceeds the cores. {@code pml ob1} makes the BTL choice binding (another PML such
 * as UCX would bypass it); {@code --bind-to none} leaves the processes to the scheduler as the JVM ranks are.
 */
final class OpenMpi {
    static final String NAME = "openmpi";
    static final String INSTALL_HINT = "install Open MPI with its compiler wrapper (Debian/Ubuntu: apt-get install"
            + " openmpi-bin libopenmpi-dev)";

    private Path binary;
    private Path mpirun;
    private String shmBtl;
    private String version;

    /** Finds Open MPI and builds the program; the reason to skip the baseline, or empty when ready. */
    Optional<String> prepare(LaunchContext ctx) {
        Optional<Path> cc = RawCSystem.findOnPath("mpicc.openmpi");
        Optional<Path> run = RawCSystem.findOnPath("mpirun.openmpi");
        if (cc.isEmpty() || run.isEmpty()) {
            // no Debian-style suffixed names: the plain ones, when they are Open MPI's
            cc = RawCSystem.findOnPath("mpicc");
            run = RawCSystem.findOnPath("mpirun");
        }
        if (cc.isEmpty() || run.isEmpty()) {
            return Optional.of("Open MPI not found (" + (cc.isEmpty() ? "no mpicc" : "no mpirun") + " on PATH); "
                    + INSTALL_HINT);
        }
        try {
            String v = output(List.of(run.get().toString(), "--version"), 30);
            // Open MPI 4 says "mpirun (Open MPI) 4.1.4" or, under its Debian name, "mpirun.openmpi (OpenRTE) 4.1.4"
            if (!v.contains("Open MPI") && !v.contains("OpenRTE") && !v.contains("open-mpi.org")) {
                return Optional.of(run.get() + " is not Open MPI's (" + firstLine(v) + "); " + INSTALL_HINT);
            }
            version = "Open MPI " + firstLine(v).replaceAll(".*\\)\\s*", "");
            mpirun = run.get();
            Optional<Path> info = RawCSystem.findOnPath("ompi_info");
            if (info.isEmpty()) {
                info = Optional.of(mpirun.resolveSibling("ompi_info"));
            }
            shmBtl = shmBtl(output(List.of(info.get().toString()), 60));
            if (shmBtl == null) {
                return Optional.of("ompi_info lists neither the vader nor the sm BTL; cannot run over shared memory");
            }
            if (ctx.moduleDir() == null) {
                return Optional.of("src/main/c/gmi_mpi.c not found (run from the repository or set"
                        + " -Dmobula.bench.dir)");
            }
            Path src = ctx.moduleDir().resolve("src/main/c/gmi_mpi.c");
            Path out = ctx.workDir().resolve("gmi-mpi");
            if (Files.isExecutable(out)
                    && Files.getLastModifiedTime(out).compareTo(Files.getLastModifiedTime(src)) > 0) {
                binary = out;
                return Optional.empty();
            }
            Files.createDirectories(out.getParent());
            Process p = new ProcessBuilder(cc.get().toString(), "-O2", "-o", out.toString(), src.toString())
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of(cc.get() + " did not finish within 120 s");
            }
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                return Optional.of(cc.get() + " failed (exit " + p.exitValue() + "): " + log
                        + (log.contains("mpi.h") ? "; " + INSTALL_HINT : ""));
            }
            binary = out;
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot use Open MPI: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while preparing Open MPI");
        }
    }

    /** "vader" (Open MPI <= 4) or "sm" (5 and later) as listed by ompi_info, or null. */
    static String shmBtl(String ompiInfo) {
        Matcher m = Pattern.compile("MCA btl:\\s*(\\w+)").matcher(ompiInfo);
        List<String> btls = new ArrayList<>();
        while (m.find()) {
            btls.add(m.group(1));
        }
        return btls.contains("vader") ? "vader" : btls.contains("sm") ? "sm" : null;
    }

    /** E.g. "Open MPI 4.1.4, shm BTL vader". */
    String describe() {
        return version + ", shm BTL " + shmBtl;
    }

    /** The mpirun command for {@code n} processes over {@code transport}. */
    List<String> command(String transport, int n, int cores, List<CaseSpec> specs) {
        if (binary == null) {
            throw new IllegalStateException("openmpi used before prepare() succeeded");
        }
        List<String> cmd = new ArrayList<>(List.of(mpirun.toString()));
        if (isRoot()) {
            cmd.add("--allow-run-as-root");
        }
        if (n > cores) {
            cmd.add("--oversubscribe");
        }
        cmd.addAll(List.of("-np", Integer.toString(n), "--bind-to", "none", "--mca", "pml", "ob1", "--mca", "btl"));
        if (transport.equals("shm")) {
            cmd.add("self," + shmBtl);
        } else {
            cmd.addAll(List.of("self,tcp", "--mca", "btl_tcp_if_include", "lo"));
        }
        cmd.add(binary.toString());
        specs.forEach(s -> cmd.add(s.encode()));
        return cmd;
    }

    /** Whether this process runs as root (uid 0 in /proc/self/status); mpirun refuses root without a flag. */
    static boolean isRoot() {
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

    private static String output(List<String> cmd, int seconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[][] out = new byte[1][];
        Thread reader = new Thread(() -> {
            try {
                out[0] = p.getInputStream().readAllBytes();
            } catch (IOException e) {
                out[0] = new byte[0];
            }
        });
        reader.setDaemon(true);
        reader.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + " did not finish within " + seconds + " s");
        }
        reader.join(5000);
        return out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8);
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
