package io.mobula.apps.npb;

/**
 * The NAS Parallel Benchmarks' pseudorandom generator ({@code randlc}/{@code vranlc} of the NPB specification): the
 * linear congruential sequence x_{k+1} = a x_k mod 2^46 with a = 5^13, returning x_{k+1} 2^-46. The specification
 * computes it exactly in double precision; here it is computed in 64-bit integers, which is exact because 2^46
 * divides 2^64 (the product wraps modulo 2^64, and its low 46 bits are the product modulo 2^46).
 */
public final class NpbRandom {
    /** The multiplier of every NPB kernel, 5^13. */
    public static final long A = 1_220_703_125L;
    /** The seed of IS and CG. */
    public static final long SEED = 314_159_265L;
    private static final long MASK = (1L << 46) - 1;
    private static final double R46 = 0x1.0p-46;

    private long x;

    /** A generator at {@code seed}. */
    public NpbRandom(long seed) {
        if (seed <= 0 || seed > MASK) {
            throw new IllegalArgumentException("an NPB seed is in (0, 2^46): " + seed);
        }
        this.x = seed;
    }

    /** The next number in (0, 1). */
    public double next() {
        x = (A * x) & MASK;
        return x * R46;
    }

    /** The current seed x_k. */
    public long seed() {
        return x;
    }

    /** Skips {@code n} numbers: x becomes a^n x mod 2^46, by repeated squaring. */
    public NpbRandom skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("cannot skip back: " + n);
        }
        long pow = A;
        long acc = x;
        for (long k = n; k > 0; k >>= 1) {
            if ((k & 1) != 0) {
                acc = (acc * pow) & MASK;
            }
            pow = (pow * pow) & MASK;
        }
        x = acc;
        return this;
    }
}
