package io.mobula.examples.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.mobula.examples.ChildJvm;
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
 * run as a server and a client on the module path, Mobula's jars being automatic modules as released: calls work,
 * and an application exception declared in the program's own module arrives as itself, with its field, as it does
 * with java.rmi.
 */
class ModularProgramTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void aModularServerAndClient(@TempDir Path dir) throws Exception {
        Path jars = Files.createDirectories(dir.resolve("jars"));
        for (String m : List.of("serial", "transport", "rmi")) {
            jar(classesOf("mobula-" + m), "io.mobula." + m, jars.resolve("mobula-" + m + ".jar"));
        }
        Path out = dir.resolve("out");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-d", out.toString(), "--module-path", jars.toString(),
                "--processor-path", classesOf("mobula-processor"), "-proc:full",
                "--module-source-path", Path.of("src/test/resources/modular").toString(), "-m", "app");
        assertEquals(0, rc, "the modular program compiles");
        String modulePath = out + File.pathSeparator + jars;
        String port = Integer.toString(FidelityTest.freePort());
        try (ChildJvm server = ChildJvm.startModular(modulePath, "app/app.Main", List.of(), "server", port)) {
            server.awaitLine("server ready", LIMIT);
            try (ChildJvm client = ChildJvm.startModular(modulePath, "app/app.Main", List.of(), "client", port)) {
                assertEquals(0, client.waitFor(LIMIT), client.output());
                assertEquals("left 70\nrefused: missing 50, missing 50", client.output());
            }
            assertEquals("server ready", server.output());
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
