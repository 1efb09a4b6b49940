package io.mobula.interop.sockets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.instrument.Instrumentation;

/**
 * The Java agent that installs {@link MobulaSocketFactory} in an unmodified java.rmi program:
 * {@code java -javaagent:mobula-interop/target/mobula-sockets-agent.jar -cp ... Main}. It changes no class; it
 * only sets java.rmi's socket factory before {@code main} runs. Attached to a running JVM ({@code agentmain}) it
 * applies to the sockets java.rmi makes from then on.
 */
public final class MobulaSocketAgent {

    private MobulaSocketAgent() {
    }

    /** Called before {@code main} with {@code -javaagent}. */
    public static void premain(String args, Instrumentation instrumentation) {
        start(args);
    }

    /** Called when the agent is attached to a running JVM. */
    public static void agentmain(String args, Instrumentation instrumentation) {
        start(args);
    }

    private static void start(String args) {
        if (args != null && !args.isBlank()) {
            throw new IllegalArgumentException("the Mobula socket agent takes no arguments (got '" + args
                    + "'); set -Dmobula.sockets.* properties instead");
        }
        try {
            MobulaSocketFactory.install();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install the Mobula socket factory", e);
        }
    }
}
