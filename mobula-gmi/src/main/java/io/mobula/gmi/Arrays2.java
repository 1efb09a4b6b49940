package io.mobula.gmi;

import java.lang.reflect.Array;

/** Array helpers for the ready-made function objects: concatenation, blocks and element-wise reductions. */
final class Arrays2 {
    private Arrays2() {
    }

    /** The operation of an element-wise reduction. */
    enum Op {
        SUM, MIN, MAX
    }

    static Object concat(Object[] parts) {
        if (parts.length == 0) {
            return null;
        }
        Class<?> component = null;
        int len = 0;
        for (Object p : parts) {
            if (p == null) {
                continue;
            }
            if (!p.getClass().isArray()) {
                throw new IllegalArgumentException("can only concatenate arrays, got a " + p.getClass().getName());
            }
            component = component == null ? p.getClass().getComponentType() : component;
            len += Array.getLength(p);
        }
        if (component == null) {
            return null;
        }
        Object all = Array.newInstance(component, len);
        int at = 0;
        for (Object p : parts) {
            if (p != null) {
                int n = Array.getLength(p);
                System.arraycopy(p, 0, all, at, n);
                at += n;
            }
        }
        return all;
    }

    /** The start of block {@code i} of {@code n} over {@code len} elements (the first len % n blocks are longer). */
    static int blockStart(int len, int n, int i) {
        int q = len / n;
        int r = len % n;
        return i * q + Math.min(i, r);
    }

    static int blockLength(int len, int n, int i) {
        return len / n + (i < len % n ? 1 : 0);
    }

    static int reduce(Op op, int a, int b) {
        return switch (op) {
            case SUM -> a + b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }

    static long reduce(Op op, long a, long b) {
        return switch (op) {
            case SUM -> a + b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }

    static double reduce(Op op, double a, double b) {
        return switch (op) {
            case SUM -> a + b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }

    static float reduce(Op op, float a, float b) {
        return switch (op) {
            case SUM -> a + b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }

    /** Element-wise reduction of two arrays of the same type and length, or of two boxed numbers; a new value. */
    static Object reduce(Op op, Object a, Object b) {
        if (a instanceof double[] x && b instanceof double[] y) {
            double[] r = new double[same(x.length, y.length)];
            for (int i = 0; i < r.length; i++) {
                r[i] = reduce(op, x[i], y[i]);
            }
            return r;
        }
        if (a instanceof int[] x && b instanceof int[] y) {
            int[] r = new int[same(x.length, y.length)];
            for (int i = 0; i < r.length; i++) {
                r[i] = reduce(op, x[i], y[i]);
            }
            return r;
        }
        if (a instanceof long[] x && b instanceof long[] y) {
            long[] r = new long[same(x.length, y.length)];
            for (int i = 0; i < r.length; i++) {
                r[i] = reduce(op, x[i], y[i]);
            }
            return r;
        }
        if (a instanceof float[] x && b instanceof float[] y) {
            float[] r = new float[same(x.length, y.length)];
            for (int i = 0; i < r.length; i++) {
                r[i] = reduce(op, x[i], y[i]);
            }
            return r;
        }
        if (a instanceof Integer x && b instanceof Integer y) {
            return reduce(op, (int) x, (int) y);
        }
        if (a instanceof Long x && b instanceof Long y) {
            return reduce(op, (long) x, (long) y);
        }
        if (a instanceof Double x && b instanceof Double y) {
            return reduce(op, (double) x, (double) y);
        }
        if (a instanceof Float x && b instanceof Float y) {
            return reduce(op, (float) x, (float) y);
        }
        throw new IllegalArgumentException("cannot " + op.name().toLowerCase(java.util.Locale.ROOT) + " "
                + (a == null ? "null" : a.getClass().getTypeName()) + " and "
                + (b == null ? "null" : b.getClass().getTypeName())
                + " (int, long, float, double and arrays of them of equal length)");
    }

    private static int same(int a, int b) {
        if (a != b) {
            throw new IllegalArgumentException("arrays of different lengths: " + a + " and " + b);
        }
        return a;
    }

    /** Writes block {@code i} of {@code n} of {@code array} as parameter {@code p} of {@code out}, without a copy. */
    static void writeBlock(ParameterVector out, int p, Object array, int n, int i) {
        int len = Array.getLength(array);
        int off = blockStart(len, n, i);
        int k = blockLength(len, n, i);
        switch (array) {
            case double[] a -> out.writeSubArray(p, off, k, a);
            case int[] a -> out.writeSubArray(p, off, k, a);
            case long[] a -> out.writeSubArray(p, off, k, a);
            case float[] a -> out.writeSubArray(p, off, k, a);
            case byte[] a -> out.writeSubArray(p, off, k, a);
            case short[] a -> out.writeSubArray(p, off, k, a);
            case char[] a -> out.writeSubArray(p, off, k, a);
            case boolean[] a -> out.writeSubArray(p, off, k, a);
            case Object[] a -> out.writeSubArray(p, off, k, a);
            default -> throw new IllegalArgumentException("not an array: " + array.getClass().getName());
        }
    }

    static Object block(Object array, int n, int i) {
        int len = Array.getLength(array);
        int off = blockStart(len, n, i);
        int k = blockLength(len, n, i);
        Object b = Array.newInstance(array.getClass().getComponentType(), k);
        System.arraycopy(array, off, b, 0, k);
        return b;
    }
}
