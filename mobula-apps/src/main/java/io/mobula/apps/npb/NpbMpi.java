package io.mobula.apps.npb;

import io.mobula.apps.AppSettings;
import io.mobula.apps.Kernel;
import io.mobula.apps.ResultLine;
import java.time.Duration;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs the C + MPI version of an NPB kernel: {@code java MAIN [--np N] [SIZE]} compiles the kernel's C source
 * (shipped beside this class) with Open MPI's {@code mpicc} into a fresh temporary directory, starts it with
 * {@code mpirun -np N}, passes its output through and prints the result line of every kernel run
 * ({@code version "mpi"}; its {@code seqSeconds} is the C run's own time, as for a sequential version). The C program
 * verifies with NPB's published values only, so SIZE must be an NPB class (S, W, A or their numbers). Exit codes: 0
 * verified, 1 not verified or failed, 2 bad arguments, 3 Open MPI missing.
 */
public final class NpbMpi {
    private static final Pattern RESULT = Pattern.compile("NPB-RESULT verified=([01]) seconds=([0-9.eE+-]+)"
            + " (?:passed=\\d+ checksum=([0-9a-f]+)|zeta=([0-9.eE+-]+))");

    private NpbMpi() {
    }

    /**
     * The main of {@code kernel}'s C version, whose source is the resource {@code program}.c beside this class;
     * {@code isClass} tells whether size values are an NPB class (the C versions run only those).
     */
    public static void main(Kernel<?, ?> kernel, String program, Predicate<int[]> isClass, String[] args) {
        int np = 2;
        String size = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--np") && i + 1 < args.length) {
                try {
                    np = Integer.parseInt(args[++i]);
                } catch (NumberFormatException e) {
                    np = 0;
                }
                if (np < 1) {
                    usage(kernel, "--np needs a positive number");
                }
            } else if (size == null && !args[i].startsWith("-")) {
                size = args[i];
            } else {
                usage(kernel, "unexpected argument " + args[i]);
            }
        }
        int[] values;
        Duration timeout;
        try {
            timeout = AppSettings.fromSystemProperties().runTimeout();
            values = kernel.sizes().parse(size);
            kernel.problem(values);
            if (!isClass.test(values)) {
                throw new IllegalArgumentException("size " + size + " is not an NPB class; the C version verifies with"
                        + " NPB's published values only");
            }
        } catch (IllegalArgumentException e) {
            usage(kernel, e.getMessage());
            return;
        }
        OpenMpiTools.Found found = OpenMpiTools.find();
        if (found.tools() == null) {
            System.err.println(kernel.name() + " mpi: " + found.missing());
            System.exit(3);
        }
        int code;
        try {
            code = run(kernel, program, found.tools(), np, values, timeout);
        } catch (IOException e) {
            System.err.println(kernel.name() + " mpi FAILED: " + e.getMessage());
            code = 1;
        }
        System.out.flush();
        System.exit(code);
    }

    private static int run(Kernel<?, ?> kernel, String program, OpenMpiTools tools, int np, int[] values,
            Duration timeout) throws IOException {
        Path dir = Files.createTempDirectory("mobula-npb-");
        try {
            Path source = dir.resolve(program + ".c");
            try (InputStream in = NpbMpi.class.getResourceAsStream(program + ".c")) {
                if (in == null) {
                    throw new IOException(program + ".c is not on the class path");
                }
                Files.copy(in, source);
            }
            Path binary = dir.resolve(program);
            Optional<String> failed = tools.compile(source, binary);
            if (failed.isPresent()) {
                throw new IOException(failed.get());
            }
            List<String> args = Arrays.stream(values).mapToObj(Integer::toString).toList();
            Process p = new ProcessBuilder(tools.command(np, binary, args)).redirectErrorStream(true).start();
            p.getOutputStream().close();
            Matcher result = null;
            Thread killer = Thread.ofVirtual().start(() -> {
                try {
                    if (!p.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                        p.descendants().forEach(ProcessHandle::destroyForcibly);
                        p.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    Matcher m = RESULT.matcher(line);
                    if (m.find()) {
                        result = m;
                    } else {
                        System.out.println(line);
                    }
                }
            } finally {
                killer.interrupt();
                if (p.isAlive()) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            }
            int exit = waitFor(p);
            if (result == null) {
                System.out.println(kernel.name() + " mpi: the C program printed no result (exit " + exit + ")");
                return 1;
            }
            boolean verified = result.group(1).equals("1") && exit == 0;
            double seconds = Double.parseDouble(result.group(2));
            String checksum = result.group(3) != null ? result.group(3) : "zeta=" + result.group(4);
            System.out.println(new ResultLine(kernel.name(), "mpi", np, String.join(",", args), seconds, seconds,
                    verified, checksum).format());
            return verified ? 0 : 1;
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    private static int waitFor(Process p) throws IOException {
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("mpirun did not exit");
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static void usage(Kernel<?, ?> kernel, String why) {
        System.err.println(kernel.name() + " mpi: " + why + "\nusage: java <main class> [--np N] [SIZE]; SIZE is"
                + " an NPB class: " + String.join(" ", new ArrayList<>(kernel.sizes().presetNames())));
        System.exit(2);
    }
}
