package io.mobula.bench.rmi;

import io.mobula.interop.sockets.MobulaSocketFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.server.RMIServerSocketFactory;
import java.util.List;
import java.util.Optional;

/**
 * Unmodified java.rmi over Mobula's sockets (Opt RMI's transparent path): the code of {@link JavaRmiSystem}, with
 * both JVMs started with {@code -javaagent:mobula-interop/target/mobula-sockets-agent.jar}, which makes
 * {@link MobulaSocketFactory} java.rmi's socket factory, so that the connection between the two JVMs moves to
 * shared memory. The exports use java.rmi's default listening sockets (those of the installed factory, bound to
 * 127.0.0.1 by {@code -Dmobula.sockets.bind}) instead of {@link LoopbackServerSocketFactory}: a custom server
 * socket factory would take precedence over the installed one. The client checks that its calls travel over
 * shared memory before it measures.
 */
public final class MobulaSocketsRmiSystem extends JavaRmiSystem {

    /** Where the agent jar is built, relative to the repository root; {@code -Dmobula.bench.socketsAgent} overrides. */
    static final String AGENT_JAR = "mobula-interop/target/mobula-sockets-agent.jar";

    @Override
    public String name() {
        return "java.rmi+mobula-sockets";
    }

    @Override
    public String transport() {
        return "shm";
    }

    @Override
    public Optional<String> prepare(LaunchContext ctx) {
        Path jar = agentJar(ctx);
        return jar != null && Files.isRegularFile(jar) ? Optional.empty()
                : Optional.of("the socket agent jar " + (jar == null ? AGENT_JAR : jar)
                        + " is not built (mvn package -pl mobula-interop -am)");
    }

    private static Path agentJar(LaunchContext ctx) {
        String override = System.getProperty("mobula.bench.socketsAgent");
        if (override != null) {
            return Path.of(override).toAbsolutePath();
        }
        return ctx.moduleDir() == null ? null : ctx.moduleDir().toAbsolutePath().getParent().resolve(AGENT_JAR);
    }

    private static LaunchContext withAgent(LaunchContext ctx) {
        Path jar = agentJar(ctx);
        if (jar == null) {
            throw new IllegalStateException("cannot find " + AGENT_JAR);
        }
        return ctx.withJvmFlags(List.of("-javaagent:" + jar, "-Dmobula.sockets.bind=127.0.0.1"));
    }

    @Override
    protected LaunchContext serverContext(LaunchContext ctx) {
        return withAgent(ctx);
    }

    @Override
    protected LaunchContext clientContext(LaunchContext ctx) {
        return withAgent(ctx);
    }

    @Override
    protected RMIServerSocketFactory serverSockets() {
        return null;
    }

    @Override
    protected void connected(BenchRemote stub) throws Exception {
        MobulaSocketFactory factory = MobulaSocketFactory.installed()
                .orElseThrow(() -> new IllegalStateException(name() + ": the socket agent is not installed"));
        stub.ping();
        if (factory.counts().sharedMemory() == 0) {
            throw new IllegalStateException(name() + ": calls travel over TCP, not shared memory: " + factory);
        }
    }
}
