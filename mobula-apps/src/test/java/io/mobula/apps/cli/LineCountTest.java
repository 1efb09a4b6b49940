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
}
