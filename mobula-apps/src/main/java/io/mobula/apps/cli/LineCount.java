package io.mobula.apps.cli;

import io.mobula.apps.Catalog;
import io.mobula.apps.Kernel;
import io.mobula.apps.Version;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The code-size table (thesis Tables 4.5 and 5.4): for each kernel, the non-blank, non-comment lines of the classes
 * of each version and of the classes its versions share; and, as the thesis measures, the characters without
 * comments and white space of each parallel version (its own classes plus the shared ones) relative to the RMI
 * version.
 */
public final class LineCount {
    private static final String SOURCES = "mobula-apps/src/main/java/";
    private static final List<String> ORDER = List.of("seq", "rmi", "repmi", "gmi");

    private LineCount() {
    }

    /** Lines and characters of one source text, comments and white space removed. */
    record Size(int lines, int chars) {
        Size plus(Size o) {
            return new Size(lines + o.lines, chars + o.chars);
        }
    }

    /** Measures Java source text. */
    static Size measure(String source) {
        StringBuilder code = new StringBuilder();
        boolean block = false;
        boolean string = false;
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            char next = i + 1 < source.length() ? source.charAt(i + 1) : '\0';
            if (block) {
                if (c == '*' && next == '/') {
                    block = false;
                    i++;
                } else if (c == '\n') {
                    code.append('\n');
                }
            } else if (string) {
                code.append(c);
                if (c == '\\') {
                    code.append(next);
                    i++;
                } else if (c == '"' || c == '\n') {
                    string = false;
                }
            } else if (c == '/' && next == '*') {
                block = true;
                i++;
            } else if (c == '/' && next == '/') {
                while (i < source.length() && source.charAt(i) != '\n') {
                    i++;
                }
                code.append('\n');
            } else {
                if (c == '"') {
                    string = true;
                }
                code.append(c);
            }
        }
        int lines = 0;
        int chars = 0;
        for (String line : code.toString().split("\n")) {
            String t = line.strip();
            if (!t.isEmpty()) {
                lines++;
                chars += (int) t.chars().filter(ch -> !Character.isWhitespace(ch)).count();
            }
        }
        return new Size(lines, chars);
    }

    /** The table, measured in the sources under the repository {@code root}. */
    public static String table(Path root) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("| kernel | shared | seq | rmi | repmi | gmi | repmi % of rmi | gmi % of rmi |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        for (Kernel<?, ?> k : Catalog.kernels()) {
            Map<String, Size> own = new LinkedHashMap<>();
            Set<Path> owned = new HashSet<>();
            Path dir = null;
            for (Version v : k.versions()) {
                Size s = new Size(0, 0);
                for (Class<?> c : v.classes()) {
                    Path f = root.resolve(SOURCES + c.getName().replace('.', '/') + ".java");
                    s = s.plus(measure(Files.readString(f)));
                    owned.add(f.normalize());
                    dir = f.getParent();
                }
                own.put(v.name(), s);
            }
            Size shared = new Size(0, 0);
            List<Path> files = new ArrayList<>();
            try (Stream<Path> st = Files.list(dir)) {
                st.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            }
            for (Path f : files) {
                if (!owned.contains(f.normalize()) && !f.getFileName().toString().equals("package-info.java")) {
                    shared = shared.plus(measure(Files.readString(f)));
                }
            }
            b.append("| ").append(k.name()).append(" | ").append(shared.lines());
            for (String v : ORDER) {
                b.append(" | ").append(own.containsKey(v) ? Integer.toString(own.get(v).lines()) : "-");
            }
            Size rmi = own.get("rmi");
            for (String v : List.of("repmi", "gmi")) {
                Size s = own.get(v);
                b.append(" | ").append(s == null || rmi == null ? "-" : String.format(Locale.ROOT, "%.0f",
                        100.0 * (s.chars() + shared.chars()) / (rmi.chars() + shared.chars())));
            }
            b.append(" |\n");
        }
        b.append("\nLines: non-blank, non-comment lines of the classes of each version (shared: the kernel's classes"
                + " no single version owns: the algorithm, the input, the rank loop the versions share). %: characters"
                + " without comments and white space of the version plus the shared classes, relative to the RMI"
                + " version (the thesis's measure, Tables 4.5 and 5.4).\n");
        return b.toString();
    }
}
