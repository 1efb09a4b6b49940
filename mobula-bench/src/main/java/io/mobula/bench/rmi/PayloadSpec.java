package io.mobula.bench.rmi;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * One {@code obj} parameter of the benchmark collection: a kind plus a size. This is the "factory" of KaRMI
 * section 6.1 of the KaRMI paper: {@link #create()} builds a fresh, deterministic instance, so the client and a validator
 * can build equal copies independently.
 *
 * <p>Ids are {@code null}, {@code byte[50]}, {@code int[2000]}, {@code float[20000]}, {@code double[131072]},
 * {@code 4int}, {@code 32int}, {@code 4int2null}, {@code tree(15)}.
 */
public record PayloadSpec(Kind kind, int n) {

    /** The payload kinds. */
    public enum Kind {
        NULL, BYTES, INTS, FLOATS, DOUBLES, INT4, INT32, INT4_NULL2, TREE
    }

    public PayloadSpec {
        Objects.requireNonNull(kind, "kind");
        if (n < 0) {
            throw new IllegalArgumentException("negative size " + n);
        }
    }

    public static PayloadSpec of(Kind kind) {
        return new PayloadSpec(kind, 0);
    }

    public static PayloadSpec of(Kind kind, int n) {
        return new PayloadSpec(kind, n);
    }

    /** The id used in case ids, tables and JSON. */
    public String id() {
        return switch (kind) {
            case NULL -> "null";
            case BYTES -> "byte[" + n + "]";
            case INTS -> "int[" + n + "]";
            case FLOATS -> "float[" + n + "]";
            case DOUBLES -> "double[" + n + "]";
            case INT4 -> "4int";
            case INT32 -> "32int";
            case INT4_NULL2 -> "4int2null";
            case TREE -> "tree(" + n + ")";
        };
    }

    /** Inverse of {@link #id()}. */
    public static PayloadSpec parse(String id) {
        String s = id.trim().toLowerCase(Locale.ROOT);
        switch (s) {
            case "null": return of(Kind.NULL);
            case "4int": return of(Kind.INT4);
            case "32int": return of(Kind.INT32);
            case "4int2null": return of(Kind.INT4_NULL2);
            default: break;
        }
        if (s.startsWith("tree(") && s.endsWith(")")) {
            return of(Kind.TREE, Integer.parseInt(s.substring(5, s.length() - 1)));
        }
        int br = s.indexOf('[');
        if (br > 0 && s.endsWith("]")) {
            int n = Integer.parseInt(s.substring(br + 1, s.length() - 1));
            return switch (s.substring(0, br)) {
                case "byte" -> of(Kind.BYTES, n);
                case "int" -> of(Kind.INTS, n);
                case "float" -> of(Kind.FLOATS, n);
                case "double" -> of(Kind.DOUBLES, n);
                default -> throw new IllegalArgumentException("unknown payload " + id);
            };
        }
        throw new IllegalArgumentException("unknown payload " + id);
    }

    /** A fresh instance with deterministic contents. */
    public Object create() {
        return switch (kind) {
            case NULL -> null;
            case BYTES -> {
                byte[] a = new byte[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) (i * 31 + 7);
                }
                yield a;
            }
            case INTS -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = i * 31 + 7;
                }
                yield a;
            }
            case FLOATS -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = i * 0.5f + 0.25f;
                }
                yield a;
            }
            case DOUBLES -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = i * 0.5 + 0.125;
                }
                yield a;
            }
            case INT4 -> new BenchObjects.Int4(11);
            case INT32 -> io.mobula.bench.model.Ints32.of(11);
            case INT4_NULL2 -> new BenchObjects.Int4Null2(11);
            case TREE -> BenchObjects.Tree.balanced(n, 11);
        };
    }

    /**
     * User payload bytes: array elements, or 4 bytes per {@code int} field (thesis section 2.5: "only the size of
     * the payload is considered"). Headers, lengths and references are not counted. Used for MB/s.
     */
    public long userBytes() {
        return switch (kind) {
            case NULL -> 0;
            case BYTES -> n;
            case INTS, FLOATS -> 4L * n;
            case DOUBLES -> 8L * n;
            case INT4, INT4_NULL2 -> 16;
            case INT32 -> 128;
            case TREE -> 16L * n;
        };
    }

    /** Deep equality for payload values (arrays by content). */
    public static boolean sameValue(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        return Objects.deepEquals(a, b);
    }

    @Override
    public String toString() {
        return id();
    }
}
