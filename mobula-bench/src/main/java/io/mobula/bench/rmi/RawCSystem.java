package io.mobula.bench.rmi;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Raw C baseline: src/main/c/pingpong.c, built at run time with the machine's {@code cc} into the module's
 * target directory, speaking the same {@link RawProtocol} framing with TCP_NODELAY. It runs the null call and the
 * byte-array payload cases only: for those no encoding question arises, so the bytes are exactly the Java raw
 * baseline's.
 */
public final class RawCSystem implements RmiSystem {
    private Path binary;

    @Override
    public String name() {
        return "raw-c";
    }

    @Override
    public String transport() {
        return "tcp";
    }

    @Override
    public boolean isRawBaseline() {
        return true;
    }

    @Override
    public boolean supports(BenchCase c) {
        return switch (c.kernel()) {
            case NULL_CALL -> true;
            case VOID_PING_OBJ, OBJ_PING_OBJ, THROUGHPUT -> c.payload().kind() == PayloadSpec.Kind.BYTES;
            default -> false;
        };
    }

    @Override
    public Optional<String> prepare(LaunchContext ctx) {
        Optional<Path> cc = findOnPath("cc");
        if (cc.isEmpty()) {
            return Optional.of("no C compiler: `cc` is not on PATH");
        }
        if (ctx.moduleDir() == null) {
            return Optional.of("src/main/c/pingpong.c not found (run from the repository or set -Dmobula.bench.dir)");
        }
        Path src = ctx.moduleDir().resolve("src/main/c/pingpong.c");
        Path out = ctx.workDir().resolve("pingpong-c");
        try {
            if (Files.isExecutable(out)
                    && Files.getLastModifiedTime(out).compareTo(Files.getLastModifiedTime(src)) > 0) {
                binary = out;
                return Optional.empty();
            }
            Files.createDirectories(out.getParent());
            Process p = new ProcessBuilder(cc.get().toString(), "-O2", "-pthread", "-o", out.toString(), src.toString())
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of("cc did not finish within 60 s");
            }
            String log = new String(p.getInputStream().readAllBytes()).trim();
            if (p.exitValue() != 0) {
                return Optional.of("cc failed (exit " + p.exitValue() + "): " + log);
            }
            binary = out;
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot build the C ping-pong: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while building the C ping-pong");
        }
    }

    /** The executable {@code exe} in a directory of PATH, if any. */
    public static Optional<Path> findOnPath(String exe) {
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

    @Override
    public List<String> serverCommand(LaunchContext ctx) {
        return List.of(requireBinary(), "server");
    }

    @Override
    public List<String> clientCommand(LaunchContext ctx, String serverToken, Timing timing, List<BenchCase> cases) {
        List<String> cmd = new ArrayList<>(List.of(requireBinary(), "client", serverToken, timing.encode()));
        for (BenchCase c : cases) {
            cmd.add(c.id());
            cmd.add(Integer.toString(c.rawRequestBytes()));
            cmd.add(Integer.toString(c.rawReplyBytes()));
        }
        return cmd;
    }

    private String requireBinary() {
        if (binary == null) {
            throw new IllegalStateException("raw-c used before prepare() succeeded");
        }
        return binary.toString();
    }
}
