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
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The code-size table (thesis Tables 4.5 and 5.4): for each kernel, the non-blank, non-comment lines of the classes
 * of each version and of the classes its versions share; and, as the thesis measures (4.4.3, 5.5.4), the characters
 * without comments and white space of each parallel program (its own classes plus the shared ones) relative to the
 * naive RMI version, with the thesis's figures beside them.
 */
public final class LineCount {
    private static final String SOURCES = "mobula-apps/src/main/java/";
    private static final String MPJ_SOURCES = "mobula-apps/src/main/resources/io/mobula/apps/mpj/";
    private static final String NAIVE = "naive-rmi";
    private static final String MPI = "mpiJava";
    private static final List<String> ORDER = List.of("seq", NAIVE, "rmi", "repmi", "gmi", MPI);
    /** Thesis Table 5.4 (Table 4.5 without the GMI column): optimized RMI, RepMI and GMI, % of naive RMI. */
    private static final Map<String, int[]> THESIS = Map.of("tsp", new int[] {106, 100, 100},
            "acp", new int[] {114, 100, 100}, "asp", new int[] {168, 98, 83}, "qr", new int[] {120, 100, 101},
            "leq", new int[] {135, 97, 89}, "weighed average", new int[] {121, 100, 98});

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
        b.append("| kernel | shared | seq | naive-rmi | rmi | repmi | gmi | mpiJava | rmi % | repmi % | gmi % |"
                + " mpiJava % of gmi |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        Map<String, Integer> total = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> percent = new LinkedHashMap<>();
        for (Kernel<?, ?> k : Catalog.kernels()) {
            Map<String, Size> own = new LinkedHashMap<>();
            Set<Path> owned = new HashSet<>();
            Path dir = null;
            for (Version v : k.versions()) {
                Size s = new Size(0, 0);
                for (Class<?> c : v.classes()) {
                    Path f = root.resolve(SOURCES + c.getName().replace('.', '/') + ".java");
                    if (v.launch() != Version.Launch.MPJ) { // an MPJ version's main only compiles and starts it
                        s = s.plus(measure(Files.readString(f)));
                    }
                    owned.add(f.normalize());
                    dir = f.getParent();
                }
                if (v.launch() == Version.Launch.MPJ) {
                    s = measure(Files.readString(root.resolve(MPJ_SOURCES + v.mpjProgram() + ".java")));
                }
                own.put(column(v.name()), s);
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
            Map<String, Integer> whole = new LinkedHashMap<>(); // the thesis's measure: the entire program
            int sharedChars = shared.chars();
            own.forEach((v, s) -> whole.put(v, s.chars() + sharedChars));
            Map<String, Integer> pc = new LinkedHashMap<>();
            for (String v : List.of("rmi", "repmi", "gmi")) {
                b.append(" | ").append(ratio(whole, v, NAIVE, pc));
            }
            b.append(" | ").append(ratio(whole, MPI, "gmi", new LinkedHashMap<>())).append(" |\n");
            if (whole.containsKey(NAIVE)) {
                percent.put(k.name(), pc);
                whole.forEach((v, c) -> total.merge(v, c, Integer::sum));
            }
        }
        b.append("| weighed average | | | | | | | | |");
        Map<String, Integer> avg = new LinkedHashMap<>();
        for (String v : List.of("rmi", "repmi", "gmi")) {
            b.append(' ').append(ratio(total, v, NAIVE, avg)).append(" |");
        }
        b.append(" |\n\nLines: non-blank, non-comment lines of the classes of each version (shared: the kernel's"
                + " classes no version lists as its own: the algorithm, the input, the rank loop the parallel versions"
                + " share; classes of io.mobula.apps that every kernel uses are not counted). %: characters without"
                + " comments and white space of the whole program, the version plus the shared classes, relative to"
                + " the naive RMI version, as the thesis counts (4.4.3, 5.5.4); the weighed average adds up the"
                + " kernels that have a naive RMI version. mpiJava: the MPJ Express program (mpiJava 1.2 API) of"
                + " the kernels that have one, measured as it is written (its source among the resources of io.mobula.apps.mpj).\n\n");
        b.append("Against the thesis (Tables 4.5 and 5.4, % of naive RMI), here / thesis:\n\n"
                + "| kernel | rmi | repmi | gmi |\n|---|---|---|---|\n");
        percent.put("weighed average", avg);
        for (Map.Entry<String, Map<String, Integer>> e : percent.entrySet()) {
            int[] t = THESIS.get(e.getKey());
            b.append("| ").append(e.getKey());
            for (int i = 0; i < 3; i++) {
                Integer here = e.getValue().get(List.of("rmi", "repmi", "gmi").get(i));
                b.append(" | ").append(here == null ? "-" : here.toString()).append(" / ")
                        .append(t == null ? "-" : Integer.toString(t[i]));
            }
            b.append(" |\n");
        }
        return b.toString();
    }

    /** The table's column of a version: a Java MPI version under whichever name it has. */
    private static String column(String version) {
        return version.equals("mpj") || version.equals("mpijava") ? MPI : version;
    }

    /** {@code v} as a percentage of {@code base}, noted in {@code into}; "-" when either is missing. */
    private static String ratio(Map<String, Integer> chars, String v, String base, Map<String, Integer> into) {
        Integer a = chars.get(v);
        Integer b = chars.get(base);
        if (a == null || b == null || b == 0) {
            return "-";
        }
        int pc = (int) Math.round(100.0 * a / b);
        into.put(v, pc);
        return Integer.toString(pc);
    }
}
