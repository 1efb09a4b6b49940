package io.mobula.bench.repmi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The RepMI micro-benchmarks (thesis 4.4, Tables 4.1-4.4), in table order. One rank, the writer (the highest rank;
 * RepMI's sequencer is rank 0, so from N = 2 on a write travels writer -> sequencer -> every replica), times every
 * sample with {@link System#nanoTime()}; every rank checks its replica at the end of each case.
 *
 * <p>What one sample is:
 * <ul>
 * <li>{@link #READ}: one {@code get()} of an int on the local replica through the replication reference, as the mean
 *     of a loop of many calls; {@code direct}: the same call on a root object called directly.</li>
 * <li>{@link #NULL_RMI}: a Mobula RMI call without arguments or result from the writer to rank 0 (the yardstick of
 *     the write target), measured in the rmi-push JVMs (no RepMI loaded).</li>
 * <li>{@link #WRITE}: one {@code set(v)} at the writer, until it returns: RepMI returns once the write is applied on
 *     the writer's replica; rmi-push updates its own object and then calls every other rank in turn; rmi-tree
 *     updates its own and calls its binomial-tree children asynchronously, each forwarding the same way and
 *     answering once its subtree has applied it.</li>
 * <li>{@link #BROADCAST_LATENCY}: one {@code set(v)} until the writer knows every replica applied it: RepMI and
 *     raw-broadcast wait for one acknowledgement (a one-way RMI call) from each other rank, sent by a thread that
 *     waits for the write with a blocking read of its local replica (RepMI: {@link Counter#awaitValue}, woken by the
 *     write's notify) or by the one-way update's handler (raw); for rmi-push and rmi-tree the replies are the
 *     acknowledgements, so the sample equals {@link #WRITE}'s.</li>
 * <li>{@link #BROADCAST_GAP}: {@code batch} small writes back to back, then the acknowledgements of the last one;
 *     the sample is that time divided by {@code batch} (the interval between writes in steady state).</li>
 * <li>{@link #THROUGHPUT_BYTES}, {@link #THROUGHPUT_DOUBLES}: as {@link #BROADCAST_GAP} with writes carrying one
 *     100 KiB byte[] or double[]; MB/s = array bytes / sample.</li>
 * </ul>
 */
public enum RepmiCase {
    READ("read", null),
    NULL_RMI("null-rmi", null),
    WRITE("write", null),
    BROADCAST_LATENCY("broadcast-latency", null),
    BROADCAST_GAP("broadcast-gap", null),
    THROUGHPUT_BYTES("write-throughput-100k", "byte[]"),
    THROUGHPUT_DOUBLES("write-throughput-100k", "double[]");

    private final String id;
    private final String array;

    RepmiCase(String id, String array) {
        this.id = id;
        this.array = array;
    }

    /** The case in tables and JSON ({@code "case"}); both throughput cases share one. */
    public String id() {
        return id;
    }

    /** The array type of a throughput case ({@code "array"} in JSON), else null. */
    public String array() {
        return array;
    }

    /** The unique name, on the command line and in a rank's RESULT line. */
    public String key() {
        return array == null ? id : id + "-" + array.substring(0, array.indexOf('['));
    }

    /** Whether a sample is a batch of writes ({@code batch} > 1). */
    boolean batched() {
        return this == BROADCAST_GAP || throughput();
    }

    /** Whether writes carry an array. */
    public boolean throughput() {
        return array != null;
    }

    /** Whether {@code system} runs this case at {@code n} processes. */
    public boolean runsOn(String system, int n) {
        return switch (this) {
            case READ -> system.equals(RepmiRank.REPMI);
            case NULL_RMI -> system.equals(RepmiRank.PUSH) && n >= 2;
            case WRITE -> !system.equals(RepmiRank.RAW);
            default -> true;
        };
    }

    /** The systems a launch of {@code system} reports this case for (the read reports the direct call too). */
    List<String> reported(String system) {
        return switch (this) {
            case READ -> List.of(RepmiRank.REPMI, RepmiRank.DIRECT);
            case NULL_RMI -> List.of(RepmiRank.NULL_RMI_SYSTEM);
            default -> List.of(system);
        };
    }

    /** The bytes of one operation's argument, for MB/s: the array, the int, or nothing for the null RMI. */
    public long payloadBytes(int arrayBytes) {
        return switch (this) {
            case NULL_RMI -> 0;
            case THROUGHPUT_BYTES -> arrayBytes;
            case THROUGHPUT_DOUBLES -> 8L * (arrayBytes / 8);
            default -> 4;
        };
    }

    /** The system the table's ratio column divides by, or null. */
    String baseline() {
        return switch (this) {
            case READ -> RepmiRank.DIRECT;
            case NULL_RMI -> null;
            case WRITE -> RepmiRank.PUSH;
            default -> RepmiRank.RAW;
        };
    }

    public static RepmiCase byKey(String key) {
        for (RepmiCase c : values()) {
            if (c.key().equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown repmi case '" + key + "' (known: " + String.join(", ", keys())
                + ")");
    }

    /** The cases named by {@code name}: a key, or {@code write-throughput-100k} for both throughput cases. */
    public static List<RepmiCase> named(String name) {
        List<RepmiCase> out = new ArrayList<>();
        for (RepmiCase c : values()) {
            if (c.key().equals(name) || c.id().equals(name)) {
                out.add(c);
            }
        }
        if (out.isEmpty()) {
            byKey(name);
        }
        return out;
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(RepmiCase::key).toList();
    }
}
