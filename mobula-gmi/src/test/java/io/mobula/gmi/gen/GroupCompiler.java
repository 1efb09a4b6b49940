package io.mobula.gmi.gen;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import io.mobula.processor.MobulaProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Compiles test sources in memory with the Mobula processor, as mobula-gmi's own build does. */
final class GroupCompiler {
    private GroupCompiler() {
    }

    /** Lint options as the project's own build (parent pom): everything but processing/serial/options. */
    static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new MobulaProcessor())
                .withOptions("-Xlint:all,-processing,-serial,-options", "--release", "21")
                .compile(sources);
    }

    /** Names of generated sources, e.g. {@code p/Bin_MobulaGroupStub.java}, sorted. */
    static List<String> generatedSources(Compilation c) {
        return c.generatedSourceFiles().stream()
                .map(f -> f.toUri().getPath().replaceFirst("^/SOURCE_OUTPUT/", ""))
                .sorted()
                .toList();
    }

    /** The text of generated source {@code path} ({@code p/Bin_MobulaGroupSkeleton.java}). */
    static String generatedSource(Compilation c, String path) {
        JavaFileObject f = c.generatedSourceFiles().stream()
                .filter(s -> s.toUri().getPath().equals("/SOURCE_OUTPUT/" + path))
                .findFirst()
                .orElseThrow(() -> new AssertionError("not generated: " + path + "; generated: "
                        + generatedSources(c)));
        try {
            return f.getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails if the compiler warned about, or rejected, any generated file. */
    static void assertGeneratedCodeClean(Compilation c) {
        List<String> problems = c.diagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.WARNING || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING
                        || d.getKind() == Diagnostic.Kind.ERROR)
                .filter(d -> d.getSource() != null && (d.getSource().getName().contains("_MobulaGroup")
                        || d.getSource().getName().contains("_GroupMethods")))
                .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(null))
                .toList();
        assertWithMessage("diagnostics in generated code").that(problems).isEmpty();
    }
}
