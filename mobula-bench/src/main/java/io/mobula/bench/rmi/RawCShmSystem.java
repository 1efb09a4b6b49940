package io.mobula.bench.rmi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Raw C shared-memory baseline: src/main/c/pingpong.c in its {@code shm-server}/{@code shm-client} roles, the
 * {@link RawProtocol} bytes through rings of the same layout as Mobula's shm transport ({@link RawShmChannel}),
 * built at run time like {@link RawCSystem}. Same cases as the C TCP baseline.
 */
public final class RawCShmSystem implements RmiSystem {
    private final RawCSystem c = new RawCSystem();

    @Override
    public String name() {
        return "raw-c-shm";
    }

    @Override
    public String transport() {
        return "shm";
    }

    @Override
    public boolean isRawBaseline() {
        return true;
    }

    @Override
    public boolean supports(BenchCase bc) {
        return c.supports(bc);
    }

    @Override
    public Optional<String> prepare(LaunchContext ctx) {
        if (!Files.isDirectory(Path.of("/dev/shm"))) {
            return Optional.of("no /dev/shm");
        }
        return c.prepare(ctx);
    }

    @Override
    public List<String> serverCommand(LaunchContext ctx) {
        List<String> cmd = new ArrayList<>(c.serverCommand(ctx));
        cmd.set(1, "shm-server");
        return cmd;
    }

    @Override
    public List<String> clientCommand(LaunchContext ctx, String serverToken, Timing timing, List<BenchCase> cases) {
        List<String> cmd = new ArrayList<>(c.clientCommand(ctx, serverToken, timing, cases));
        cmd.set(1, "shm-client");
        return cmd;
    }
}
