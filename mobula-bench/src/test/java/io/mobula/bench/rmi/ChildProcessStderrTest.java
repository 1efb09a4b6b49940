package io.mobula.bench.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChildProcessStderrTest {

    @Test
    void whatAChildWritesToStderrIsCountedWithoutTheJvmsOwnNotices() throws Exception {
        try (ChildProcess p = ChildProcess.start("sh", List.of("sh", "-c",
                "echo 'Picked up JAVA_TOOL_OPTIONS: -Dx=y' >&2; echo 'WARNING: first' >&2; echo second >&2;"
                        + " echo DONE"))) {
            assertEquals("", p.awaitPrefix("DONE", 10_000));
            assertNull(p.nextLine(10_000)); // stdout ended: the process is done writing
            p.process().waitFor();
            p.stderrSuffix(); // waits for the stderr pump to read the last lines of an exited process
            ChildProcess.StderrSummary s = p.stderrSummary();
            assertEquals(2, s.lines(), s.toString());
            assertEquals(List.of("WARNING: first", "second"), s.first());
        }
    }
}
