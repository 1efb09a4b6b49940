package io.mobula.bench.rmi;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which cases a quick or full run measures. Full: every kernel with every KaRMI payload (n = 50, 200, 500, 2000,
 * 5000, 20000) plus the thesis throughput payloads. Quick: the same kernels and object payloads, with the array
 * sizes reduced to a representative {@link #QUICK_SIZES} subset.
 */
public final class CaseCatalog {
    /** KaRMI section 6.1 array sizes. */
    public static final int[] FULL_SIZES = {50, 200, 500, 2000, 5000, 20000};
    /** Subset used by --quick. */
    public static final int[] QUICK_SIZES = {50, 2000, 20000};

    private CaseCatalog() { }

    /** All cases of a mode, in report order. */
    public static List<BenchCase> cases(boolean full) {
        List<PayloadSpec> objs = objectPayloads(full ? FULL_SIZES : QUICK_SIZES);
        List<BenchCase> out = new ArrayList<>();
        out.add(BenchCase.of(Kernel.NULL_CALL));
        out.add(BenchCase.of(Kernel.PING_2INT));
        out.add(BenchCase.of(Kernel.PING_2INT_2FLOAT));
        for (Kernel k : List.of(Kernel.VOID_PING_OBJ, Kernel.OBJ_PING_OBJ, Kernel.VOID_PINGPONG_OBJ,
                Kernel.OBJ_PINGPONG_OBJ, Kernel.STAR)) {
            for (PayloadSpec p : objs) {
                out.add(BenchCase.of(k, p));
            }
        }
        for (PayloadSpec p : throughputPayloads()) {
            out.add(BenchCase.of(Kernel.THROUGHPUT, p));
        }
        return out;
    }

    static List<PayloadSpec> objectPayloads(int[] sizes) {
        List<PayloadSpec> out = new ArrayList<>();
        out.add(PayloadSpec.of(PayloadSpec.Kind.NULL));
        for (PayloadSpec.Kind kind : List.of(PayloadSpec.Kind.BYTES, PayloadSpec.Kind.INTS, PayloadSpec.Kind.FLOATS)) {
            for (int n : sizes) {
                out.add(PayloadSpec.of(kind, n));
            }
        }
        out.add(PayloadSpec.of(PayloadSpec.Kind.INT4));
        out.add(PayloadSpec.of(PayloadSpec.Kind.INT32));
        out.add(PayloadSpec.of(PayloadSpec.Kind.INT4_NULL2));
        out.add(PayloadSpec.of(PayloadSpec.Kind.TREE, 15));
        return out;
    }

    /** Thesis section 2.5.3/3.5 throughput payloads: 100 KB byte[], int[], double[]; tree(1023); 1 MiB double[]. */
    static List<PayloadSpec> throughputPayloads() {
        return List.of(
                PayloadSpec.of(PayloadSpec.Kind.BYTES, 100 * 1024),
                PayloadSpec.of(PayloadSpec.Kind.INTS, 100 * 1024 / 4),
                PayloadSpec.of(PayloadSpec.Kind.DOUBLES, 100 * 1024 / 8),
                PayloadSpec.of(PayloadSpec.Kind.TREE, 1023),
                PayloadSpec.of(PayloadSpec.Kind.DOUBLES, 1024 * 1024 / 8));
    }

    /**
     * Keeps the cases whose id matches one of the patterns. A pattern with {@code *} is a glob over the whole id;
     * one without matches the id exactly, or as a prefix up to a {@code /} (so {@code obj-ping-obj} selects the
     * whole kernel).
     */
    public static List<BenchCase> filter(List<BenchCase> cases, List<String> patterns) {
        if (patterns == null || patterns.isEmpty()) {
            return cases;
        }
        List<BenchCase> out = new ArrayList<>();
        for (BenchCase c : cases) {
            for (String p : patterns) {
                if (matches(c.id(), p.trim())) {
                    out.add(c);
                    break;
                }
            }
        }
        return out;
    }

    static boolean matches(String id, String pattern) {
        if (pattern.contains("*")) {
            StringBuilder re = new StringBuilder();
            for (String part : pattern.split("\\*", -1)) {
                if (!re.isEmpty()) {
                    re.append(".*");
                }
                re.append(Pattern.quote(part));
            }
            return id.matches(re.toString());
        }
        return id.equals(pattern) || id.startsWith(pattern + "/");
    }
}
