package io.mobula.bench.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Base of the systems whose server and client are JVMs running {@link ChildMain}: a subclass says how to serve and
 * how to connect, the harness does the process protocol, timing loop and reporting. The subclass must be listed
 * in {@link RmiSystems} (the child looks it up there by name) and have a public no-arg constructor.
 */
public abstract class JvmRmiSystem implements RmiSystem {

    /**
     * Starts serving in this (server child) JVM on 127.0.0.1 with an ephemeral port and returns the token the
     * client needs. Serving must continue on other threads after this returns.
     */
    protected abstract String serve() throws Exception;

    /** Connects a client session to the server identified by {@code token}. */
    protected abstract ClientSession connect(String token) throws Exception;

    @Override
    public Optional<String> prepare(LaunchContext ctx) {
        return Optional.empty();
    }

    @Override
    public boolean supports(BenchCase c) {
        return true;
    }

    @Override
    public final List<String> serverCommand(LaunchContext ctx) {
        return serverContext(ctx).javaCommand(ChildMain.class.getName(), List.of("server", name()));
    }

    /** The launch context of the server process: {@code ctx} with this system's JVM flags (none by default). */
    protected LaunchContext serverContext(LaunchContext ctx) {
        return ctx;
    }

    /**
     * The launch context of every client process, the one for all cases and the star clients alike: {@code ctx} with
     * this system's JVM flags (none by default).
     */
    protected LaunchContext clientContext(LaunchContext ctx) {
        return ctx;
    }

    @Override
    public final List<String> clientCommand(LaunchContext ctx, String serverToken, Timing timing,
                                            List<BenchCase> cases) {
        return childCommand(clientContext(ctx), "client", serverToken, timing, cases);
    }

    @Override
    public final List<String> starCommand(LaunchContext ctx, String serverToken, Timing timing,
                                          List<BenchCase> cases) {
        return childCommand(clientContext(ctx), "star", serverToken, timing, cases);
    }

    /** {@link ChildMain} in a client role for {@code cases}. */
    private List<String> childCommand(LaunchContext ctx, String role, String serverToken, Timing timing,
                                      List<BenchCase> cases) {
        List<String> args = new ArrayList<>(List.of(role, name(), serverToken, timing.encode()));
        for (BenchCase c : cases) {
            args.add(c.id());
        }
        return ctx.javaCommand(ChildMain.class.getName(), args);
    }
}
