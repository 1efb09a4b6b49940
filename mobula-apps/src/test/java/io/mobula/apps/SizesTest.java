package io.mobula.apps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Size arguments and the result line. */
class SizesTest {
    private final Sizes sizes = new Sizes(List.of("grid", "iterations"), new int[] {4, 2}, new int[] {100, 10},
            new int[] {578, 1000});

    @Test
    void presetsAndNumbers() {
        assertArrayEquals(new int[] {100, 10}, sizes.parse(null));
        assertArrayEquals(new int[] {578, 1000}, sizes.parse("thesis"));
        assertArrayEquals(new int[] {7, 3}, sizes.parse("7, 3"));
        assertEquals("4,2", sizes.describe("tiny"));
    }

    @Test
    void badSizesSayWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sizes.parse("7"))
                .getMessage().contains("2 comma-separated numbers"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sizes.parse("7,x"))
                .getMessage().contains("iterations is not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sizes.preset("huge"))
                .getMessage().contains("no size preset 'huge'"));
    }

    @Test
    void resultLineRoundTripsBehindARankPrefix() {
        ResultLine r = new ResultLine("asp", "gmi", 3, "48", 0.25, 1.5, true, "length=3517");
        assertEquals(r, ResultLine.find("[0] " + r.format()).orElseThrow());
        assertTrue(ResultLine.find("[0] asp gmi result: verified").isEmpty());
    }

    @Test
    void everyKernelOfTheCatalogHasASequentialVersionFirstAndAnRmiVersion() {
        for (Kernel<?, ?> k : Catalog.kernels()) {
            assertTrue(k.versions().getFirst().sequential(), k.name());
            assertTrue(Catalog.version(k, "rmi").isPresent(), k.name());
            for (Version v : k.versions()) {
                assertEquals(v.mainClass(), v.classes().getFirst().getName());
            }
        }
    }
}
