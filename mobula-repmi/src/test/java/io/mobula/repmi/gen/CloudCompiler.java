package io.mobula.repmi.gen;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import io.mobula.processor.MobulaProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Compiles test sources in memory with the Mobula processor, as mobula-repmi's own build does. */
final class CloudCompiler {
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");

    private CloudCompiler() {
    }

    /** Lint options as the project's own build (parent pom): everything but processing/serial/options. */
    static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new MobulaProcessor())
                .withOptions("-Xlint:all,-processing,-serial,-options", "--release", "21")
                .compile(sources);
    }

    /** Names of generated sources, e.g. {@code p/Stack_MobulaCloudStub.java}, sorted. */
    static List<String> generatedSources(Compilation c) {
        return c.generatedSourceFiles().stream()
                .map(f -> f.toUri().getPath().replaceFirst("^/SOURCE_OUTPUT/", ""))
                .sorted()
                .toList();
    }

    /** The text of generated source {@code path} ({@code p/Stack_MobulaCloudSkeleton.java}). */
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

    /** The write methods a generated {@code p/C_MobulaCloudClass.java} lists, in order. */
    static List<String> writes(Compilation c, String path) {
        String source = generatedSource(c, path);
        int start = source.indexOf("WRITES = java.util.Set.of(");
        String set = source.substring(start, source.indexOf(");", start));
        List<String> out = new ArrayList<>();
        Matcher m = QUOTED.matcher(set);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** Fails if the compiler warned about, or rejected, any generated file. */
    static void assertGeneratedCodeClean(Compilation c) {
        List<String> problems = c.diagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.WARNING || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING
                        || d.getKind() == Diagnostic.Kind.ERROR)
                .filter(d -> d.getSource() != null && d.getSource().getName().contains("_Mobula"))
                .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(null))
                .toList();
        assertWithMessage("diagnostics in generated code").that(problems).isEmpty();
    }
}
