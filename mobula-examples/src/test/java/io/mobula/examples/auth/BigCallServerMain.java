package io.mobula.examples.auth;

import io.mobula.examples.rmi.TestService;
import io.mobula.examples.rmi.TestServiceImpl;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A server of {@link TestService} ("svc") for tests of memory before authentication: prints {@code READY <registry
 * port>}, then answers {@code RSS} on its standard input with {@code RSS <resident KiB>} (after a full collection).
 */
public final class BigCallServerMain {
    private BigCallServerMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(0);
        registry.rebind("svc", Rmi.export(new TestServiceImpl()));
        System.out.println("READY " + LocateRegistry.localPort());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.equals("RSS")) {
                System.gc();
                long kb = Files.readAllLines(Path.of("/proc/self/status")).stream()
                        .filter(l -> l.startsWith("VmRSS:")).mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")))
                        .findFirst().orElse(-1);
                System.out.println("RSS " + kb);
                System.out.flush();
            }
        }
        System.exit(0);
    }
}
