package io.mobula.gmi;

import java.util.Arrays;

/**
 * Forwards each invocation, with the same parameters, to every member of the group or to a chosen subset (thesis
 * 5.2.3, "group invocation": a broadcast). The parameters are serialized once and the same bytes go to every
 * destination; large groups forward along a binomial tree.
 */
public final class GroupInvocation extends InvocationScheme {
    private final int[] ranks;

    /** Forwards to every member. */
    public GroupInvocation() {
        this.ranks = null;
    }

    /**
     * Forwards to the members of the given ranks only.
     *
     * @throws ConfigurationException when no rank is given, a rank is negative or repeated
     */
    public GroupInvocation(int... ranks) {
        if (ranks == null || ranks.length == 0) {
            throw new ConfigurationException("GroupInvocation: name at least one rank (or none at all for every"
                    + " member: new GroupInvocation())");
        }
        int[] sorted = ranks.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            if (sorted[i] < 0) {
                throw new ConfigurationException("GroupInvocation: rank " + sorted[i] + " is negative");
            }
            if (i > 0 && sorted[i] == sorted[i - 1]) {
                throw new ConfigurationException("GroupInvocation: rank " + sorted[i] + " is named twice");
            }
        }
        this.ranks = ranks.clone();
    }

    /** The destination ranks in the order given, or {@code null} for every member. */
    public int[] ranks() {
        return ranks == null ? null : ranks.clone();
    }

    int[] ranksOrNull() {
        return ranks;
    }

    @Override
    public String toString() {
        return ranks == null ? "group" : "group" + Arrays.toString(ranks);
    }
}
