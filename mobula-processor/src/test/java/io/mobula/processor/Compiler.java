package io.mobula.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Compiles test sources in memory, with or without the processor, and loads the result. */
final class Compiler {
    private Compiler() {}

    /** Lint options as the project's own build (parent pom): everything but processing/serial/options. */
    static Compilation withProcessor(JavaFileObject... sources) {
        return javac().withProcessors(new MobulaProcessor())
                .withOptions("-Xlint:all,-processing,-serial,-options", "--release", "21")
                .compile(sources);
    }

    static Compilation withoutProcessor(JavaFileObject... sources) {
        return javac().withOptions("-proc:none", "--release", "21").compile(sources);
    }

    /** Names of generated sources, e.g. {@code p/Node_MobulaSerializer.java}. */
    static List<String> generatedSources(Compilation c) {
        return c.generatedSourceFiles().stream()
                .map(f -> f.toUri().getPath().replaceFirst("^/SOURCE_OUTPUT/", ""))
                .sorted()
                .toList();
    }

    /** Fails if the compiler warned about any generated file. */
    static void assertGeneratedCodeClean(Compilation c) {
        List<String> warnings = c.diagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.WARNING || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING
                        || d.getKind() == Diagnostic.Kind.ERROR)
                .filter(d -> d.getSource() != null && d.getSource().getName().contains("_Mobula"))
                .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(null))
                .toList();
        assertWithMessage("diagnostics in generated code").that(warnings).isEmpty();
    }

    /** A class loader over the compilations' class files, child of the test's loader (with the runtime). */
    static ClassLoader load(Compilation... compilations) {
        Map<String, byte[]> classes = new HashMap<>();
        for (Compilation c : compilations) {
            classFiles(c).forEach((path, bytes) -> classes.put(
                    path.substring(0, path.length() - ".class".length()).replace('/', '.'), bytes));
        }
        return new ClassLoader("compiled", Compiler.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, b, 0, b.length);
            }
        };
    }

    /** The class files of a compilation by path ({@code p/Impl.class}). */
    static Map<String, byte[]> classFiles(Compilation c) {
        Map<String, byte[]> classes = new HashMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            if (f.getKind() == JavaFileObject.Kind.CLASS) {
                try (InputStream in = f.openInputStream()) {
                    classes.put(f.toUri().getPath().replaceFirst("^/CLASS_OUTPUT/", ""), in.readAllBytes());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return classes;
    }

    // ---- reflection helpers for building and inspecting test objects --------------------------------

    static Object newInstance(ClassLoader loader, String className) {
        try {
            var ctor = loader.loadClass(className).getDeclaredConstructor();
            ctor.setAccessible(true);
            return ctor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Sets a field declared by {@code owner} (a class name, to reach shadowed superclass fields). */
    static void set(Object obj, String owner, String field, Object value) {
        try {
            field(obj.getClass().getClassLoader().loadClass(owner), field).set(obj, value);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static void set(Object obj, String field, Object value) {
        set(obj, obj.getClass().getName(), field, value);
    }

    static Object get(Object obj, String owner, String field) {
        try {
            return field(obj.getClass().getClassLoader().loadClass(owner), field).get(obj);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static Object get(Object obj, String field) {
        return get(obj, obj.getClass().getName(), field);
    }

    private static Field field(Class<?> owner, String name) throws NoSuchFieldException {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    static String describe(Compilation c) {
        return c.diagnostics().stream().map(Object::toString).collect(Collectors.joining("\n"));
    }
}
