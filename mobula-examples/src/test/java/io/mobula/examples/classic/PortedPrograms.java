package io.mobula.examples.classic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mobula.examples.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Programs kept twice, as written for java.rmi (package {@code <base>.jrmi}) and ported to Mobula by changing import
 * lines only ({@code <base>.mobula}): how each copy is started, and the check that the copies differ only as the
 * README's porting recipe says. Shared by {@link ClassicProgramsTest} and the fidelity programs.
 */
public final class PortedPrograms {
    private PortedPrograms() {
    }

    /** How a program is started on one system: java.rmi bound to loopback, or the Mobula copy as it is. */
    public record Variant(String basePackage, String pkg, boolean javaRmi) {
        /** Starts {@code program} of this copy in a child JVM. */
        public ChildJvm start(String program, String... args) throws IOException {
            String main = basePackage + "." + pkg + "." + program;
            if (javaRmi) {
                String[] all = new String[args.length + 1];
                all[0] = main;
                System.arraycopy(args, 0, all, 1, args.length);
                return ChildJvm.start(JrmiLoopback.class, List.of("-Djava.rmi.server.hostname=127.0.0.1"), all);
            }
            try {
                return ChildJvm.start(Class.forName(main), List.of(), args);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The java.rmi copy of the programs under {@code basePackage}. */
    public static Variant javaRmi(String basePackage) {
        return new Variant(basePackage, "jrmi", true);
    }

    /** The ported copy of the programs under {@code basePackage}. */
    public static Variant ported(String basePackage) {
        return new Variant(basePackage, "mobula", false);
    }

    /**
     * Asserts that every source in {@code jrmiDir} has a twin in {@code mobulaDir} that differs only in its package
     * line and in imports changed by the porting recipe; returns the java.rmi sources compared.
     */
    public static List<Path> assertPortedByImportsOnly(Path jrmiDir, Path mobulaDir) throws IOException {
        try (var files = Files.list(jrmiDir)) {
            List<Path> sources = files.sorted().toList();
            for (Path jrmi : sources) {
                Path mobula = mobulaDir.resolve(jrmi.getFileName());
                List<String> a = Files.readAllLines(jrmi);
                List<String> b = Files.readAllLines(mobula);
                assertEquals(body(a), body(b), jrmi.getFileName() + ": only package and import lines may differ");
                assertEquals(ported(imports(a)), imports(b), jrmi.getFileName() + ": imports follow the recipe");
            }
            return sources;
        }
    }

    private static List<String> body(List<String> lines) {
        return lines.stream().filter(l -> !l.startsWith("import ") && !l.startsWith("package ")).toList();
    }

    private static List<String> imports(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("import ")).sorted().toList();
    }

    /** The porting recipe of README.md. */
    private static List<String> ported(List<String> imports) {
        return imports.stream()
                .map(l -> l.replace("import java.rmi.registry.", "import io.mobula.rmi.registry.")
                        .replace("import java.rmi.server.UnicastRemoteObject;",
                                "import io.mobula.rmi.server.UnicastRemoteObject;")
                        .replace("import java.rmi.server.RemoteObject;", "import io.mobula.rmi.server.RemoteObject;")
                        .replace("import java.rmi.server.RemoteServer;", "import io.mobula.rmi.server.RemoteServer;")
                        .replace("import java.rmi.Naming;", "import io.mobula.rmi.Naming;"))
                .sorted().toList();
    }
}
