package io.mobula.examples.setup;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java snippet of the README compiles as shown: each {@code ```java} block is one source file (named after its
 * public type, if it has one), compiled alone against the Mobula modules and the examples (the test's class path),
 * with mobula-processor generating stubs, dispatchers and serializers as in a user's build.
 */
class ReadmeSnippetsTest {
    private static final Pattern BLOCK = Pattern.compile("(?s)```java\\n(.*?)```");
    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "(?m)^(?:public\\s+)?(?:final\\s+|abstract\\s+)*(?:class|interface|record|enum)\\s+(\\w+)");
    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "(?m)^public\\s+(?:final\\s+|abstract\\s+)*(?:class|interface|record|enum)\\s+(\\w+)");

    static List<String> snippets(Path readme) throws IOException {
        List<String> out = new ArrayList<>();
        Matcher m = BLOCK.matcher(Files.readString(readme));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /**
     * One javac run for all snippets (a run per snippet costs seconds each): every snippet is its own file, the
     * snippets' top-level type names are distinct (checked, so none can stand in for another's), and every error is
     * reported with the snippet it is in.
     */
    @Test
    void everyJavaSnippetOfTheReadmeCompiles(@TempDir Path tmp) throws IOException {
        List<String> snippets = snippets(Path.of("..", "README.md"));
        assertTrue(snippets.size() >= 5, "the README has " + snippets.size() + " java snippets");
        List<Path> sources = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (int i = 0; i < snippets.size(); i++) {
            String code = snippets.get(i);
            Matcher pub = PUBLIC_TYPE.matcher(code);
            String name = pub.find() ? pub.group(1) : "Snippet" + (i + 1);
            Matcher type = TOP_LEVEL_TYPE.matcher(code);
            while (type.find()) {
                assertTrue(!types.contains(type.group(1)), "two README snippets declare " + type.group(1));
                types.add(type.group(1));
            }
            Path source = Files.createDirectories(tmp.resolve("snippet" + (i + 1))).resolve(name + ".java");
            Files.writeString(source, code);
            sources.add(source);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of("-d", Files.createDirectories(tmp.resolve("classes")).toString(),
                    "-cp", System.getProperty("java.class.path"), "--processor-path", processorPath(),
                    "-proc:full", "--release", "21", "-Xlint:none");
            javac.getTask(null, files, diagnostics, options, null,
                    files.getJavaFileObjects(sources.toArray(Path[]::new))).call();
        }
        List<String> failures = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String where = d.getSource() == null ? "?" : Path.of(d.getSource().toUri()).getParent()
                        .getFileName() + "/" + Path.of(d.getSource().toUri()).getFileName();
                failures.add("README java " + where + " line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT));
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** mobula-processor (its classes directory or jar) on the test's class path. */
    private static String processorPath() {
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.contains("mobula-processor" + File.separator + "target" + File.separator + "classes")
                    || Path.of(e).getFileName().toString().startsWith("mobula-processor-")) {
                return e;
            }
        }
        throw new IllegalStateException("mobula-processor is not on the test class path");
    }
}
