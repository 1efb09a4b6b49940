package io.mobula.bench.serial;

import io.mobula.bench.model.MediaContent;
import io.mobula.bench.model.Node;
import io.mobula.serial.Serialization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every system round-trips every case to an equal, distinct graph, also when its state is reused. */
class RoundTripTest {

    static Stream<Arguments> cells() {
        return Arrays.stream(SerialSystem.values())
                .flatMap(s -> Arrays.stream(SerialCase.values()).map(c -> Arguments.of(s, c)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cells")
    void roundTripIsEqualAndReusable(SerialSystem system, SerialCase serialCase) throws Exception {
        RoundTrip rt = system.createValidated(serialCase);
        Object graph = rt.graph(serialCase);
        for (int i = 0; i < 3; i++) {
            Object copy = rt.roundTrip(graph);
            assertNotSame(graph, copy);
            assertTrue(SerialCase.sameGraph(graph, copy), () -> system.id() + " " + serialCase.id());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void oneInstanceHandlesEveryCaseInTurn(SerialSystem system) throws Exception {
        RoundTrip rt = system.create();
        for (int round = 0; round < 2; round++) {
            for (SerialCase c : SerialCase.values()) {
                Object graph = rt.graph(c);
                assertTrue(SerialCase.sameGraph(graph, rt.roundTrip(graph)), () -> system.id() + " " + c.id());
            }
        }
    }

    @Test
    void fallbackSystemTakesTheReflectivePathForTheSameClasses() throws Exception {
        long before = Serialization.fallbackClasses().getOrDefault(MediaContent.class, 0L);
        RoundTrip rt = SerialSystem.MOBULA_FALLBACK.createValidated(SerialCase.MEDIA_CONTENT);
        assertSame(MediaContent.class, rt.graph(SerialCase.MEDIA_CONTENT).getClass());
        assertTrue(Serialization.fallbackClasses().get(MediaContent.class) > before);
        SerialSystem.MOBULA_GENERATED.createValidated(SerialCase.MEDIA_CONTENT); // still generated there
        assertThrows(IllegalStateException.class,
                () -> SerialSystem.requireNoFallback(Map.of(), Map.of(MediaContent.class, 1L)));
        assertThrows(IllegalStateException.class,
                () -> SerialSystem.requireFallback(MediaContent.class, Map.of(), Map.of()));
    }

    static Stream<SerialSystem> systems() {
        return Arrays.stream(SerialSystem.values());
    }

    @Test
    void casesHaveTheDocumentedShapes() {
        assertEquals(15, ((Node) SerialCase.TREE15.create()).size());
        assertEquals(1023, ((Node) SerialCase.TREE1023.create()).size());
        Node leaf = (Node) SerialCase.INTS4_NULL2.create();
        assertTrue(leaf.left == null && leaf.right == null);
        assertEquals(100 * 1024, ((int[]) SerialCase.INT_ARRAY_100K.create()).length * Integer.BYTES);
        assertEquals(100 * 1024, ((double[]) SerialCase.DOUBLE_ARRAY_100K.create()).length * Double.BYTES);
        assertEquals(100 * 1024, ((byte[]) SerialCase.BYTE_ARRAY_100K.create()).length);
    }

    @Test
    void checkRejectsAWrongOrIdentityCopy() {
        assertThrows(IllegalStateException.class,
                () -> SerialCase.TREE1023.check("broken", graph -> SerialCase.TREE15.create()));
        assertThrows(IllegalStateException.class, () -> SerialCase.INTS32.check("identity", graph -> graph));
    }
}
