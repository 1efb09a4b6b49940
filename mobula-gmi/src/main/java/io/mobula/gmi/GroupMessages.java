package io.mobula.gmi;

import java.io.Serializable;

/** The headers of GMI's messages ({@link GroupPort}); the payload bytes travel beside them. */
final class GroupMessages {
    private GroupMessages() {
    }

    /** No reply. */
    static final byte REPLY_NONE = 0;
    /** Only member {@code replyRank} replies. */
    static final byte REPLY_ONE = 1;
    /** Every destination replies. */
    static final byte REPLY_ALL = 2;
    /** The destinations reduce their results up a binomial tree; the first destination replies. */
    static final byte REPLY_REDUCE = 3;

    /**
     * An invocation of method {@code method} on member {@code rank} of {@code group}.
     *
     * @param origin    the pool rank of the invoking process, where replies go
     * @param call      the invoker's call id (0 when no reply is expected)
     * @param reply     one of the REPLY_ constants
     * @param replyRank the member that replies under {@link #REPLY_ONE}
     * @param ranks     the destinations of this invocation in tree order, for a tree broadcast or a reduce; null for
     *                  a lone destination
     * @param relay     whether the receiver forwards the same bytes to its children in the binomial tree over
     *                  {@code ranks} before it runs the method
     * @param reducer   the combiner of a {@link #REPLY_REDUCE}
     * @param parts     whether the parameters are a scatter's personalized parameter vectors for the receiver's
     *                  subtree ({@link SubtreeParts}: part 0 the receiver's own, then one per position of its subtree)
     *                  rather than one vector for every destination
     */
    record Invoke(String group, int method, int rank, int origin, long call, byte reply, int replyRank, int[] ranks,
            boolean relay, BinomialCombiner reducer, boolean parts) {
        /** An invocation whose destinations all get the same parameter vector. */
        Invoke(String group, int method, int rank, int origin, long call, byte reply, int replyRank, int[] ranks,
                boolean relay, BinomialCombiner reducer) {
            this(group, method, rank, origin, call, reply, replyRank, ranks, relay, reducer, false);
        }

        Invoke to(int member) {
            return new Invoke(group, method, member, origin, call, reply, replyRank, ranks, relay, reducer, parts);
        }
    }

    /**
     * An invocation as it leaves this process: its header, and the header and the parameter vector as bytes, encoded
     * once for every destination ({@link GroupPort#invoke}).
     */
    record Encoded(Invoke header, byte[] headerBytes, byte[] parameters) {
    }

    /** A part and its value, as a fan-out hands them to its {@link TreeFanOut.Sender}. */
    record PartMessage(Part header, byte[] value) {
    }

    /** Member {@code rank}'s outcome for call {@code call}; {@code thrown}: the value is a Throwable. */
    record Reply(long call, int rank, boolean thrown) implements Serializable {
    }

    /** A partial result of a reduce, sent to the parent member in the tree. */
    static final byte PART_PARTIAL = 1;
    /** A participant's parameters of a combined invocation, sent to its parent participant. */
    static final byte PART_PARAMETERS = 2;
    /**
     * The result of a combined invocation, handed out by participant 0 to the other participants (relayed along the
     * binomial tree over the participants from {@code mobula.gmi.relayFrom} participants on).
     */
    static final byte PART_RESULT = 3;
    /** One member's result, forwarded by participant 0 to the other participants' forwarders (relayed likewise). */
    static final byte PART_FORWARDED = 4;
    /**
     * The personalized results of a combined invocation for the receiving participant's subtree in the binomial tree
     * over the participants ({@link SubtreeParts}, part 0 the receiver's own), handed out by participant 0 from
     * {@code mobula.gmi.relayFrom} participants on; the receiver relays each child its child's subtree's parts and
     * takes part 0 as a {@link #PART_RESULT}.
     */
    static final byte PART_RESULT_PARTS = 5;
    /** One member's personalized forwarded result, by subtree as {@link #PART_RESULT_PARTS}; taken as a forward. */
    static final byte PART_FORWARDED_PARTS = 6;

    /**
     * A message within a combined operation.
     *
     * @param kind   one of the PART_ constants
     * @param group  the group
     * @param key    the operation: {@code origin:call} for a reduce, {@code identifier:sequence} for a combined
     *               invocation
     * @param to     the receiving member (partial) or participant rank
     * @param from   the sending member or participant rank (for a forwarded result: the member that produced it)
     * @param thrown whether the value is a Throwable
     * @param relay  whether the receiver sends the value on to its children in the binomial tree over the
     *               participants before it takes it (a result or forwarded result handed out along the tree: the same
     *               bytes, or for personalized parts each child its subtree's)
     */
    record Part(byte kind, String group, String key, int to, int from, boolean thrown, boolean relay)
            implements Serializable {
        /** The same part for participant {@code participant}, as a relay sends it on. */
        Part to(int participant) {
            return new Part(kind, group, key, participant, from, thrown, relay);
        }

        /** The mailbox this part goes to (a subtree's personalized results: the result's). */
        String box() {
            return box(group, kind == PART_RESULT_PARTS ? PART_RESULT : kind, key, to);
        }

        /** Whether the value holds the personalized parts of the receiver's subtree ({@link SubtreeParts}). */
        boolean subtreeParts() {
            return kind == PART_RESULT_PARTS || kind == PART_FORWARDED_PARTS;
        }

        /** Whether the value is a forwarded result (or its subtree's parts), for the receiver's forwarder. */
        boolean forwarded() {
            return kind == PART_FORWARDED || kind == PART_FORWARDED_PARTS;
        }

        static String box(String group, byte kind, String key, int to) {
            return group + "/" + kind + "/" + key + "/" + to;
        }
    }
}
