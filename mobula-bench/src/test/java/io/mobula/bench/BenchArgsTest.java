package io.mobula.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchArgsTest {

    @Test
    void parsesSuiteModeAndJson() throws Exception {
        BenchArgs a = BenchArgs.parse("serial", "--full", "--json", "out/x.jsonl");
        assertEquals("serial", a.suite());
        assertEquals(RunMode.FULL, a.mode());
        assertEquals(Path.of("out/x.jsonl"), a.json());
        BenchArgs b = BenchArgs.parse("--quick", "serial");
        assertEquals(RunMode.QUICK, b.mode());
        assertNull(b.json());
        assertEquals(RunMode.QUICK, BenchArgs.parse("serial").mode());
    }

    @Test
    void rejectsBadCommandLines() {
        for (String[] bad : List.of(new String[] {}, new String[] {"serial", "--json"},
                new String[] {"serial", "--quick", "--full"}, new String[] {"serial", "--fast"},
                new String[] {"serial", "rmi"}, new String[] {"serial", "--json", "a", "--json", "b"})) {
            assertThrows(BenchArgs.UsageException.class, () -> BenchArgs.parse(bad), String.join(" ", bad));
        }
    }

    @Test
    void mainExitsWithTwoAndUsageOnBadArgsOrUnknownSuite() {
        for (String[] bad : List.of(new String[] {"--nope"}, new String[] {"no-such-suite"})) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = BenchMain.run(bad, new PrintStream(new ByteArrayOutputStream()),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(2, code);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: mobula bench"));
        }
    }
}
