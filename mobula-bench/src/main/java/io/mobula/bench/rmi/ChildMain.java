package io.mobula.bench.rmi;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Entry point of the server and client child JVMs of {@link JvmRmiSystem}s.
 *
 * <pre>
 *   ChildMain server &lt;system&gt;
 *   ChildMain client &lt;system&gt; &lt;token&gt; &lt;timing&gt; &lt;case-id&gt;...
 *   ChildMain star &lt;system&gt; &lt;token&gt; &lt;timing&gt; &lt;star-case-id&gt;...
 * </pre>
 *
 * All exit when stdin reaches end of file, i.e. when the parent closes it or dies. A star client is one of the k
 * client processes of the star kernel: it connects, checks its cases and warms them up; then, per case, it prints
 * {@code STAR-READY <case>}, waits for a line {@code GO} on stdin (sent to all k at once), samples, and prints
 * {@code SAMPLES <n> <ns>,<ns>,...} (or {@code STAR-ERROR <why>} for that case).
 */
public final class ChildMain {
    private ChildMain() { }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ChildMain server <system> | client <system> <token> <timing> <case>...");
            System.exit(2);
        }
        JvmRmiSystem system = RmiSystems.jvmSystem(args[1]);
        PrintStream out = System.out;
        switch (args[0]) {
            case "server" -> {
                String token = system.serve();
                out.println("READY " + token);
                out.flush();
                drain(System.in);
                System.exit(0);
            }
            case "client" -> {
                watchParent();
                Timing timing = Timing.decode(args[3]);
                List<BenchCase> cases = new ArrayList<>();
                for (int i = 4; i < args.length; i++) {
                    cases.add(BenchCase.parse(args[i]));
                }
                runClient(system, args[2], timing, cases, out);
                out.println("DONE");
                out.flush();
                System.exit(0);
            }
            case "star" -> {
                java.util.concurrent.Semaphore go = watchParentFor("GO");
                List<BenchCase> cases = new ArrayList<>();
                for (int i = 4; i < args.length; i++) {
                    cases.add(BenchCase.parse(args[i]));
                }
                runStarClient(system, args[2], Timing.decode(args[3]), cases, go, out);
                System.exit(0);
            }
            default -> {
                System.err.println("unknown role " + args[0]);
                System.exit(2);
            }
        }
    }

    static void runClient(JvmRmiSystem system, String token, Timing timing, List<BenchCase> cases, PrintStream out)
            throws Exception {
        try (ClientSession session = system.connect(token)) {
            CallLoop.warmAll(session, cases, timing);
            for (BenchCase c : cases) {
                String line;
                try {
                    line = CaseResult.clientLine(c, CallLoop.measure(session.prepare(c), timing));
                } catch (Exception | AssertionError e) {
                    e.printStackTrace();
                    line = CaseResult.clientErrorLine(c, e.toString());
                }
                out.println(line);
                out.flush();
            }
        }
    }

    /** One of the k client processes of the star kernel; see the class comment. */
    static void runStarClient(JvmRmiSystem system, String token, Timing timing, List<BenchCase> cases,
                              java.util.concurrent.Semaphore go, PrintStream out) throws Exception {
        try (ClientSession session = system.connect(token)) {
            CallLoop.warmAll(session, cases, timing);
            for (BenchCase c : cases) {
                String line;
                try {
                    TimedCall call = session.prepare(c);
                    out.println("STAR-READY " + c.id());
                    out.flush();
                    if (!go.tryAcquire(STAR_GO_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                        throw new java.util.concurrent.TimeoutException("no GO within " + STAR_GO_MILLIS + " ms");
                    }
                    long[] samples = CallLoop.sample(call, timing);
                    StringBuilder sb = new StringBuilder(samples.length * 8 + 16).append("SAMPLES ")
                            .append(samples.length).append(' ');
                    for (int i = 0; i < samples.length; i++) {
                        sb.append(i == 0 ? "" : ",").append(samples[i]);
                    }
                    line = sb.toString();
                } catch (Exception | AssertionError e) {
                    e.printStackTrace();
                    line = "STAR-ERROR " + e.toString().replace('\n', ' ');
                }
                out.println(line);
                out.flush();
            }
        }
    }

    /** How long a ready star client waits for the others. */
    static final long STAR_GO_MILLIS = 120_000;

    /**
     * Watches stdin: releases one permit of the returned semaphore per line {@code word}, and halts this JVM at end of
     * file (the parent closed it or died).
     */
    static java.util.concurrent.Semaphore watchParentFor(String word) {
        java.util.concurrent.Semaphore seen = new java.util.concurrent.Semaphore(0);
        Thread t = new Thread(() -> {
            try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(System.in,
                    java.nio.charset.StandardCharsets.UTF_8))) {
                String l;
                while ((l = r.readLine()) != null) {
                    if (l.trim().equals(word)) {
                        seen.release();
                    }
                }
            } catch (IOException e) {
                // treat as end of file
            }
            Runtime.getRuntime().halt(3);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
        return seen;
    }

    /** Halts this JVM when the parent closes our stdin or dies, so no child outlives the harness. */
    public static void watchParent() {
        Thread t = new Thread(() -> {
            drain(System.in);
            Runtime.getRuntime().halt(3);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
    }

    private static void drain(InputStream in) {
        byte[] buf = new byte[256];
        try {
            while (in.read(buf) >= 0) {
                // the parent never writes; only end of file matters
            }
        } catch (IOException e) {
            // treat as end of file
        }
    }
}
