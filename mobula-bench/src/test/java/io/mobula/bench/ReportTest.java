package io.mobula.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportTest {

    private static final Suite SUITE = new Suite() {
        @Override
        public String name() {
            return "demo";
        }

        @Override
        public List<String> cases() {
            return List.of("a", "b");
        }

        @Override
        public List<String> systems() {
            return List.of("base", "peer");
        }

        @Override
        public List<Result> run(RunMode mode, Progress progress, Path log) {
            throw new UnsupportedOperationException();
        }
    };

    private static final Environment ENV = new Environment("2026-01-01T00:00:00Z", "25", "vm", "cpu \"x\"", 2);

    @Test
    void ratiosAreRelativeToTheFirstSystemAndMissingCellsAreListed() {
        Report r = new Report(SUITE, RunMode.QUICK, ENV, List.of(
                new Result("a", "base", 200, 1.5, "ops/s"), new Result("a", "peer", 50, Double.NaN, "ops/s"),
                new Result("b", "peer", 10, 0.1, "ops/s")));
        assertEquals(List.of("b / base"), r.missing());
        String table = r.table();
        assertTrue(table.contains("0.25x"), table);
        List<String> json = r.jsonLines();
        assertEquals(3, json.size());
        assertTrue(json.get(0).startsWith("{\"suite\":\"demo\",\"case\":\"a\",\"system\":\"base\",\"ops_per_s\":200,"),
                json.get(0));
        assertTrue(json.get(1).contains("\"score_error\":null"), json.get(1));
        assertTrue(json.get(1).contains("\"ratio_to_baseline\":0.25"), json.get(1));
        assertTrue(json.get(2).contains("\"ratio_to_baseline\":null"), json.get(2));
        assertTrue(json.get(0).contains("\"cpu\":\"cpu \\\"x\\\"\""), json.get(0));
        assertTrue(json.get(0).endsWith("\"cores\":2}"), json.get(0));
    }
}
