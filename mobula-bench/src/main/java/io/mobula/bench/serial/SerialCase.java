package io.mobula.bench.serial;

import io.mobula.bench.model.Image;
import io.mobula.bench.model.Ints32;
import io.mobula.bench.model.Media;
import io.mobula.bench.model.MediaContent;
import io.mobula.bench.model.Node;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The object graphs of the serialization suite: the KaRMI benchmark objects (KaRMI 6.1, Table 2),
 * 100 KB primitive arrays and the jvm-serializers media-content graph.
 */
public enum SerialCase {
    INTS32("ints32", () -> Ints32.of(1)),
    INTS4_NULL2("ints4-null2", () -> Node.leaf(1)),
    TREE15("tree15", () -> Node.tree(15)),
    TREE1023("tree1023", () -> Node.tree(1023)),
    INT_ARRAY_100K("int[]-100k", () -> ints(SerialCase.ARRAY_BYTES / Integer.BYTES)),
    DOUBLE_ARRAY_100K("double[]-100k", () -> doubles(SerialCase.ARRAY_BYTES / Double.BYTES)),
    BYTE_ARRAY_100K("byte[]-100k", () -> bytes(SerialCase.ARRAY_BYTES)),
    MEDIA_CONTENT("media-content", MediaContent::standard);

    /** Payload size of the array cases: 100 KB. */
    public static final int ARRAY_BYTES = 100 * 1024;

    /** Every class any case graph contains, in a fixed order (systems that need registration use this). */
    public static final List<Class<?>> CLASSES = List.of(
            Ints32.class, Node.class, MediaContent.class, Media.class, Image.class, Media.Player.class,
            Image.Size.class, ArrayList.class, int[].class, double[].class, byte[].class);

    private final String id;
    private final Supplier<Object> factory;

    SerialCase(String id, Supplier<Object> factory) {
        this.id = id;
        this.factory = factory;
    }

    /** The name used on the command line, in tables and in JSON. */
    public String id() {
        return id;
    }

    /** A fresh instance of this case's graph; equal graphs on every call. */
    public Object create() {
        return factory.get();
    }

    /** Deep equality for every case (arrays by content, objects by {@code equals}). */
    public static boolean sameGraph(Object expected, Object actual) {
        return Objects.deepEquals(expected, actual);
    }

    /**
     * Round-trips this case twice through {@code rt} (the second time with whatever state the first left, e.g.
     * persistent type tables) and fails unless both copies are equal to, and distinct from, the original.
     */
    public void check(String system, RoundTrip rt) throws Exception {
        Object graph = rt.graph(this);
        for (int attempt = 1; attempt <= 2; attempt++) {
            Object copy = rt.roundTrip(graph);
            if (copy == graph || !sameGraph(graph, copy)) {
                throw new IllegalStateException(system + " did not round-trip " + id + " to an equal copy (attempt "
                        + attempt + "): got " + (copy == null ? "null" : copy.getClass().getName()));
            }
        }
    }

    public static SerialCase byId(String id) {
        for (SerialCase c : values()) {
            if (c.id.equals(id)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown serial case: " + id);
    }

    private static int[] ints(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 31 + 7;
        }
        return a;
    }

    private static double[] doubles(int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5 + 0.25;
        }
        return a;
    }

    private static byte[] bytes(int n) {
        byte[] a = new byte[n];
        for (int i = 0; i < n; i++) {
            a[i] = (byte) (i * 13);
        }
        return a;
    }
}
