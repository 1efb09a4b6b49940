package io.mobula.gmi;

import io.mobula.gmi.GroupMessages.Invoke;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of an invocation's header ({@link Invoke}) as {@link GroupPort#invoke} carries them: a fixed layout
 * written and read without the serializer, big-endian. This class owns the layout; nothing else knows the offsets.
 *
 * <pre>
 *      0       1       2       3       4                               8
 *      +-------+-------+-------+-------+-------------------------------+
 *    0 |version| reply | flags |   0   |            method             |
 *      +-------+-------+-------+-------+-------------------------------+
 *    8 |             rank              |            origin             |
 *      +-------------------------------+-------------------------------+
 *   16 |          reply rank           |        call (i64) ...         |
 *      +-------------------------------+---------------+---------------+
 *   24 |         ... call              | group length  |  ranks count  |
 *      +---------------+---------------+---------------+---------------+
 *   32 | ... (i32)     |      reducer length (i32)     | group name ...
 *      +---------------+-------------------------------+----------------
 *   38 | group name (UTF-8) | ranks (i32 each) | reducer (a self-contained serialized message)
 *      +------------------------------------------------------------------
 * </pre>
 *
 * Flags: {@link #RELAY} the receiver relays the bytes down the binomial tree over the ranks; {@link #HAS_RANKS} the
 * ranks are present (their count may be 0); {@link #PARTS} the parameters are a scatter's personalized vectors for
 * the receiver's subtree ({@link SubtreeParts}; only with the ranks). The reducer of a {@link GroupMessages#REPLY_REDUCE} is the only part
 * that goes through the serializer, and only when present (length 0: none).
 *
 * <p>Every length is checked against the bytes there before anything is allocated: a malformed header fails its own
 * invocation with a {@link GroupException} saying what is wrong.
 */
final class InvokeHeader {
    static final byte VERSION = 1;
    static final int RELAY = 1;
    static final int HAS_RANKS = 2;
    static final int PARTS = 4;

    static final int VERSION_OFFSET = 0;
    static final int REPLY_OFFSET = 1;
    static final int FLAGS_OFFSET = 2;
    static final int METHOD_OFFSET = 4;
    static final int RANK_OFFSET = 8;
    static final int ORIGIN_OFFSET = 12;
    static final int REPLY_RANK_OFFSET = 16;
    static final int CALL_OFFSET = 20;
    static final int GROUP_LENGTH_OFFSET = 28;
    static final int RANKS_COUNT_OFFSET = 30;
    static final int REDUCER_LENGTH_OFFSET = 34;
    /** Bytes before the group name. */
    static final int FIXED = 38;
    /** Longest group name in UTF-8 bytes. */
    static final int MAX_GROUP_BYTES = 1024;
    /** Most destinations one header may name. */
    static final int MAX_RANKS = 1 << 20;

    private InvokeHeader() {
    }

    /**
     * The bytes of {@code h}; {@code reducer} is the serialized combiner of a reduce ({@code h.reducer()}), or null.
     *
     * @throws GroupException when the group name is longer than {@link #MAX_GROUP_BYTES}
     */
    static byte[] encode(Invoke h, byte[] reducer) {
        byte[] group = h.group().getBytes(StandardCharsets.UTF_8);
        if (group.length > MAX_GROUP_BYTES) {
            throw new GroupException("group name of " + group.length + " bytes (at most " + MAX_GROUP_BYTES + ")");
        }
        int[] ranks = h.ranks();
        int reducerLength = reducer == null ? 0 : reducer.length;
        ByteBuffer b = ByteBuffer.allocate(FIXED + group.length + (ranks == null ? 0 : 4 * ranks.length)
                + reducerLength);
        b.put(VERSION_OFFSET, VERSION).put(REPLY_OFFSET, h.reply())
                .put(FLAGS_OFFSET, (byte) ((h.relay() ? RELAY : 0) | (ranks != null ? HAS_RANKS : 0)
                        | (h.parts() ? PARTS : 0)))
                .putInt(METHOD_OFFSET, h.method()).putInt(RANK_OFFSET, h.rank()).putInt(ORIGIN_OFFSET, h.origin())
                .putInt(REPLY_RANK_OFFSET, h.replyRank()).putLong(CALL_OFFSET, h.call())
                .putShort(GROUP_LENGTH_OFFSET, (short) group.length)
                .putInt(RANKS_COUNT_OFFSET, ranks == null ? 0 : ranks.length)
                .putInt(REDUCER_LENGTH_OFFSET, reducerLength);
        b.put(FIXED, group);
        int at = FIXED + group.length;
        if (ranks != null) {
            for (int r : ranks) {
                b.putInt(at, r);
                at += 4;
            }
        }
        if (reducer != null) {
            b.put(at, reducer);
        }
        return b.array();
    }

    /**
     * The header in {@code bytes}, its reducer decoded with {@code serialization}.
     *
     * @throws GroupException when the bytes are not such a header
     */
    static Invoke decode(byte[] bytes, Serialization serialization) {
        if (bytes == null || bytes.length < FIXED) {
            throw malformed("shorter than " + FIXED + " bytes");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        if (b.get(VERSION_OFFSET) != VERSION) {
            throw malformed("version " + b.get(VERSION_OFFSET) + ", expected " + VERSION);
        }
        byte reply = b.get(REPLY_OFFSET);
        if (reply < GroupMessages.REPLY_NONE || reply > GroupMessages.REPLY_REDUCE) {
            throw malformed("reply mode " + reply);
        }
        int flags = b.get(FLAGS_OFFSET);
        if ((flags & ~(RELAY | HAS_RANKS | PARTS)) != 0 || b.get(FLAGS_OFFSET + 1) != 0
                || ((flags & PARTS) != 0 && (flags & HAS_RANKS) == 0)) {
            throw malformed("flags " + flags);
        }
        int groupLength = Short.toUnsignedInt(b.getShort(GROUP_LENGTH_OFFSET));
        int rankCount = b.getInt(RANKS_COUNT_OFFSET);
        int reducerLength = b.getInt(REDUCER_LENGTH_OFFSET);
        boolean hasRanks = (flags & HAS_RANKS) != 0;
        if (groupLength > MAX_GROUP_BYTES || rankCount < 0 || rankCount > MAX_RANKS || (!hasRanks && rankCount != 0)
                || reducerLength < 0
                || (long) FIXED + groupLength + 4L * rankCount + reducerLength != bytes.length) {
            throw malformed("group name of " + groupLength + " bytes, " + rankCount + " ranks and a reducer of "
                    + reducerLength + " bytes in " + bytes.length + " bytes");
        }
        String group = new String(bytes, FIXED, groupLength, StandardCharsets.UTF_8);
        int at = FIXED + groupLength;
        int[] ranks = null;
        if (hasRanks) {
            ranks = new int[rankCount];
            for (int i = 0; i < rankCount; i++) {
                ranks[i] = b.getInt(at);
                at += 4;
            }
        }
        BinomialCombiner reducer = null;
        if (reducerLength > 0) {
            Object r;
            ByteBuffer in = ByteBuffer.wrap(bytes, at, reducerLength);
            try {
                r = serialization.read(in);
            } catch (SerialException e) {
                throw malformed("its reducer cannot be decoded: " + e.getMessage());
            }
            if (in.hasRemaining()) {
                throw malformed(in.remaining() + " bytes after its reducer");
            }
            if (!(r instanceof BinomialCombiner c)) {
                throw malformed("its reducer is a " + (r == null ? "null" : r.getClass().getName())
                        + ", not a BinomialCombiner");
            }
            reducer = c;
        }
        return new Invoke(group, b.getInt(METHOD_OFFSET), b.getInt(RANK_OFFSET), b.getInt(ORIGIN_OFFSET),
                b.getLong(CALL_OFFSET), reply, b.getInt(REPLY_RANK_OFFSET), ranks, (flags & RELAY) != 0, reducer,
                (flags & PARTS) != 0);
    }

    private static GroupException malformed(String why) {
        return new GroupException("malformed invocation header: " + why);
    }
}
