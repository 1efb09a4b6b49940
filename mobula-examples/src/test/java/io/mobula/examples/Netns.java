package io.mobula.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The {@code ip} commands the network-namespace tests run to build and remove their namespaces and links. */
public final class Netns {
    private Netns() {
    }

    /** Runs {@code ip args} (bounded to 20 s); null on success, else what went wrong. */
    public static String ip(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add("ip");
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            return "no ip command: " + e.getMessage();
        }
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return String.join(" ", cmd) + ": timed out";
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return p.exitValue() == 0 ? null : String.join(" ", cmd) + ": " + out;
    }

    /**
     * Two network namespaces ("hosts") joined by a veth pair, with {@code subnet}.1 in the first and
     * {@code subnet}.2 in the second (a /24 used only inside them); both loopbacks up. Closing deletes them; a
     * shutdown hook does too if the test JVM dies first.
     */
    public static final class Pair implements AutoCloseable {
        /** Namespace names and addresses. */
        public final String a;
        public final String b;
        public final String addressA;
        public final String addressB;
        private final List<String> created = new ArrayList<>();
        private final Thread cleanup = new Thread(this::deleteAll);

        private Pair(String prefix, String tag, String subnet) {
            a = prefix + "a" + tag;
            b = prefix + "b" + tag;
            addressA = subnet + ".1";
            addressB = subnet + ".2";
        }

        /**
         * Creates the pair, or skips the test (JUnit assumption) where namespaces cannot be created (not root, no
         * {@code ip netns}).
         *
         * @param prefix namespace name prefix, e.g. {@code "mobula-"}; the pid-derived tag and a/b follow
         * @param subnet the first three octets, e.g. {@code "10.77.0"}
         */
        public static Pair createOrSkip(String prefix, String subnet) throws IOException, InterruptedException {
            String tag = Long.toString(ProcessHandle.current().pid() % 100000);
            Pair p = new Pair(prefix, tag, subnet);
            Runtime.getRuntime().addShutdownHook(p.cleanup);
            try {
                String why = ip("netns", "add", p.a);
                org.junit.jupiter.api.Assumptions.assumeTrue(why == null,
                        "skipped: cannot create network namespaces here (needs root and ip netns): " + why);
                p.created.add(p.a);
                check(ip("netns", "add", p.b));
                p.created.add(p.b);
                String va = "v" + prefix.charAt(prefix.length() - 1) + "a" + tag;
                String vb = "v" + prefix.charAt(prefix.length() - 1) + "b" + tag;
                check(ip("-n", p.a, "link", "add", va, "type", "veth", "peer", "name", vb, "netns", p.b));
                check(ip("-n", p.a, "addr", "add", p.addressA + "/24", "dev", va));
                check(ip("-n", p.b, "addr", "add", p.addressB + "/24", "dev", vb));
                for (String[] l : new String[][] {{p.a, va}, {p.a, "lo"}, {p.b, vb}, {p.b, "lo"}}) {
                    check(ip("-n", l[0], "link", "set", l[1], "up"));
                }
                return p;
            } catch (RuntimeException | Error | IOException | InterruptedException e) {
                p.close();
                throw e;
            }
        }

        /** The command prefix that runs a program in namespace {@code ns}. */
        public static List<String> exec(String ns) {
            return List.of("ip", "netns", "exec", ns);
        }

        private synchronized void deleteAll() {
            for (String n : created) {
                try {
                    ip("netns", "del", n);
                } catch (Exception ignored) {
                    // best effort
                }
            }
            created.clear();
        }

        @Override
        public void close() {
            deleteAll();
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException ignored) {
                // the JVM is shutting down; the hook runs anyway
            }
        }
    }

    /** Fails the test with {@code error} unless it is null (an {@link #ip} result). */
    public static void check(String error) {
        assertEquals(null, error);
    }
}
