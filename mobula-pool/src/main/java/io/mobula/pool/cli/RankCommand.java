package io.mobula.pool.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line that starts one rank: {@code java ... Main args} locally, or that same command run through ssh.
 * Pure functions, so the ssh form can be tested without ssh.
 */
final class RankCommand {
    /** Seconds of silence from a host after which ssh asks it whether it is still there. */
    static final int ALIVE_INTERVAL_S = 5;
    /** Questions left unanswered after which ssh gives the host up and exits with 255. */
    static final int ALIVE_COUNT = 3;
    /** How long a host may stay silent before its ranks count as failed: {@code ALIVE_INTERVAL_S * ALIVE_COUNT}. */
    static final int DEAD_AFTER_S = ALIVE_INTERVAL_S * ALIVE_COUNT;

    private RankCommand() {
    }

    /** Environment variables a rank gets (also passed as system properties, which win). */
    static Map<String, String> env(int rank, int size, String pool, String server) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("MOBULA_RANK", Integer.toString(rank));
        env.put("MOBULA_SIZE", Integer.toString(size));
        env.put("MOBULA_POOL_NAME", pool);
        env.put("MOBULA_POOL_SERVER", server);
        return env;
    }

    /**
     * A fresh secret for one job whose ranks all run on this host, as the {@code MOBULA_SECRET} of their environment
     * (never a command line), when the launcher authenticates with the per-user cookie only: the job's ranks and its
     * pool coordinator then share a secret no other job has. Nothing when authentication is off, when a secret is
     * configured (it is handed on as it is), or when ranks start through ssh (they use the cookie of the shared home).
     */
    static Map<String, String> jobSecret(boolean authenticates, boolean allLocal, String fileProperty,
                                         Map<String, String> launcherEnv) {
        boolean configured = (fileProperty != null && !fileProperty.isBlank())
                || launcherEnv.get("MOBULA_SECRET_FILE") != null || launcherEnv.get("MOBULA_SECRET") != null;
        if (!authenticates || configured || !allLocal) {
            return Map.of(); // none by choice, the configured secret, or ranks through ssh: the shared cookie
        }
        byte[] raw = new byte[32];
        new java.security.SecureRandom().nextBytes(raw);
        return Map.of("MOBULA_SECRET", java.util.Base64.getEncoder().encodeToString(raw));
    }

    /**
     * How the ranks get the cluster secret of the launcher, never on a command line: a local rank inherits the
     * launcher's environment ({@code MOBULA_SECRET} or {@code MOBULA_SECRET_FILE}), so this only adds
     * {@code MOBULA_SECRET_FILE} when the launcher was given the file as {@code -Dmobula.secretFile}, and names the file
     * to ssh ranks too (a path, which must hold the same file on every host: a shared home). {@code MOBULA_SECRET}
     * itself is never passed on: through ssh it would travel on the remote command line.
     *
     * @param fileProperty the launcher's {@code mobula.secretFile}, or null
     * @param launcherEnv  the launcher's environment
     * @return {@code MOBULA_SECRET_FILE} as an absolute path, or nothing; and the launcher's
     *         {@code MOBULA_COOKIE_FILE} (a path) if it has one, so ranks through ssh use the same cookie
     */
    static Map<String, String> secretEnv(String fileProperty, Map<String, String> launcherEnv) {
        String file = fileProperty != null && !fileProperty.isBlank() ? fileProperty
                : launcherEnv.get("MOBULA_SECRET_FILE");
        Map<String, String> env = new java.util.HashMap<>();
        if (file != null && !file.isBlank()) {
            env.put("MOBULA_SECRET_FILE", java.nio.file.Path.of(file).toAbsolutePath().toString());
        }
        String cookie = launcherEnv.get("MOBULA_COOKIE_FILE");
        if (cookie != null && !cookie.isBlank()) {
            // a path too: ssh ranks use the launcher's cookie file, not the one of their login's default place
            env.put("MOBULA_COOKIE_FILE", java.nio.file.Path.of(cookie).toAbsolutePath().toString());
        }
        return Map.copyOf(env);
    }

    /**
     * {@code java [defaults] [jvm args] -D... -cp CP Main args} for rank {@code rank}, advertising {@code host}; the
     * user's JVM options follow the {@link RankDefaults} and so win where both set a property.
     */
    static List<String> java(RunOptions o, List<String> defaults, int rank, String pool, String server, String host) {
        List<String> cmd = new ArrayList<>();
        cmd.add(o.java());
        cmd.addAll(defaults);
        cmd.addAll(o.jvmArgs());
        cmd.add("-Dmobula.host=" + host);
        cmd.add("-Dmobula.pool.rank=" + rank);
        cmd.add("-Dmobula.pool.size=" + o.np());
        cmd.add("-Dmobula.pool.name=" + pool);
        cmd.add("-Dmobula.pool.server=" + server);
        cmd.add("-Dmobula.pool.timeoutMs=" + o.joinTimeout().toMillis());
        cmd.add("-cp");
        cmd.add(o.classPath());
        cmd.add(o.mainClass());
        cmd.addAll(o.args());
        return cmd;
    }

    /**
     * {@code ssh [options] -o BatchMode=yes -o ConnectTimeout=10 -o ServerAliveInterval=5 -o ServerAliveCountMax=3
     * host sh -c '...'}, where {@code ssh} holds the ssh command and the user's options (ssh takes the first value
     * given for an option, so the user's win). The keep-alives make a dead or cut-off host end its ranks' ssh
     * sessions (exit code 255, {@code Timeout, server H not responding.}) after {@link #DEAD_AFTER_S} seconds of
     * silence instead of never: a host that loses power sends no FIN, and TCP alone would wait for a write to fail,
     * which a session waiting for output never makes. The remote
     * shell changes to {@code workDir}, sets the rank's environment and runs
     * java in the background, killing it (SIGTERM) when ssh's stdin closes — that is, when the launcher stops this
     * rank or dies — because ssh without a terminal does not forward signals. The exit code is java's. The watcher
     * reads ssh's stdin through a saved descriptor: a non-interactive shell gives background jobs /dev/null as their
     * standard input.
     */
    static List<String> ssh(List<String> ssh, String host, String workDir, Map<String, String> env,
                            List<String> javaCmd) {
        StringBuilder inner = new StringBuilder();
        inner.append("exec 3<&0 </dev/null; cd ").append(quote(workDir)).append(" || exit 127; ");
        for (Map.Entry<String, String> e : env.entrySet()) {
            inner.append(e.getKey()).append('=').append(quote(e.getValue())).append(' ');
        }
        inner.append("export");
        for (String k : env.keySet()) {
            inner.append(' ').append(k);
        }
        inner.append("; ");
        for (String part : javaCmd) {
            inner.append(quote(part)).append(' ');
        }
        inner.append("3<&- & pid=$!; { cat <&3 >/dev/null 2>&1; kill $pid 2>/dev/null; } >/dev/null 2>&1 & ")
                .append("exec 3<&-; wait $pid");
        List<String> cmd = new ArrayList<>(ssh);
        cmd.add("-o");
        cmd.add("BatchMode=yes");
        cmd.add("-o");
        cmd.add("ConnectTimeout=10");
        cmd.add("-o");
        cmd.add("ServerAliveInterval=" + ALIVE_INTERVAL_S);
        cmd.add("-o");
        cmd.add("ServerAliveCountMax=" + ALIVE_COUNT);
        cmd.add(host);
        // ssh joins its arguments with spaces and hands them to the remote login shell: one quoted word for sh
        cmd.add("sh -c " + quote(inner.toString()));
        return cmd;
    }

    /**
     * Whether {@code line}, from the standard error of a rank's ssh, is ssh giving up a host that stopped answering
     * its keep-alives ({@code Timeout, server H not responding.}).
     */
    static boolean isKeepAliveTimeout(String line) {
        return line.startsWith("Timeout, server ") && line.endsWith(" not responding.");
    }

    /**
     * Why a rank started through ssh on {@code host} ended with ssh's code 255, for the launcher's message:
     * {@code hostSilent} when ssh said the host stopped answering its keep-alives (ssh says so at its default log
     * level, not under {@code -q} or {@code LogLevel=ERROR}).
     */
    static String sshFailure(String host, boolean hostSilent, boolean keepGoing) {
        if (hostSilent) {
            return " (host " + host + " did not answer for " + DEAD_AFTER_S + " s: it is down or cut off)";
        }
        // ssh says nothing of a timeout under LogLevel=ERROR or -q: the code alone must name every cause
        return keepGoing ? " (ssh's code: " + host + " unreachable, silent for " + DEAD_AFTER_S
                + " s (down or cut off), or its connection lost)"
                : " (ssh's code when it cannot connect or log in to " + host + ", or " + host + " was silent for "
                + DEAD_AFTER_S + " s (down or cut off); ssh's message, if any, is above)";
    }

    /** Single-quotes {@code s} for a POSIX shell. */
    static String quote(String s) {
        if (!s.isEmpty() && s.matches("[A-Za-z0-9_./:=@,+%-]+")) {
            return s;
        }
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
