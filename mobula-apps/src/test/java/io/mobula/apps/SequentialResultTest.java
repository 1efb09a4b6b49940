package io.mobula.apps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.acp.Acp;
import io.mobula.apps.moldyn.MolDyn;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SequentialResultTest {
    @TempDir
    Path dir;

    @Test
    void aResultComesBackEqualWithItsKernelSizeAndTime() throws Exception {
        Path f = dir.resolve("seq");
        int[][] rows = {{0, 3, 7}, {3, 0, 1}, {7, 1, 0}};
        SequentialResult.save(f, "asp", new int[] {3}, 1.25, rows);
        SequentialResult.Kept k = SequentialResult.load(f).orElseThrow();
        assertTrue(k.matches("asp", new int[] {3}));
        assertFalse(k.matches("asp", new int[] {4}), "another size is not this result");
        assertFalse(k.matches("leq", new int[] {3}), "another kernel is not this result");
        assertEquals(1.25, k.seconds());
        assertArrayEquals(rows, (int[][]) k.result());

        MolDyn.Result md = new MolDyn.Result(new double[] {1}, new double[] {2}, new double[] {3, 4});
        SequentialResult.save(f, "moldyn", new int[] {2, 5}, 2.5, md);
        MolDyn.Result back = (MolDyn.Result) SequentialResult.load(f).orElseThrow().result();
        assertArrayEquals(md.position(), back.position(), "a record of the kernels' own package is admitted");
    }

    @Test
    void aResultThatCannotBeSerializedLeavesNoFileBehind() throws Exception {
        Path f = dir.resolve("seq");
        SequentialResult.save(f, "asp", new int[] {3}, 1.0, new int[][] {{0}});
        assertTrue(Files.exists(f));
        SequentialResult.save(f, "acp", new int[] {3}, 1.0, new Acp.Result(new boolean[][] {{true}}));
        assertFalse(Files.exists(f), "a stale result of another run must not stay");
        assertTrue(SequentialResult.load(f).isEmpty());
    }

    @Test
    void aFileHoldingOtherClassesOrNothingIsNotUsed() throws Exception {
        Path f = dir.resolve("seq");
        try (OutputStream os = Files.newOutputStream(f); ObjectOutputStream out = new ObjectOutputStream(os)) {
            out.writeUTF("asp");
            out.writeObject(new int[] {3});
            out.writeDouble(1.0);
            out.writeObject(new ArrayList<>(List.of(1, 2))); // not a class a result is made of
        }
        assertTrue(SequentialResult.load(f).isEmpty(), "the filter refuses java.util classes");
        Files.write(f, new byte[0]);
        assertTrue(SequentialResult.load(f).isEmpty(), "an empty file (the driver's before a run) holds nothing");
        assertTrue(SequentialResult.load(dir.resolve("missing")).isEmpty());
    }
}
