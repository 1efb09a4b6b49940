package io.mobula.bench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run of each case, compared with the same class path: the job verifies, and every JSON line names its case and
 * class path and carries a wall time and the processor time of the whole process tree.
 */
class StartupSuiteSmokeTest {
    @Test
    @Timeout(180)
    void oneRunOfEachCaseWritesItsFigures(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("startup.jsonl");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = StartupSuite.run(new String[] {"--runs", "1", "--compare", System.getProperty("java.class.path"),
                "--json", json.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        List<String> lines = Files.readAllLines(json);
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("\"case\":\"jvm\",\"classpath\":\"this\""), lines.get(0));
        assertTrue(lines.get(1).contains("\"case\":\"run-np2\",\"classpath\":\"this\""), lines.get(1));
        assertTrue(lines.get(2).contains("\"case\":\"run-np2\",\"classpath\":\"compare\""), lines.get(2));
        for (String l : lines) {
            assertTrue(l.matches(".*\"wall_median_s\":[0-9.]+,.*\"cpu_median_s\":[0-9.]+,.*"), l);
            assertTrue(l.contains("\"cpus\":"), l);
        }
        // the three JVMs' processor time was read (Linux), not left out
        assertTrue(StartupSuite.childrenCpuTicks() > 0, "no processor time of children read");
    }

    @Test
    void badArgumentsAreRefusedWithTheUsage() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = StartupSuite.run(new String[] {"--runs", "0"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: mobula bench startup"));
    }
}
