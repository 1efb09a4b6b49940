package io.mobula.bench.scale;

import io.mobula.gmi.GroupInterface;

/**
 * The group of the simulation: one method per collective operation, each configured once with its scheme
 * ({@link SimMember#formGroup}), so that an operation's messages are only its own.
 */
public interface ScaleGroup extends GroupInterface {
    /** Broadcast: a group invocation whose results are discarded. */
    void put(double[] v);

    /** Broadcast with an answer from every member, summed at the invoker (flat combine). */
    int ack(double[] v);

    /** Reduce: a group invocation whose int results are summed pairwise up a binomial tree to the invoker. */
    int sum(int v);

    /** Reduce-to-all: every member invokes with its vector; the vectors are summed (binomial invocation combiner). */
    double[] reduce(double[] v);

    /** Gather-to-all: every member invokes with its vector; the vectors are concatenated at participant 0. */
    double[] gather(double[] v);

    /** Scatter: a personalized invocation, member i getting element i of the invoker's vector; results discarded. */
    void scatter(double[] v);

    /**
     * Combined scatter (thesis Table 5.1, combined + single invocation, return + personalize): the members' vectors
     * are concatenated at participant 0, member 0 returns them, and each participant gets its own element back.
     */
    double[] combinedScatter(double[] v);

    /**
     * All-to-all with personalized results (thesis Table 5.1, combined + group invocation, combine + personalize):
     * participant 0's vector goes to every member, their answers are concatenated, and each participant gets its own.
     */
    double[] exchange(double[] v);
}
