package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.pool.PoolCoordinator;
import io.mobula.pool.PoolServer;
import io.mobula.rmi.RemoteStub;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.Remote;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Standalone servers started with nothing set authenticate their peers with the per-user cookie (here the test cookie
 * the root pom names in {@code MOBULA_COOKIE_FILE}): a local process with another user's cookie, or with
 * authentication off, can neither unbind a name nor reach the server (before authentication was the default, both
 * could). A standalone registry ({@code ./mobula registry}) has only mobula-serial, mobula-transport and mobula-rmi on
 * its class path, none of the application's classes: a server JVM binds its objects there and this JVM looks them up
 * and calls them. The registry keeps the references without loading their interfaces. A standalone pool server
 * ({@code ./mobula pool-server}) refuses strangers the same way.
 */
class StandaloneRegistryTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final Pattern RUNTIME_ONLY = Pattern.compile(".*[/\\\\]mobula-(serial|transport|rmi)([/\\\\]|-\\d).*");
    private static final Predicate<String> KEEP = p -> RUNTIME_ONLY.matcher(p).matches();

    @Test
    void aRegistryWithoutTheApplicationsClassesStoresAndHandsOutItsStubs() throws Exception {
        String cp = ChildJvm.classPath(KEEP);
        List<String> entries = Arrays.asList(cp.split(File.pathSeparator));
        assertEquals(3, entries.size(), "the runtime's three modules: " + cp);
        assertFalse(cp.contains("mobula-examples"), cp);
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ChildJvm registryJvm = ChildJvm.startWithClassPath(KEEP, nothingConfigured(),
                    "io.mobula.rmi.registry.RegistryMain", List.of(), "--port", "0")) {
                String line = registryJvm.awaitLine("registry listening on ", LIMIT);
                int port = Integer.parseInt(line.substring(line.lastIndexOf(':') + 1).trim());
                try (ChildJvm server = ChildJvm.startWithEnv(List.of(), nothingConfigured(), BindMain.class,
                        List.of(), Integer.toString(port))) {
                    server.awaitLine("BOUND", LIMIT);
                    Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
                    assertEquals(List.of("multi", "svc"), List.of(registry.list()));

                    TestService svc = (TestService) registry.lookup("svc");
                    assertEquals(5, svc.add(2, 3));
                    assertEquals("ab", svc.concat("a", "b"));

                    Remote multi = registry.lookup("multi");
                    for (Class<?> i : List.of(Welcomer.class, Adder.class, Labelled.class, Titled.class)) {
                        assertInstanceOf(i, multi);
                    }
                    assertEquals("Dr. bound", ((Titled) multi).title());
                    assertEquals(9, ((Adder) multi).add(4, 5));
                    assertEquals(multi, registry.lookup("multi"), "the same object on every look-up");
                    assertTrue(registryJvm.output().lines().noneMatch(l -> l.contains("Exception")),
                            registryJvm.output());

                    strangersAreRefused(port, svc);
                    assertEquals(List.of("multi", "svc"), List.of(registry.list()), "nothing was unbound");
                    assertEquals(5, svc.add(2, 3), "members still call");
                }
            }
        });
    }

    @Test
    void aStandalonePoolServerStartedWithNothingSetRefusesStrangers() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ChildJvm poolServer = ChildJvm.startWithEnv(List.of(), nothingConfigured(), PoolServer.class,
                    List.of(), "--port", "0")) {
                String line = poolServer.awaitLine("pool server listening on ", LIMIT);
                String port = line.substring(line.lastIndexOf(':') + 1).trim();
                Path home = Files.createTempDirectory("mobula-stranger");
                Map<String, String> otherCookie = nothingConfigured();
                otherCookie.put("MOBULA_COOKIE_FILE", home.resolve("cookie").toString());
                try (ChildJvm stranger = ChildJvm.startWithEnv(List.of(), otherCookie, StrangerRegistryMain.class,
                        List.of(), port, port, PoolCoordinator.NAME)) {
                    for (String what : List.of("UNBIND ", "LIST ")) {
                        assertTrue(stranger.awaitLine(what, LIMIT).startsWith(what
                                + "REFUSED java.rmi.ConnectIOException"), stranger.output());
                    }
                } finally {
                    deleteTree(home);
                }
                // a member (the cookie of this test) finds the coordinator still bound
                assertEquals(List.of(PoolCoordinator.NAME),
                        List.of(LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(port)).list()));
            }
        });
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    /** The environment of a process started with nothing set: the secret comes from the cookie. */
    private static Map<String, String> nothingConfigured() {
        Map<String, String> e = new HashMap<>();
        e.put("MOBULA_SECRET", null);
        e.put("MOBULA_SECRET_FILE", null);
        e.put("MOBULA_AUTH", null);
        return e;
    }

    /**
     * A local process with a cookie of its own (another user's) and one with authentication off try to unbind "svc"
     * from the registry and to list the names of the server that exported it; both are refused at the handshake.
     */
    private static void strangersAreRefused(int registryPort, TestService svc) throws Exception {
        Matcher m = Pattern.compile("tcp://[^:/]+:(\\d+)").matcher(RemoteStub.referenceOf(svc).toString());
        assertTrue(m.find(), RemoteStub.referenceOf(svc).toString());
        String serverPort = m.group(1);
        Path home = Files.createTempDirectory("mobula-stranger");
        try {
            Map<String, String> otherCookie = nothingConfigured();
            otherCookie.put("MOBULA_COOKIE_FILE", home.resolve("cookie").toString());
            Map<String, String> noAuth = nothingConfigured();
            noAuth.put("MOBULA_AUTH", "none");
            try (ChildJvm other = ChildJvm.startWithEnv(List.of(), otherCookie, StrangerRegistryMain.class,
                    List.of(), Integer.toString(registryPort), serverPort, "svc");
                 ChildJvm open = ChildJvm.startWithEnv(List.of(), noAuth, StrangerRegistryMain.class, List.of(),
                         Integer.toString(registryPort), serverPort, "svc")) {
                for (ChildJvm stranger : List.of(other, open)) {
                    for (String what : List.of("UNBIND ", "LIST ")) {
                        String line = stranger.awaitLine(what, LIMIT);
                        assertTrue(line.startsWith(what + "REFUSED java.rmi.ConnectIOException"),
                                stranger.output());
                    }
                    assertEquals(0, stranger.waitFor(Duration.ofSeconds(30)), stranger.output());
                }
                assertTrue(open.output().contains("requires cluster authentication"), open.output());
                assertTrue(Files.exists(home.resolve("cookie")), "the stranger made a cookie of its own");
            }
        } finally {
            deleteTree(home);
        }
    }
}
