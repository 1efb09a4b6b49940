package io.mobula.apps.radix;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/** Radix sort in the catalog: the random keys, the sequential sort, and how the ranks' blocks make the array. */
public final class RadixKernel implements Kernel<int[], int[]> {
    /** The one instance. */
    public static final RadixKernel INSTANCE = new RadixKernel();
    /** Keys per row of a rank's part, so the part goes to rank 0 in slices. */
    static final int ROW = 4096;
    private static final long SEED = 0x5AD1_3000L;

    private RadixKernel() {
    }

    @Override
    public String name() {
        return "radix";
    }

    @Override
    public String title() {
        return "radix sort of random integers, a histogram merge and a key exchange per digit";
    }

    @Override
    public String thesis() {
        return "thesis 2.5.3, 3.5.1";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("keys"), new int[] {5000}, new int[] {30_000_000}, new int[] {3_000_000});
    }

    @Override
    public int[] problem(int[] v) {
        if (v[0] < 1 || v[0] > 100_000_000) {
            throw new IllegalArgumentException("keys must be 1..100000000, not " + v[0]);
        }
        return Radix.keys(v[0], SEED);
    }

    @Override
    public int[] sequential(int[] problem) {
        return Radix.sort(problem);
    }

    @Override
    public int[] assemble(int[] problem, List<Serializable> parts) {
        int[] a = new int[problem.length];
        int at = 0;
        for (Serializable p : parts) {
            for (int[] row : (int[][]) p) {
                if (at + row.length > a.length) {
                    throw new IllegalStateException("the ranks returned more than " + a.length + " keys");
                }
                System.arraycopy(row, 0, a, at, row.length);
                at += row.length;
            }
        }
        if (at != a.length) {
            throw new IllegalStateException("the ranks returned " + at + " keys, not " + a.length);
        }
        return a;
    }

    @Override
    public String compare(int[] problem, int[] expected, int[] actual) {
        int i = Arrays.mismatch(expected, actual);
        return i < 0 ? null : "key " + i + " differs";
    }

    @Override
    public String checksum(int[] a) {
        return Integer.toHexString(Arrays.hashCode(a));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "least significant digit first, a counting sort per 8-bit digit",
                        RadixSeq.class),
                Version.of("rmi", "per digit, every rank sends its histogram to every other by one-way RMI, then"
                        + " the keys that land in each rank's block in chunks", RadixRmi.class, RadixNode.class));
    }

    /** {@code keys} in rows of {@link #ROW}. */
    static int[][] rows(int[] keys) {
        int[][] rows = new int[(keys.length + ROW - 1) / ROW][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = Arrays.copyOfRange(keys, i * ROW, Math.min(keys.length, (i + 1) * ROW));
        }
        return rows;
    }
}
