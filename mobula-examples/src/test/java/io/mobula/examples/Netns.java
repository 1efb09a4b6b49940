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

    /** Namespaces a test created: closing deletes them, and so does a shutdown hook if the test JVM dies first. */
    private static final class Created implements AutoCloseable {
        private final List<String> names = new ArrayList<>();
        private final Thread cleanup = new Thread(this::deleteAll);

        Created() {
            Runtime.getRuntime().addShutdownHook(cleanup);
        }

        /** Creates namespace {@code name}, or skips the test where namespaces cannot be created. */
        void addOrSkip(String name) throws IOException, InterruptedException {
            String why = ip("netns", "add", name);
            org.junit.jupiter.api.Assumptions.assumeTrue(why == null,
                    "skipped: cannot create network namespaces here (needs root and ip netns): " + why);
            register(name);
        }

        private synchronized void register(String name) {
            names.add(name);
        }

        private synchronized void deleteAll() {
            for (String n : names) {
                try {
                    ip("netns", "del", n);
                } catch (Exception ignored) {
                    // best effort
                }
            }
            names.clear();
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

    /** A tag that keeps the namespaces of concurrent test JVMs apart. */
    private static String tag() {
        return Long.toString(ProcessHandle.current().pid() % 100000);
    }

    /** Sets {@code device} of namespace {@code ns} up. */
    private static void up(String ns, String device) throws IOException, InterruptedException {
        check(ip("-n", ns, "link", "set", "dev", device, "up"));
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
        private final Created created = new Created();

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
            String tag = tag();
            Pair p = new Pair(prefix, tag, subnet);
            try {
                p.created.addOrSkip(p.a);
                p.created.addOrSkip(p.b);
                String va = "v" + prefix.charAt(prefix.length() - 1) + "a" + tag;
                String vb = "v" + prefix.charAt(prefix.length() - 1) + "b" + tag;
                check(ip("-n", p.a, "link", "add", va, "type", "veth", "peer", "name", vb, "netns", p.b));
                check(ip("-n", p.a, "addr", "add", p.addressA + "/24", "dev", va));
                check(ip("-n", p.b, "addr", "add", p.addressB + "/24", "dev", vb));
                for (String[] l : new String[][] {{p.a, va}, {p.a, "lo"}, {p.b, vb}, {p.b, "lo"}}) {
                    up(l[0], l[1]);
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

        @Override
        public void close() {
            created.close();
        }
    }

    /**
     * Two hosts joined through a third namespace in the middle, {@code a - m - b}: a veth pair joins {@code a} to
     * {@code m} and another joins {@code m} to {@code b}, and nothing in {@code m} forwards between them until a
     * program there does (an {@code EmulatedLink}). {@code subnet}.1 is in {@code a}, {@code subnet}.2 in {@code b};
     * {@code m} has no address. Closing deletes all three.
     */
    public static final class Middlebox implements AutoCloseable {
        /** Namespace names and addresses. */
        public final String a;
        public final String m;
        public final String b;
        public final String addressA;
        public final String addressB;
        /** The devices in {@code m} that lead to {@code a} and to {@code b}. */
        public final String towardsA;
        public final String towardsB;
        private final Created created = new Created();

        private Middlebox(String prefix, String tag, String subnet) {
            a = prefix + "a" + tag;
            m = prefix + "m" + tag;
            b = prefix + "b" + tag;
            addressA = subnet + ".1";
            addressB = subnet + ".2";
            towardsA = "ma" + tag;
            towardsB = "mb" + tag;
        }

        /** Creates the path, or skips the test where namespaces cannot be created (not root, no {@code ip netns}). */
        public static Middlebox createOrSkip(String prefix, String subnet) throws IOException, InterruptedException {
            Middlebox p = new Middlebox(prefix, tag(), subnet);
            try {
                p.created.addOrSkip(p.a);
                p.created.addOrSkip(p.m);
                p.created.addOrSkip(p.b);
                String va = "va" + p.towardsA.substring(2);
                String vb = "vb" + p.towardsB.substring(2);
                check(ip("-n", p.a, "link", "add", va, "type", "veth", "peer", "name", p.towardsA, "netns", p.m));
                check(ip("-n", p.b, "link", "add", vb, "type", "veth", "peer", "name", p.towardsB, "netns", p.m));
                check(ip("-n", p.a, "addr", "add", p.addressA + "/24", "dev", va));
                check(ip("-n", p.b, "addr", "add", p.addressB + "/24", "dev", vb));
                for (String[] l : new String[][] {{p.a, va}, {p.a, "lo"}, {p.b, vb}, {p.b, "lo"},
                        {p.m, p.towardsA}, {p.m, p.towardsB}}) {
                    up(l[0], l[1]);
                }
                // frames between a and b carry their MAC addresses, not m's: m must take them all
                check(ip("-n", p.m, "link", "set", "dev", p.towardsA, "promisc", "on"));
                check(ip("-n", p.m, "link", "set", "dev", p.towardsB, "promisc", "on"));
                return p;
            } catch (RuntimeException | Error | IOException | InterruptedException e) {
                p.close();
                throw e;
            }
        }

        @Override
        public void close() {
            created.close();
        }
    }

    /** Fails the test with {@code error} unless it is null (an {@link #ip} result). */
    public static void check(String error) {
        assertEquals(null, error);
    }
}
