package io.mobula.pool.cli;

import io.mobula.pool.PoolOptions;
import io.mobula.pool.PoolServer;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code mobula run --np N [--hosts h1,h2] MainClass args}: serves a pool coordinator, starts N ranks (locally, or
 * through ssh), prefixes each output line with {@code [rank] }, stops the rest when one rank fails (with
 * {@code --keep-going}: reports it and waits for the rest), returns the first failing rank's exit code, and stops
 * everything on Ctrl-C.
 */
public final class MobulaRun {
    private final RunOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private final Process[] procs;
    private final List<Thread> pumps = new ArrayList<>();
    /** Per rank: the thread copying its standard error (for ssh's last words), and whether ssh gave its host up. */
    private final Thread[] errPumps;
    private final boolean[] hostSilent;
    private volatile boolean stopping;

    private MobulaRun(RunOptions options, PrintStream out, PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
        this.procs = new Process[options.np()];
        this.errPumps = new Thread[options.np()];
        this.hostSilent = new boolean[options.np()];
    }

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), System.out, System.err));
    }

    /**
     * Runs the command line {@code argv}; returns the exit code (2 for a usage error). Needs a process of its own:
     * it configures this process's RMI runtime and serves a pool coordinator from it.
     */
    public static int run(List<String> argv, PrintStream out, PrintStream err) {
        RunOptions o;
        try {
            o = RunOptions.parse(argv, Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    System.getProperty("java.class.path"), localHostName(), System.getenv("MOBULA_SSH"));
        } catch (RunOptions.UsageException e) {
            if (!e.getMessage().isEmpty()) {
                err.println("mobula run: " + e.getMessage());
                err.println(RunOptions.USAGE);
                return 2;
            }
            out.println(RunOptions.USAGE);
            return 0;
        }
        return new MobulaRun(o, out, err).execute();
    }

    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getCanonicalHostName();
        } catch (IOException e) {
            return "127.0.0.1";
        }
    }

    /** The secret of this job for its local ranks ({@link RankCommand#jobSecret}), or nothing. */
    private Map<String, String> jobSecret = Map.of();

    private int execute() {
        PoolServer server;
        try {
            RmiConfig d = RmiConfig.fromSystemProperties();
            jobSecret = RankCommand.jobSecret(d.secret() != null, options.hosts().isEmpty(),
                    System.getProperty("mobula.secretFile"), System.getenv());
            if (!jobSecret.isEmpty()) {
                d = d.withSecret(jobSecret.get("MOBULA_SECRET").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            Rmi.configure(d.withHost(options.bind()).withPort(0));
            server = PoolServer.start(0, PoolOptions.DEFAULT_LEASE);
        } catch (RemoteException | RuntimeException e) {
            err.println("mobula run: cannot start the pool server on " + options.bind() + ": " + e.getMessage());
            return 1;
        }
        Map<String, String> secretEnv = RankCommand.secretEnv(System.getProperty("mobula.secretFile"), System.getenv());
        if (!options.hosts().isEmpty() && !secretEnv.containsKey("MOBULA_SECRET_FILE")
                && System.getenv("MOBULA_SECRET") != null) {
            err.println("mobula run: MOBULA_SECRET is not passed to ranks started through ssh (it would appear on a"
                    + " command line); they authenticate only if their login sets it, or give every host the same file"
                    + " of mode 600 (a shared home) and set MOBULA_SECRET_FILE instead (docs/LAUNCHERS.md)");
        }
        String pool = "run-" + ProcessHandle.current().pid() + "-" + Long.toHexString(System.nanoTime());
        String serverAddr = options.bind() + ":" + server.port();
        Thread hook = new Thread(this::interrupted, "mobula-run-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        BlockingQueue<Integer> exited = new LinkedBlockingQueue<>();
        int firstFailure = -1;
        int code = 0;
        try {
            int localRanks = options.hosts().isEmpty() ? options.np() : 0; // with hosts, every rank goes through ssh
            List<String> localDefaults = RankDefaults.forLocalRanks(localRanks,
                    Runtime.getRuntime().availableProcessors(), options.jvmArgs(), System.getenv("JAVA_TOOL_OPTIONS"),
                    System.getenv("JDK_JAVA_OPTIONS"));
            java.util.function.IntSupplier joined = () -> server.joined(pool);
            java.util.function.BooleanSupplier abandon = () -> !exited.isEmpty() || stopping;
            StaggeredStart start = options.stagger() > 0
                    ? StaggeredStart.withWave(options.np(), options.stagger(), StaggeredStart.WAVE_TIMEOUT_MS, joined,
                            abandon)
                    : StaggeredStart.forLocalRanks(localRanks, Runtime.getRuntime().availableProcessors(),
                            StaggeredStart.WAVE_TIMEOUT_MS, joined, abandon);
            for (int r = 0; r < options.np(); r++) {
                start.beforeStart(r);
                String host = options.hostOf(r);
                Map<String, String> env = RankCommand.env(r, options.np(), pool, serverAddr);
                env.putAll(secretEnv);
                env.putAll(jobSecret);
                List<String> java = RankCommand.java(options, host == null ? localDefaults : List.of(), r, pool,
                        serverAddr, host == null ? "127.0.0.1" : host);
                List<String> cmd = host == null ? java
                        : RankCommand.ssh(options.ssh(), host, System.getProperty("user.dir"), env, java);
                ProcessBuilder pb = new ProcessBuilder(cmd);
                pb.environment().putAll(env);
                Process p;
                try {
                    p = pb.start();
                } catch (IOException e) {
                    err.println("mobula run: cannot start " + rankName(r) + " (" + cmd.get(0) + "): " + e.getMessage());
                    code = 1;
                    firstFailure = r;
                    break;
                }
                procs[r] = p;
                pump(r, p.getInputStream(), out);
                errPumps[r] = pump(r, p.getErrorStream(), err);
                int rank = r;
                p.onExit().thenRun(() -> exited.add(rank));
            }
            int started = 0;
            for (Process p : procs) {
                started += p == null ? 0 : 1;
            }
            if (firstFailure >= 0) {
                stopAll(-1);
            }
            for (int n = 0; n < started; n++) {
                int r = exited.take();
                int c = procs[r].exitValue();
                if (c != 0 && options.keepGoing()) {
                    if (firstFailure < 0) {
                        firstFailure = r;
                        code = c;
                    }
                    String why = sshWhy(r, c);
                    err.println("mobula run: " + rankName(r) + " exited with code " + c + why
                            + (n < started - 1 ? "; the other ranks go on (--keep-going)" : ""));
                    err.flush();
                } else if (c != 0 && firstFailure < 0) {
                    firstFailure = r;
                    code = c;
                    boolean others = started > 1 && n < started - 1;
                    if (others || options.hostOf(r) != null) {
                        String why = sshWhy(r, c);
                        err.println("mobula run: " + rankName(r) + " exited with code " + c + why
                                + (others ? "; stopping the other ranks" : ""));
                        err.flush();
                    }
                    stopAll(r);
                }
            }
        } catch (InterruptedException e) {
            stopAll(-1);
            code = 130;
        } finally {
            for (Thread t : pumps) {
                try {
                    t.join(2000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // already shutting down: the hook is running
            }
            server.close();
        }
        if (firstFailure >= 0 && code == 0) {
            code = 1;
        }
        return code;
    }

    /**
     * Why rank {@code r} ended with {@code code}, when ssh's own code says more than the number: nothing for a local
     * rank or a code other than 255. Waits (1 s at most) for ssh's last line to be read, which may say the host was
     * given up.
     */
    private String sshWhy(int r, int code) {
        String host = options.hostOf(r);
        if (code != 255 || host == null) {
            return "";
        }
        try {
            errPumps[r].join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return RankCommand.sshFailure(host, hostSilent[r], options.keepGoing());
    }

    private Thread pump(int rank, InputStream in, PrintStream to) {
        String prefix = options.prefix() ? "[" + rank + "] " : "";
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (to == err && RankCommand.isKeepAliveTimeout(line)) {
                        hostSilent[rank] = true; // read after the join in sshWhy
                    }
                    synchronized (to) {
                        to.println(prefix + line);
                        to.flush();
                    }
                }
            } catch (IOException ignored) {
                // the rank is gone
            }
        }, "mobula-run-output-" + rank);
        t.setDaemon(true);
        t.start();
        pumps.add(t);
        return t;
    }

    /** {@code rank 3}, or {@code rank 3 on host h} for a rank started through ssh. */
    private String rankName(int r) {
        String host = options.hostOf(r);
        return host == null ? "rank " + r : "rank " + r + " on host " + host;
    }

    /**
     * Stops every rank except {@code except}. A local rank gets SIGTERM. A remote rank's ssh gets its stdin closed,
     * on which the remote shell sends the rank SIGTERM and ssh exits once the rank is gone (see
     * {@link RankCommand#ssh}), so that the launcher does not return while remote ranks still run. Whatever is left
     * after the grace period is killed (for ssh: the connection is dropped, which also ends the remote rank).
     */
    private void stopAll(int except) {
        stopping = true;
        List<ProcessHandle> victims = new ArrayList<>();
        List<Process> remote = new ArrayList<>();
        for (int r = 0; r < procs.length; r++) {
            Process p = procs[r];
            if (p != null && r != except && p.isAlive()) {
                if (options.hostOf(r) != null) {
                    try {
                        p.getOutputStream().close();
                    } catch (IOException ignored) {
                        // ssh already gone
                    }
                    remote.add(p);
                } else {
                    p.descendants().forEach(victims::add);
                }
                victims.add(p.toHandle());
            }
        }
        for (ProcessHandle h : victims) {
            if (remote.stream().noneMatch(p -> p.pid() == h.pid())) {
                h.destroy();
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (ProcessHandle h : victims) {
            long left = deadline - System.nanoTime();
            try {
                h.onExit().get(Math.max(1, left), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        }
    }

    /** Ctrl-C or SIGTERM of the launcher. */
    private void interrupted() {
        if (!stopping) {
            err.println("mobula run: interrupted; stopping all ranks");
            err.flush();
        }
        stopAll(-1);
    }
}
