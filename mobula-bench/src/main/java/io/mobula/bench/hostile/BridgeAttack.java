package io.mobula.bench.hostile;

import io.mobula.bench.rmi.BenchRemote;
import io.mobula.bench.rmi.ChildMain;
import io.mobula.bench.rmi.ChildProcess;
import io.mobula.bench.rmi.LaunchContext;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The attacks on the JRMP bridge ({@code bench hostile}, docs/SECURITY.md "The JRMP bridge"): a Mobula server that
 * serves plain java.rmi clients (the RMI collection's {@code java.rmi-to-mobula} system) is sent, by plain java.rmi
 * code in this JVM, a {@code Serializable} JDK class it does not trust, a nested-HashSet bomb (depth 60), and the
 * same work laid out flat (lists holding the one before twice, one set holding the last). Each call is waited for
 * at most 30 s; after each the server must still answer a call. Records how long each refusal took, the reason the
 * client was given, and the server's CPU time in the 2 s after the attacks (no hashing left running).
 */
final class BridgeAttack {
    private static final long CALL_SECONDS = 30;

    /** What one attack came to. */
    record Outcome(String attack, String result, long millis, String told, boolean answeredAfter) {
    }

    private BridgeAttack() {
    }

    /** Runs the attacks against a server of its own; prints and returns the outcomes and the idle CPU time. */
    static List<Outcome> run(PrintStream out, long[] idleCpuMillis) throws Exception {
        List<Outcome> outcomes = new ArrayList<>();
        try (ChildProcess server = ChildProcess.start("bridge-server", LaunchContext.current()
                .javaCommand(ChildMain.class.getName(), List.of("server", "java.rmi-to-mobula")))) {
            int port = Integer.parseInt(server.awaitPrefix("READY ", 60_000).trim());
            outcomes.add(attack(port, "untrusted-class", new java.text.SimpleDateFormat()));
            outcomes.add(attack(port, "hashset-bomb-60", HostilePayloads.nestedSets(60)));
            outcomes.add(attack(port, "flat-bomb-60", HostilePayloads.flatLists(60)));
            ProcessHandle handle = server.process().toHandle();
            Duration before = handle.info().totalCpuDuration().orElse(Duration.ZERO);
            Thread.sleep(2000);
            idleCpuMillis[0] = handle.info().totalCpuDuration().orElse(Duration.ZERO).minus(before).toMillis();
        }
        out.println("JRMP bridge (plain java.rmi client, -Dmobula.jrmp.port):");
        for (Outcome o : outcomes) {
            out.printf("  %-16s %s after %d ms; server answered afterwards: %s; client told: %s%n", o.attack(),
                    o.result(), o.millis(), o.answeredAfter() ? "yes" : "NO", o.told());
        }
        out.printf("  server CPU in the 2 s after the attacks: %d ms%n", idleCpuMillis[0]);
        return outcomes;
    }

    private static Outcome attack(int port, String name, Object argument) throws Exception {
        long t0 = System.nanoTime();
        String result;
        String told = "-";
        CompletableFuture<Void> call = CompletableFuture.runAsync(() -> {
            try {
                lookup(port).voidPing(argument);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, r -> Thread.ofPlatform().daemon().start(r));
        try {
            call.get(CALL_SECONDS, TimeUnit.SECONDS);
            result = "accepted";
        } catch (ExecutionException e) {
            result = "refused";
            told = reason(e.getCause().getCause());
        } catch (TimeoutException e) {
            result = "no answer within " + CALL_SECONDS + " s";
        }
        long millis = (System.nanoTime() - t0) / 1_000_000;
        boolean answered;
        try {
            CompletableFuture<Void> ping = CompletableFuture.runAsync(() -> {
                try {
                    lookup(port).ping();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, r -> Thread.ofPlatform().daemon().start(r));
            ping.get(CALL_SECONDS, TimeUnit.SECONDS);
            answered = true;
        } catch (ExecutionException | TimeoutException e) {
            answered = false;
        }
        return new Outcome(name, result, millis, told, answered);
    }

    private static BenchRemote lookup(int port) throws Exception {
        return (BenchRemote) java.rmi.registry.LocateRegistry.getRegistry("127.0.0.1", port).lookup("bench");
    }

    /** The innermost cause's message, on one line. */
    private static String reason(Throwable t) {
        Throwable inner = t;
        while (inner.getCause() != null) {
            inner = inner.getCause();
        }
        return String.valueOf(inner).replace('\n', ' ');
    }
}
