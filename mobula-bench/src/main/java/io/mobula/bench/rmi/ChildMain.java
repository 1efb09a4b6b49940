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
 * </pre>
 *
 * Both exit when stdin reaches end of file, i.e. when the parent closes it or dies.
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
            default -> {
                System.err.println("unknown role " + args[0]);
                System.exit(2);
            }
        }
    }

    static void runClient(JvmRmiSystem system, String token, Timing timing, List<BenchCase> cases, PrintStream out)
            throws Exception {
        List<ClientSession> extra = new ArrayList<>();
        try (ClientSession session = system.connect(token)) {
            CallLoop.warmAll(session, cases, timing);
            for (BenchCase c : cases) {
                String line;
                try {
                    Stats s;
                    if (c.kernel() == Kernel.STAR) {
                        while (extra.size() < timing.starClients() - 1) {
                            extra.add(system.connect(token));
                        }
                        List<TimedCall> calls = new ArrayList<>();
                        calls.add(session.prepare(c));
                        for (int i = 0; i < timing.starClients() - 1; i++) {
                            calls.add(extra.get(i).prepare(c));
                        }
                        s = CallLoop.star(calls, timing);
                    } else {
                        s = CallLoop.measure(session.prepare(c), timing);
                    }
                    line = CaseResult.clientLine(c, s);
                } catch (Exception | AssertionError e) {
                    e.printStackTrace();
                    line = CaseResult.clientErrorLine(c, e.toString());
                }
                out.println(line);
                out.flush();
            }
        } finally {
            for (ClientSession s : extra) {
                try {
                    s.close();
                } catch (Exception e) {
                    // closing at exit; nothing to recover
                }
            }
        }
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
