package io.mobula.apps;

/**
 * Test-only fault injection, to prove that verification catches a wrong result: with
 * {@code -Dmobula.apps.corruptRank=R}, rank R changes one element of the part it hands back for verification.
 * Without the property nothing changes.
 */
public final class Faults {
    private static final int CORRUPT_RANK = Integer.getInteger("mobula.apps.corruptRank", -1);

    private Faults() {
    }

    /** Whether rank {@code r} is to corrupt its part. */
    public static boolean corrupts(int r) {
        return r == CORRUPT_RANK;
    }

    /** {@code part}, with its first element changed when rank {@code r} is to corrupt its part. */
    public static int[] corrupt(int r, int[] part) {
        if (corrupts(r) && part.length > 0) {
            part[0] ^= 1;
        }
        return part;
    }

    /** {@code part}, with its first element changed when rank {@code r} is to corrupt its part. */
    public static double[] corrupt(int r, double[] part) {
        if (corrupts(r) && part.length > 0) {
            part[0] = Math.nextUp(part[0]);
        }
        return part;
    }
}
