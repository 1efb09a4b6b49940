package io.mobula.examples.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.classic.JrmiLoopback;
import io.mobula.examples.classic.PortedPrograms;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A modular program (module-info with {@code requires io.mobula.rmi;}), compiled with the annotation processor and
 * run as a server and a client on the module path, Mobula's jars being automatic modules as released, beside the
 * same program written for java.rmi ({@code requires java.rmi;}) and run the same way: both print the same lines
 * (calls work, and an application exception declared in the program's own module arrives as itself, with its field).
 * The two copies differ only in their import lines and module-info ({@code src/test/resources/modular} and
 * {@code modular-jrmi}).
 */
class ModularProgramTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static final Path PORTED = Path.of("src/test/resources/modular");
    private static final Path JAVA_RMI = Path.of("src/test/resources/modular-jrmi");

    @Test
    void theTwoCopiesDifferOnlyInImportLines() throws IOException {
        assertEquals(1, PortedPrograms.assertPortedByImportsOnly(JAVA_RMI.resolve("app/app"), PORTED.resolve("app/app"))
                .size());
    }

    @Test
    void aModularServerAndClient(@TempDir Path dir) throws Exception {
        Path jrmiOut = dir.resolve("jrmi");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", jrmiOut.toString(), "-proc:none",
                "--module-source-path", JAVA_RMI.toString(), "-m", "app"), "the java.rmi program compiles");
        // java.rmi has no bind-address setting: the reference run binds to loopback through JrmiLoopback's factory,
        // started from the class path with the program's module resolved beside it
        String testClasses = Path.of(JrmiLoopback.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        List<String> jvm = List.of("--module-path", jrmiOut.toString(), "--add-modules", "app",
                "-Djava.rmi.server.hostname=127.0.0.1");
        String jdk = run((port, role) -> ChildJvm.startOnClassPath(testClasses, JrmiLoopback.class.getName(), jvm,
                "app.Main", role, port));
        assertEquals("server ready\nleft 70\nrefused: missing 50, missing 50", jdk);

        Path jars = Files.createDirectories(dir.resolve("jars"));
        for (String m : List.of("serial", "transport", "rmi")) {
            jar(classesOf("mobula-" + m), "io.mobula." + m, jars.resolve("mobula-" + m + ".jar"));
        }
        Path out = dir.resolve("out");
        int rc = javac.run(null, null, null, "-d", out.toString(), "--module-path", jars.toString(),
                "--processor-path", classesOf("mobula-processor"), "-proc:full",
                "--module-source-path", PORTED.toString(), "-m", "app");
        assertEquals(0, rc, "the modular program compiles");
        String modulePath = out + File.pathSeparator + jars;
        assertEquals(jdk, run((port, role) -> ChildJvm.startModular(modulePath, "app/app.Main", List.of(), role,
                port)));
    }

    private interface Starter {
        ChildJvm start(String port, String role) throws IOException;
    }

    /** Runs the server and a client of one copy; the server's output, then the client's. */
    private static String run(Starter starter) throws Exception {
        String port = Integer.toString(FidelityTest.freePort());
        try (ChildJvm server = starter.start(port, "server")) {
            server.awaitLine("server ready", LIMIT);
            try (ChildJvm client = starter.start(port, "client")) {
                int code = client.waitFor(LIMIT);
                return server.output() + "\n" + client.output() + (code == 0 ? "" : "\nexit " + code);
            }
        }
    }

    /** The classes directory (or jar) of a Mobula module on the test's class path. */
    private static String classesOf(String module) {
        String found = null;
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.contains(module + File.separator + "target" + File.separator + "classes")
                    || Path.of(e).getFileName().toString().startsWith(module + "-")) {
                found = e;
            }
        }
        assertNotNull(found, module + " on the test class path");
        return found;
    }

    /** A jar of {@code classes} with the released jars' Automatic-Module-Name. */
    private static void jar(String classes, String moduleName, Path to) throws IOException {
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().putValue("Automatic-Module-Name", moduleName);
        Path root = Path.of(classes);
        if (!Files.isDirectory(root)) {
            Files.copy(root, to);
            return;
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(Files::isRegularFile).forEach(files::add);
        }
        try (OutputStream os = Files.newOutputStream(to); JarOutputStream jar = new JarOutputStream(os, mf)) {
            for (Path f : files) {
                String name = root.relativize(f).toString().replace(File.separatorChar, '/');
                if (name.startsWith("META-INF/MANIFEST")) {
                    continue;
                }
                jar.putNextEntry(new JarEntry(name));
                Files.copy(f, jar);
                jar.closeEntry();
            }
        }
    }
}
