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
 * @param bind        address the launcher's pool server listens on and the ranks connect to
 * @param java        the java binary to run the ranks with (on every host)
 * @param classPath   the ranks' class path
 * @param jvmArgs     extra JVM options for every rank
 * @param joinTimeout how long the pool may take to form
 * @param prefix      whether output lines get a {@code [rank] } prefix
 * @param mainClass   the program
 * @param args        its arguments
 */
record RunOptions(int np, List<String> hosts, String bind, String java, String classPath, List<String> jvmArgs,
                  Duration joinTimeout, boolean prefix, String mainClass, List<String> args) {

    static final String USAGE = """
            usage: mobula run --np N [options] MainClass [args...]
              --np N               number of ranks (processes) to start
              --hosts h1,h2,...    start the ranks on these hosts through ssh, round-robin (default: all local)
              --bind ADDR          address of the launcher's pool server, reachable from the ranks
                                   (default 127.0.0.1, or this host's name with --hosts)
              --java PATH          java binary for the ranks (default: the launcher's)
              -cp, --classpath CP  class path of the ranks (default: the launcher's)
              -J OPT               extra JVM option for every rank (repeatable), e.g. -J -Xmx2g
              --timeout SEC        how long the pool may take to form (default 60)
              --no-prefix          do not prefix output lines with [rank]
            Each rank joins the pool through io.mobula.pool.Pool.join(); rank and size are also in MOBULA_RANK and
            MOBULA_SIZE. If one rank fails, the others are stopped and its exit code is returned.""";

    /** A bad command line; the message says what is wrong. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    static RunOptions parse(List<String> argv, String defaultJava, String defaultClassPath, String localHostName)
            throws UsageException {
        int np = -1;
        List<String> hosts = List.of();
        String bind = null;
        String java = defaultJava;
        String cp = defaultClassPath;
        List<String> jvm = new ArrayList<>();
        long timeoutSec = 60;
        boolean prefix = true;
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
                case "--no-prefix" -> prefix = false;
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
        return new RunOptions(np, hosts, bind, java, cp, List.copyOf(jvm), Duration.ofSeconds(timeoutSec), prefix,
                main, List.copyOf(argv.subList(i + 1, argv.size())));
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
