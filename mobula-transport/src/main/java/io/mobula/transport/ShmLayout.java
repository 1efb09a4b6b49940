package io.mobula.transport;

/**
 * The layout of a shared-memory segment, in one place: the shm transport ({@code ShmSegment}, {@code ShmRing}) and
 * every program that speaks it (the raw shared-memory baselines of the benchmarks, in Java and in C, whose constants
 * a test compares with these) use these offsets. All fields are in the machine's native byte order; counters and
 * flags are written with release stores and read with acquire loads.
 *
 * <pre>
 *   segment (HEADER_BYTES + 2 * capacity bytes, a file of mode 600):
 *   0                 4                 8                 12                16
 *   +-----------------+-----------------+-----------------+-----------------+
 *   | MAGIC i32       | VERSION i32     | capacity i32    | (pad)           |   @0
 *   +-----------------+-----------------+-----------------+-----------------+
 *   | creator pid i64                   | opener pid i64                    |   @16
 *   +-----------------------------------+-----------------+-----------------+
 *   | doorbell token i64                | bell offered i32| bells conn. i32 |   @32
 *   +-----------------------------------+-----------------+-----------------+
 *   ...                                                                         (zero)
 *   @CONTROL_0 (1024): ring 0 control, creator -> opener       @CONTROL_1 (2048): ring 1 control, opener -> creator
 *   @HEADER_BYTES (4096): ring 0 data, capacity bytes          @HEADER_BYTES + capacity: ring 1 data
 *
 *   ring control (each field on its own 128-byte line, CONTROL_BYTES in all):
 *   +0 tail i64 (bytes ever written)     +128 head i64 (bytes ever read)
 *   +256 writer closed i32               +384 reader closed i32
 *   +512 reader sleeping i32             +640 writer sleeping i32
 *
 *   ring data: byte i of the stream is at data + (i &amp; (capacity - 1)); capacity is a power of two
 * </pre>
 */
public final class ShmLayout {
    private ShmLayout() {
    }

    /** "MSHM". */
    public static final int MAGIC = 0x4d53484d;
    /** Changes whenever an offset below does. */
    public static final int VERSION = 2;

    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 4;
    public static final int CAPACITY_OFFSET = 8;
    public static final int CREATOR_PID_OFFSET = 16;
    public static final int OPENER_PID_OFFSET = 24;
    public static final int TOKEN_OFFSET = 32;
    public static final int BELL_OFFERED_OFFSET = 40;
    public static final int BELLS_CONNECTED_OFFSET = 44;

    /** Ring 0 (creator to opener) control block. */
    public static final int CONTROL_0 = 1024;
    /** Ring 1 (opener to creator) control block. */
    public static final int CONTROL_1 = 2048;
    /** The header page; ring data starts here. */
    public static final int HEADER_BYTES = 4096;

    public static final int TAIL = 0;
    public static final int HEAD = 128;
    public static final int WRITER_CLOSED = 256;
    public static final int READER_CLOSED = 384;
    public static final int READER_SLEEPING = 512;
    public static final int WRITER_SLEEPING = 640;
    public static final int CONTROL_BYTES = 768;

    /** The control block of ring {@code ring} (0 or 1). */
    public static int control(int ring) {
        return ring == 0 ? CONTROL_0 : CONTROL_1;
    }

    /** Where the data of ring {@code ring} (0 or 1) starts in a segment of rings of {@code capacity} bytes. */
    public static long data(int ring, int capacity) {
        return HEADER_BYTES + (long) ring * capacity;
    }

    /** The size of a segment of rings of {@code capacity} bytes. */
    public static long segmentBytes(int capacity) {
        return HEADER_BYTES + 2L * capacity;
    }
}
