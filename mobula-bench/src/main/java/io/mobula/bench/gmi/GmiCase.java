package io.mobula.bench.gmi;

import java.util.Arrays;
import java.util.List;

/**
 * The GMI micro-benchmarks (thesis 5.5.1), in table order. Every process of the pool is a member of one group and
 * runs the same program (SPMD); rank 0 is the root of the rooted cases and participant 0 of the combined ones, and
 * times every operation with {@link System#nanoTime()} (the Open MPI baseline with {@code clock_gettime}).
 *
 * <p>What one sample is, for every system alike:
 * <ul>
 * <li>{@link #BROADCAST}, {@link #SCATTER}: the root sends, then waits until every member has acknowledged receipt
 *     with one small message back to the root. One sample is one send plus the slowest member's acknowledgement: the
 *     time for the data to reach every member, which no pipelining of consecutive broadcasts can hide (the root
 *     starts the next broadcast only when the last one has arrived everywhere).</li>
 * <li>{@link #REDUCE_TO_ALL}, {@link #GATHER_TO_ALL}: every rank contributes and gets the combined result; one
 *     sample is one operation at rank 0. Rank 0 cannot complete operation i+1 before every rank finished operation i
 *     and contributed again, so consecutive samples add up to the wall time of the loop.</li>
 * <li>{@link #BROADCAST_THROUGHPUT}: the root sends {@code batch} broadcasts back to back, then waits for every
 *     member's acknowledgement of the last one; a sample is that time divided by {@code batch}.</li>
 * <li>{@link #GATHER_TO_ALL_THROUGHPUT}: as {@link #GATHER_TO_ALL} with a large payload.</li>
 * </ul>
 */
public enum GmiCase {
    BROADCAST("broadcast", true, false),
    SCATTER("scatter", true, false),
    REDUCE_TO_ALL("reduce-to-all", false, false),
    GATHER_TO_ALL("gather-to-all", false, false),
    BROADCAST_THROUGHPUT("broadcast-throughput", true, true),
    GATHER_TO_ALL_THROUGHPUT("gather-to-all-throughput", false, true);

    private final String id;
    private final boolean rooted;
    private final boolean throughput;

    GmiCase(String id, boolean rooted, boolean throughput) {
        this.id = id;
        this.rooted = rooted;
        this.throughput = throughput;
    }

    /** The name in tables, JSON and on the command line. */
    public String id() {
        return id;
    }

    /** Whether only the root (rank 0) initiates the operation; otherwise every rank does. */
    public boolean rooted() {
        return rooted;
    }

    /** Whether it is a large-payload case (reported for its MB/s). */
    public boolean throughput() {
        return throughput;
    }

    /**
     * The doubles of one rank's part: the broadcast array, each member's share of a scatter, each rank's contribution
     * to a reduce (the reduced array has as many) or to a gather. Throughput cases move {@code throughputBytes} in
     * total: the whole broadcast array, or the gathered array of which each of the {@code n} ranks gives 1/n.
     */
    public int elements(int n, int latencyDoubles, int throughputBytes) {
        return switch (this) {
            case BROADCAST, SCATTER, REDUCE_TO_ALL, GATHER_TO_ALL -> latencyDoubles;
            case BROADCAST_THROUGHPUT -> Math.max(1, throughputBytes / 8);
            case GATHER_TO_ALL_THROUGHPUT -> Math.max(1, throughputBytes / 8 / n);
        };
    }

    /**
     * The user payload bytes of one operation, for MB/s: the broadcast or reduced array, or the whole scattered or
     * gathered array ({@code n} parts). Each byte is counted once, however many members receive it.
     */
    public long payloadBytes(int n, int elements) {
        return switch (this) {
            case BROADCAST, REDUCE_TO_ALL, BROADCAST_THROUGHPUT -> 8L * elements;
            case SCATTER, GATHER_TO_ALL, GATHER_TO_ALL_THROUGHPUT -> 8L * elements * n;
        };
    }

    /** The MPI call the Open MPI baseline uses. */
    public String mpiCall() {
        return switch (this) {
            case BROADCAST, BROADCAST_THROUGHPUT -> "MPI_Bcast";
            case SCATTER -> "MPI_Scatter";
            case REDUCE_TO_ALL -> "MPI_Allreduce";
            case GATHER_TO_ALL, GATHER_TO_ALL_THROUGHPUT -> "MPI_Allgather";
        };
    }

    /** What the Mobula system does, for the table heading. */
    public String gmiScheme() {
        return switch (this) {
            case BROADCAST, BROADCAST_THROUGHPUT -> "group invocation, discard reply";
            case SCATTER -> "personalized invocation, discard reply";
            case REDUCE_TO_ALL -> "combined invocation (binomial combiner) + group invocation, local get";
            case GATHER_TO_ALL, GATHER_TO_ALL_THROUGHPUT -> "combined invocation (flat combiner) + group invocation,"
                    + " local get";
        };
    }

    public static GmiCase byId(String id) {
        for (GmiCase c : values()) {
            if (c.id.equals(id)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown gmi case '" + id + "' (known: " + ids() + ")");
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(GmiCase::id).toList();
    }
}
