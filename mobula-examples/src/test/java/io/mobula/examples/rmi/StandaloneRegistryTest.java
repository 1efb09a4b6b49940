package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.File;
import java.rmi.Remote;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A standalone registry ({@code ./mobula registry}) has only mobula-serial, mobula-transport and mobula-rmi on its
 * class path, none of the application's classes: a server JVM binds its objects there and this JVM looks them up
 * and calls them. The registry keeps the references without loading their interfaces.
 */
class StandaloneRegistryTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Pattern RUNTIME_ONLY = Pattern.compile(".*[/\\\\]mobula-(serial|transport|rmi)([/\\\\]|-\\d).*");
    private static final Predicate<String> KEEP = p -> RUNTIME_ONLY.matcher(p).matches();

    @Test
    void aRegistryWithoutTheApplicationsClassesStoresAndHandsOutItsStubs() throws Exception {
        String cp = ChildJvm.classPath(KEEP);
        List<String> entries = Arrays.asList(cp.split(File.pathSeparator));
        assertEquals(3, entries.size(), "the runtime's three modules: " + cp);
        assertFalse(cp.contains("mobula-examples"), cp);
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ChildJvm registryJvm = ChildJvm.startWithClassPath(KEEP, "io.mobula.rmi.registry.RegistryMain",
                    List.of(), "--port", "0")) {
                String line = registryJvm.awaitLine("registry listening on ", LIMIT);
                int port = Integer.parseInt(line.substring(line.lastIndexOf(':') + 1).trim());
                try (ChildJvm server = ChildJvm.start(BindMain.class, List.of(), Integer.toString(port))) {
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
                }
            }
        });
    }
}
