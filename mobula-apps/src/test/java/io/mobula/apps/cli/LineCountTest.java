package io.mobula.apps.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The code-size measure ignores comments and white space but not strings. */
class LineCountTest {
    @Test
    void commentsAndBlankLinesDoNotCount() {
        String src = """
                /** doc
                 * more */
                class A { // trailing
                    int x = 1;   /* inline */

                    String s = "// not a comment";
                }
                """;
        LineCount.Size s = LineCount.measure(src);
        assertEquals(4, s.lines());
        assertEquals("classA{intx=1;Strings=\"//notacomment\";}".length(), s.chars());
    }

    @Test
    void tableHasARowPerKernel() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent(); // the module's directory is the working directory
        String t = LineCount.table(root);
        for (String k : new String[] {"sor", "asp", "tsp", "leq"}) {
            assertTrue(t.contains("| " + k + " |"), t);
        }
    }

    @Test
    void theKernelsOfTable54AreMeasuredAgainstTheirNaiveRmiVersion() throws Exception {
        String t = LineCount.table(Path.of("").toAbsolutePath().getParent());
        for (String k : new String[] {"asp", "tsp", "leq", "qr", "acp"}) {
            String row = t.lines().filter(l -> l.startsWith("| " + k + " | ")).findFirst().orElseThrow();
            String[] cells = row.split("\\|");
            // | kernel | shared | seq | naive-rmi | rmi | repmi | gmi | mpiJava | rmi % | repmi % | gmi % | ...
            for (int c = 2; c <= 7; c++) {
                assertTrue(cells[c].strip().matches("[0-9]+"), k + " column " + c + ": " + row);
            }
            assertTrue(cells[8].strip().matches("[0-9]+"), row); // the MPJ Express program
            for (int c = 9; c <= 11; c++) {
                int pc = Integer.parseInt(cells[c].strip());
                assertTrue(pc > 50 && pc < 300, k + " column " + c + ": " + row);
            }
            assertTrue(t.contains("| " + k + " | "), t);
        }
        assertTrue(t.lines().anyMatch(l -> l.startsWith("| weighed average | ") && l.contains(" / 121 |")), t);
        assertTrue(t.lines().anyMatch(l -> l.startsWith("| asp | ") && l.contains(" / 168 |")), t);
        String sor = t.lines().filter(l -> l.startsWith("| sor | ")).findFirst().orElseThrow();
        assertTrue(sor.contains("| - | - | - |"), sor); // no naive version: no percentages
    }

    @Test
    void theMpjExpressVersionsAreMeasuredFromTheirPrograms() throws Exception {
        String t = LineCount.table(Path.of("").toAbsolutePath().getParent());
        for (String k : new String[] {"lufact", "moldyn", "raytracer", "asp", "leq", "fft", "qr", "tsp", "acp"}) {
            String row = t.lines().filter(l -> l.startsWith("| " + k + " | ")).findFirst().orElseThrow();
            String[] cells = row.split("\\|");
            int lines = Integer.parseInt(cells[8].strip()); // the program, not the class that compiles and runs it
            // TSP's and ACP's programs write their own asynchronous messaging (ACP: Safra's token ring too)
            assertTrue(lines > 25 && lines < (k.equals("tsp") || k.equals("acp") ? 200 : 120), k + ": " + row);
            int pc = Integer.parseInt(cells[12].strip());
            assertTrue(pc > 30 && pc < 300, k + " mpiJava % of gmi: " + row);
        }
    }
}
