package io.mobula.apps;

/**
 * Test-only fault injection, to prove that verification catches a wrong result: with
 * {@link AppSettings#corruptRank()} R ({@code -Dmobula.apps.corruptRank=R}), rank R changes one element of the part it
 * hands back for verification. With none (the default) nothing changes.
 */
public final class Faults {

    private Faults() {
    }

    /** Whether rank {@code rank} is to corrupt its part under {@code settings}. */
    public static boolean corrupts(AppSettings settings, int rank) {
        return rank == settings.corruptRank();
    }

    /** {@code part}, with its first element changed when rank {@code rank} is to corrupt its part. */
    public static int[] corrupt(AppSettings settings, int rank, int[] part) {
        if (corrupts(settings, rank) && part.length > 0) {
            part[0] ^= 1;
        }
        return part;
    }

    /** {@code part}, with its first element changed when rank {@code rank} is to corrupt its part. */
    public static double[] corrupt(AppSettings settings, int rank, double[] part) {
        if (corrupts(settings, rank) && part.length > 0) {
            part[0] = Math.nextUp(part[0]);
        }
        return part;
    }

    /** Whether the rank of {@code ctx} is to corrupt its part. */
    public static boolean corrupts(RankContext<?> ctx) {
        return corrupts(ctx.settings(), ctx.rank());
    }

    /** {@code part}, with its first element changed when the rank of {@code ctx} is to corrupt its part. */
    public static int[] corrupt(RankContext<?> ctx, int[] part) {
        return corrupt(ctx.settings(), ctx.rank(), part);
    }

    /** {@code part}, with its first element changed when the rank of {@code ctx} is to corrupt its part. */
    public static double[] corrupt(RankContext<?> ctx, double[] part) {
        return corrupt(ctx.settings(), ctx.rank(), part);
    }
}
