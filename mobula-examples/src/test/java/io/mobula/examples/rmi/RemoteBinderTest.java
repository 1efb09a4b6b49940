package io.mobula.examples.rmi;

import static io.mobula.examples.Netns.check;
import static io.mobula.examples.Netns.ip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.Netns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The impostor scenario on two "hosts" (network namespaces joined by a veth pair, 10.77.1.1 and 10.77.1.2): a
 * process on another host cannot replace a name in a registry, unless the registry trusts it explicitly; it can
 * still look names up. Needs root; skipped with a message elsewhere. The namespaces are always deleted.
 */
class RemoteBinderTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> SMALL = List.of("-Xmx96m", "-XX:TieredStopAtLevel=1");

    @Test
    void aRemoteBinderIsRefusedUnlessTrusted() throws Exception {
        try (Netns.Pair hosts = Netns.Pair.createOrSkip("mobula-r", "10.77.1")) {
            String a = hosts.a;
            String b = hosts.b;
            assertEquals("REFUSED", attempt(a, b, List.of()), "the option is off");
            assertEquals("REPLACED", attempt(a, b, List.of("-Dmobula.registry.allowRemoteBind=10.77.1.2")),
                    "the binder's host is trusted");
        }
    }

    /** Starts a registry in namespace {@code a} and an impostor in {@code b}; returns what the impostor saw. */
    private static String attempt(String a, String b, List<String> registryFlags) throws Exception {
        List<String> regArgs = new ArrayList<>(SMALL);
        regArgs.add("-Dmobula.host=10.77.1.1");
        regArgs.addAll(registryFlags);
        try (ChildJvm registry = ChildJvm.startWrapped(List.of("ip", "netns", "exec", a), GuardedRegistryMain.class,
                regArgs, "10.77.1.1")) {
            String port = registry.awaitLine("READY ", WAIT).substring(6).trim();
            List<String> impArgs = new ArrayList<>(SMALL);
            impArgs.add("-Dmobula.host=10.77.1.2");
            try (ChildJvm impostor = ChildJvm.startWrapped(List.of("ip", "netns", "exec", b), ImpostorMain.class,
                    impArgs, "10.77.1.1", port)) {
                assertEquals("LOOKUP genuine", impostor.awaitLine("LOOKUP ", WAIT), "lookup stays open");
                String outcome = impostor.awaitLine("RE", WAIT);
                String now = impostor.awaitLine("NOW ", WAIT);
                assertEquals(0, impostor.waitFor(WAIT), impostor.output());
                if (outcome.startsWith("REFUSED")) {
                    assertTrue(outcome.contains("Registry.rebind disallowed; origin 10.77.1.2 is non-local host"),
                            outcome);
                    assertEquals("NOW genuine", now, "the genuine binding is still there");
                    return "REFUSED";
                }
                assertEquals("NOW impostor", now);
                return outcome;
            }
        }
    }
}
