package io.mobula.pool.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The parsed command line of {@code mobula run}. Options come before the main class; everything after it belongs
 * to the program.
 *
 * @param np          number of ranks
 * @param hosts       hosts to start ranks on through ssh, round-robin; empty: all local
 * @param ssh         the ssh command and its options, to which the launcher appends its own options, the host and
 *                    the remote command
 * @param bind        address the launcher's pool server listens on and the ranks connect to
 * @param java        the java binary to run the ranks with (on every host)
 * @param classPath   the ranks' class path
 * @param jvmArgs     extra JVM options for every rank
 * @param joinTimeout how long the pool may take to form
 * @param prefix      whether output lines get a {@code [rank] } prefix
 * @param stagger     at most this many ranks starting at a time ({@code --stagger}); 0: the default
 *                    ({@link StaggeredStart})
 * @param keepGoing   whether a failing rank leaves the others running ({@code --keep-going}): for programs that
 *                    survive the loss of ranks (RepMI clouds), where the others go on and report themselves
 * @param mainClass   the program
 * @param args        its arguments
 */
record RunOptions(int np, List<String> hosts, List<String> ssh, String bind, String java, String classPath,
                  List<String> jvmArgs, Duration joinTimeout, boolean prefix, int stagger, boolean keepGoing,
                  String mainClass,
                  List<String> args) {

    static final String USAGE = """
            usage: mobula run --np N [options] MainClass [args...]
              --np N               number of ranks (processes) to start
              --hosts h1,h2,...    start the ranks on these hosts through ssh, round-robin (default: all local)
              --ssh "CMD OPTS"     ssh command with options, e.g. "ssh -i ~/.ssh/cluster -p 2222"
                                   (default: $MOBULA_SSH, or ssh); the launcher adds -o BatchMode=yes
                                   and keep-alives: a host silent for 15 s fails its ranks (exit 255)
              --bind ADDR          address of the launcher's pool server, reachable from the ranks
                                   (default 127.0.0.1, or this host's name with --hosts)
              --java PATH          java binary for the ranks (default: the launcher's)
              -cp, --classpath CP  class path of the ranks (default: the launcher's)
              -J OPT               extra JVM option for every rank (repeatable), e.g. -J -Xmx2g
              --timeout SEC        how long the pool may take to form (default 60)
              --no-prefix          do not prefix output lines with [rank]
              --stagger K          at most K ranks starting (started, not yet joined) at a time, local or
                                   through ssh (default: twice the processors when more local ranks than
                                   that; ranks through ssh all at once)
              --keep-going         a failing rank does not stop the others (for programs that survive the
                                   loss of ranks); the launcher waits for every rank
            Each rank joins the pool through io.mobula.pool.Pool.join(); rank and size are also in MOBULA_RANK and
            MOBULA_SIZE. If one rank fails, the others are stopped (unless --keep-going) and the first failing
            rank's exit code is returned.""";

    /** A bad command line; the message says what is wrong. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /**
     * Parses {@code argv}. {@code defaultSsh} is the ssh command used without {@code --ssh} (the launcher passes
     * {@code $MOBULA_SSH}; null or blank means plain {@code ssh}).
     */
    static RunOptions parse(List<String> argv, String defaultJava, String defaultClassPath, String localHostName,
                            String defaultSsh) throws UsageException {
        int np = -1;
        List<String> hosts = List.of();
        List<String> ssh;
        try {
            ssh = defaultSsh == null || defaultSsh.isBlank() ? List.of("ssh") : words(defaultSsh);
        } catch (UsageException e) {
            throw new UsageException("MOBULA_SSH: " + e.getMessage());
        }
        String bind = null;
        String java = defaultJava;
        String cp = defaultClassPath;
        List<String> jvm = new ArrayList<>();
        long timeoutSec = 60;
        boolean prefix = true;
        int stagger = 0;
        boolean keepGoing = false;
        int i = 0;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (!a.startsWith("-")) {
                break;
            }
            String v = i + 1 < argv.size() ? argv.get(i + 1) : null;
            switch (a) {
                case "--np", "-np", "-n" -> {
                    np = positive(a, need(a, v));
                    i++;
                }
                case "--hosts" -> {
                    List<String> h = new ArrayList<>();
                    for (String x : need(a, v).split(",")) {
                        if (!x.isBlank()) {
                            if (!x.strip().matches("[A-Za-z0-9._:@\\[\\]-]+")) {
                                throw new UsageException("bad host name in --hosts: '" + x + "'");
                            }
                            h.add(x.strip());
                        }
                    }
                    if (h.isEmpty()) {
                        throw new UsageException("--hosts needs at least one host");
                    }
                    hosts = List.copyOf(h);
                    i++;
                }
                case "--ssh" -> {
                    ssh = words(need(a, v));
                    if (ssh.isEmpty()) {
                        throw new UsageException("--ssh needs a command, e.g. --ssh \"ssh -p 2222\"");
                    }
                    i++;
                }
                case "--bind" -> {
                    bind = need(a, v);
                    i++;
                }
                case "--java" -> {
                    java = need(a, v);
                    i++;
                }
                case "-cp", "--classpath", "--class-path" -> {
                    cp = need(a, v);
                    i++;
                }
                case "-J" -> {
                    jvm.add(need(a, v));
                    i++;
                }
                case "--timeout" -> {
                    timeoutSec = positive(a, need(a, v));
                    i++;
                }
                case "--stagger" -> {
                    stagger = positive(a, need(a, v));
                    i++;
                }
                case "--no-prefix" -> prefix = false;
                case "--keep-going" -> keepGoing = true;
                case "-h", "--help" -> throw new UsageException("");
                default -> throw new UsageException("unknown option: " + a);
            }
        }
        if (np < 0) {
            throw new UsageException("--np N is required");
        }
        if (i >= argv.size()) {
            throw new UsageException("no main class given");
        }
        String main = argv.get(i);
        if (!main.matches("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*")) {
            throw new UsageException("not a class name: '" + main + "'");
        }
        if (bind == null) {
            bind = hosts.isEmpty() ? "127.0.0.1" : localHostName;
        }
        return new RunOptions(np, hosts, ssh, bind, java, cp, List.copyOf(jvm), Duration.ofSeconds(timeoutSec), prefix,
                stagger, keepGoing, main, List.copyOf(argv.subList(i + 1, argv.size())));
    }

    /**
     * Splits a command into words like a POSIX shell does for a simple command, without any expansion: blanks
     * separate words, single or double quotes keep everything up to the matching quote literally, a backslash
     * outside quotes escapes the next character.
     */
    static List<String> words(String s) throws UsageException {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"') {
                int end = s.indexOf(c, i + 1);
                if (end < 0) {
                    throw new UsageException("unbalanced " + c + " in '" + s + "'");
                }
                w.append(s, i + 1, end);
                inWord = true;
                i = end;
            } else if (c == '\\') {
                if (i + 1 >= s.length()) {
                    throw new UsageException("trailing \\ in '" + s + "'");
                }
                w.append(s.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    out.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            out.add(w.toString());
        }
        return List.copyOf(out);
    }

    private static String need(String flag, String v) throws UsageException {
        if (v == null) {
            throw new UsageException(flag + " needs a value");
        }
        return v;
    }

    private static int positive(String flag, String v) throws UsageException {
        try {
            int n = Integer.parseInt(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new UsageException(flag + " needs a positive number, got '" + v + "'");
    }

    /** The host rank {@code r} runs on, or null for a local rank. */
    String hostOf(int r) {
        return hosts.isEmpty() ? null : hosts.get(r % hosts.size());
    }
}
