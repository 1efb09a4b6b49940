package io.mobula.gmi;

import io.mobula.gmi.spi.ResultType;

/**
 * Calls the variant of a combiner, forwarder or reply personalizer that matches a method's result type (thesis Figure
 * 5.9), converting between the runtime's boxed results and the typed arrays and values the variants take. Outcomes
 * are (value, exception) pairs; an exception a function object throws becomes the outcome.
 */
final class Results {
    private Results() {
    }

    /** A result or the exception in its place. */
    record Outcome(Object value, Throwable thrown) {
        static Outcome of(Object v) {
            return new Outcome(v, null);
        }

        static Outcome failed(Throwable t) {
            return new Outcome(null, t);
        }

        /** The value, or the exception thrown. */
        Object get() throws Throwable {
            if (thrown != null) {
                throw thrown;
            }
            return value;
        }
    }

    /** What a function object receives for a Throwable: Exceptions as they are, Errors wrapped. */
    static Exception asException(Throwable t) {
        if (t == null || t instanceof Exception) {
            return (Exception) t;
        }
        return new GroupException("a member failed with " + t, t);
    }

    static Outcome flatCombine(FlatCombiner c, ResultType type, Outcome[] in) {
        int n = in.length;
        Exception[] ex = new Exception[n];
        for (int i = 0; i < n; i++) {
            ex[i] = asException(in[i].thrown());
        }
        try {
            switch (type) {
                case VOID: {
                    c.combine(ex);
                    return Outcome.of(null);
                }
                case BOOLEAN: {
                    boolean[] r = new boolean[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value() == null ? false : (Boolean) in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
                case BYTE: {
                    byte[] r = new byte[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value() == null ? (byte) 0 : (Byte) in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
                case CHAR: {
                    char[] r = new char[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value() == null ? (char) 0 : (Character) in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
                case SHORT: {
                    short[] r = new short[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value() == null ? (short) 0 : (Short) in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
                case INT: {
                    int[] r = new int[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value() == null ? 0 : (Integer) in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
                case LONG: {
                    long[] r = new long[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value() == null ? 0L : (Long) in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
                case FLOAT: {
                    float[] r = new float[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value() == null ? 0f : (Float) in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
                case DOUBLE: {
                    double[] r = new double[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value() == null ? 0d : (Double) in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
                default: {
                    Object[] r = new Object[n];
                    for (int i = 0; i < n; i++) {
                        r[i] = in[i].value();
                    }
                    return Outcome.of(c.combine(r, ex));
                }
            }
        } catch (Throwable t) {
            return Outcome.failed(t);
        }
    }

    static Outcome binomialCombine(BinomialCombiner c, ResultType type, int rank1, Outcome a, int rank2, Outcome b,
            int size) {
        Exception e1 = asException(a.thrown());
        Exception e2 = asException(b.thrown());
        try {
            switch (type) {
                case VOID: {
                    c.combine(rank1, e1, rank2, e2, size);
                    return Outcome.of(null);
                }
                case BOOLEAN:
                    return Outcome.of(c.combine(rank1, a.value() == null ? false : (Boolean) a.value(), e1,
                            rank2, b.value() == null ? false : (Boolean) b.value(), e2, size));
                case BYTE:
                    return Outcome.of(c.combine(rank1, a.value() == null ? (byte) 0 : (Byte) a.value(), e1,
                            rank2, b.value() == null ? (byte) 0 : (Byte) b.value(), e2, size));
                case CHAR:
                    return Outcome.of(c.combine(rank1, a.value() == null ? (char) 0 : (Character) a.value(), e1,
                            rank2, b.value() == null ? (char) 0 : (Character) b.value(), e2, size));
                case SHORT:
                    return Outcome.of(c.combine(rank1, a.value() == null ? (short) 0 : (Short) a.value(), e1,
                            rank2, b.value() == null ? (short) 0 : (Short) b.value(), e2, size));
                case INT:
                    return Outcome.of(c.combine(rank1, a.value() == null ? 0 : (Integer) a.value(), e1,
                            rank2, b.value() == null ? 0 : (Integer) b.value(), e2, size));
                case LONG:
                    return Outcome.of(c.combine(rank1, a.value() == null ? 0L : (Long) a.value(), e1,
                            rank2, b.value() == null ? 0L : (Long) b.value(), e2, size));
                case FLOAT:
                    return Outcome.of(c.combine(rank1, a.value() == null ? 0f : (Float) a.value(), e1,
                            rank2, b.value() == null ? 0f : (Float) b.value(), e2, size));
                case DOUBLE:
                    return Outcome.of(c.combine(rank1, a.value() == null ? 0d : (Double) a.value(), e1,
                            rank2, b.value() == null ? 0d : (Double) b.value(), e2, size));
                default:
                    return Outcome.of(c.combine(rank1, a.value(), e1, rank2, b.value(), e2, size));
            }
        } catch (Throwable t) {
            return Outcome.failed(t);
        }
    }

    /** Hands one outcome to a forwarder; what the forwarder throws is returned (to be logged and counted). */
    static Throwable forward(Forwarder f, ResultType type, int rank, int size, Outcome o) {
        try {
            if (o.thrown() != null) {
                f.forward(rank, size, asException(o.thrown()));
                return null;
            }
            Object v = o.value();
            switch (type) {
                case VOID -> f.forward(rank, size);
                case BOOLEAN -> f.forward(rank, size, v == null ? false : (Boolean) v);
                case BYTE -> f.forward(rank, size, v == null ? (byte) 0 : (Byte) v);
                case CHAR -> f.forward(rank, size, v == null ? (char) 0 : (Character) v);
                case SHORT -> f.forward(rank, size, v == null ? (short) 0 : (Short) v);
                case INT -> f.forward(rank, size, v == null ? 0 : (Integer) v);
                case LONG -> f.forward(rank, size, v == null ? 0L : (Long) v);
                case FLOAT -> f.forward(rank, size, v == null ? 0f : (Float) v);
                case DOUBLE -> f.forward(rank, size, v == null ? 0d : (Double) v);
                default -> f.forward(rank, size, v);
            }
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    /** Splits one outcome into {@code n}; a personalizer that throws gives every participant its exception. */
    static Outcome[] personalize(ReplyPersonalizer p, ResultType type, Outcome o, int n) {
        Outcome[] out = new Outcome[n];
        try {
            if (o.thrown() != null) {
                Exception[] ex = new Exception[n];
                p.personalize(asException(o.thrown()), ex);
                for (int i = 0; i < n; i++) {
                    out[i] = Outcome.failed(ex[i]);
                }
                return out;
            }
            Object v = o.value();
            switch (type) {
                case VOID: {
                    java.util.Arrays.fill(out, Outcome.of(null));
                    return out;
                }
                case BOOLEAN: {
                    boolean[] r = new boolean[n];
                    p.personalize(v == null ? false : (Boolean) v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
                case BYTE: {
                    byte[] r = new byte[n];
                    p.personalize(v == null ? (byte) 0 : (Byte) v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
                case CHAR: {
                    char[] r = new char[n];
                    p.personalize(v == null ? (char) 0 : (Character) v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
                case SHORT: {
                    short[] r = new short[n];
                    p.personalize(v == null ? (short) 0 : (Short) v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
                case INT: {
                    int[] r = new int[n];
                    p.personalize(v == null ? 0 : (Integer) v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
                case LONG: {
                    long[] r = new long[n];
                    p.personalize(v == null ? 0L : (Long) v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
                case FLOAT: {
                    float[] r = new float[n];
                    p.personalize(v == null ? 0f : (Float) v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
                case DOUBLE: {
                    double[] r = new double[n];
                    p.personalize(v == null ? 0d : (Double) v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
                default: {
                    Object[] r = new Object[n];
                    p.personalize(v, r);
                    for (int i = 0; i < n; i++) {
                        out[i] = Outcome.of(r[i]);
                    }
                    return out;
                }
            }
        } catch (Throwable t) {
            java.util.Arrays.fill(out, Outcome.failed(t));
            return out;
        }
    }

    /** The variant a function object must override for {@code type}, for configuration checks. */
    static Class<?>[] flatSignature(ResultType type) {
        return switch (type) {
            case VOID -> new Class<?>[] {Exception[].class};
            case BOOLEAN -> new Class<?>[] {boolean[].class, Exception[].class};
            case BYTE -> new Class<?>[] {byte[].class, Exception[].class};
            case CHAR -> new Class<?>[] {char[].class, Exception[].class};
            case SHORT -> new Class<?>[] {short[].class, Exception[].class};
            case INT -> new Class<?>[] {int[].class, Exception[].class};
            case LONG -> new Class<?>[] {long[].class, Exception[].class};
            case FLOAT -> new Class<?>[] {float[].class, Exception[].class};
            case DOUBLE -> new Class<?>[] {double[].class, Exception[].class};
            default -> new Class<?>[] {Object[].class, Exception[].class};
        };
    }

    static Class<?>[] binomialSignature(ResultType type) {
        Class<?> c = switch (type) {
            case VOID -> null;
            case BOOLEAN -> boolean.class;
            case BYTE -> byte.class;
            case CHAR -> char.class;
            case SHORT -> short.class;
            case INT -> int.class;
            case LONG -> long.class;
            case FLOAT -> float.class;
            case DOUBLE -> double.class;
            default -> Object.class;
        };
        return c == null ? new Class<?>[] {int.class, Exception.class, int.class, Exception.class, int.class}
                : new Class<?>[] {int.class, c, Exception.class, int.class, c, Exception.class, int.class};
    }

    static Class<?>[] forwardSignature(ResultType type) {
        return switch (type) {
            case VOID -> new Class<?>[] {int.class, int.class};
            case BOOLEAN -> new Class<?>[] {int.class, int.class, boolean.class};
            case BYTE -> new Class<?>[] {int.class, int.class, byte.class};
            case CHAR -> new Class<?>[] {int.class, int.class, char.class};
            case SHORT -> new Class<?>[] {int.class, int.class, short.class};
            case INT -> new Class<?>[] {int.class, int.class, int.class};
            case LONG -> new Class<?>[] {int.class, int.class, long.class};
            case FLOAT -> new Class<?>[] {int.class, int.class, float.class};
            case DOUBLE -> new Class<?>[] {int.class, int.class, double.class};
            default -> new Class<?>[] {int.class, int.class, Object.class};
        };
    }

    static Class<?>[] personalizeSignature(ResultType type) {
        return switch (type) {
            case VOID -> null;
            case BOOLEAN -> new Class<?>[] {boolean.class, boolean[].class};
            case BYTE -> new Class<?>[] {byte.class, byte[].class};
            case CHAR -> new Class<?>[] {char.class, char[].class};
            case SHORT -> new Class<?>[] {short.class, short[].class};
            case INT -> new Class<?>[] {int.class, int[].class};
            case LONG -> new Class<?>[] {long.class, long[].class};
            case FLOAT -> new Class<?>[] {float.class, float[].class};
            case DOUBLE -> new Class<?>[] {double.class, double[].class};
            default -> new Class<?>[] {Object.class, Object[].class};
        };
    }
}
