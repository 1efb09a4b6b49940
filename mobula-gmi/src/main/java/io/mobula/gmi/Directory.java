package io.mobula.gmi;

import java.io.Serializable;

/**
 * What GMI keeps in the pool's directory (thesis 5.4.2: the group registry), and the keys it keeps it under. The
 * pool coordinator plays the central registry: first publisher wins, look-ups wait with a bound.
 */
final class Directory {
    private Directory() {
    }

    /** A group: its interface, size and the interface hash of the generated code that created it. */
    record GroupEntry(String name, String type, int size, long interfaceHash) implements Serializable {
    }

    /** Member {@code rank} of a group lives in the process of pool rank {@code poolRank}. */
    record MemberEntry(int rank, int poolRank, String memberClass) implements Serializable {
    }

    /** One participant of a combined invocation, as it configured it. */
    record ParticipantEntry(int rank, int poolRank, int method, int number, String combiner, String inner,
            String reply) implements Serializable {
        /** The settings all participants must agree on, for messages. */
        String agreement() {
            return "method " + method + ", number " + number + ", combiner " + combiner + ", forwarding " + inner
                    + ", reply " + reply;
        }
    }

    /**
     * Where every member of a complete group lives: {@code poolRanks[r]} is the pool rank of member {@code r}.
     * Published once, by member 0 after it saw every rank's {@link MemberEntry}; every other process awaits this one
     * entry, so forming a group moves O(N) entries through the coordinator, not O(N^2).
     */
    record ViewEntry(int[] poolRanks) implements Serializable {
    }

    /**
     * What participant 0 of a combined invocation found after it saw every participant's {@link ParticipantEntry}:
     * the pool rank of each participant, or why they do not agree ({@code disagreement}, null when they do).
     */
    record ParticipantsEntry(int[] poolRanks, String disagreement) implements Serializable {
    }

    static String group(String name) {
        return "gmi/group/" + name;
    }

    static String member(String name, int rank) {
        return "gmi/group/" + name + "/rank/" + rank;
    }

    static String view(String name) {
        return "gmi/group/" + name + "/view";
    }

    /** The layer's name in the directory; each process's {@link GroupPort} is under {@code gmi/port/RANK}. */
    static final String LAYER = "gmi";

    static String participant(String group, String id, int rank) {
        return "gmi/combine/" + group + "/" + id + "/" + rank;
    }

    static String participants(String group, String id) {
        return "gmi/combine/" + group + "/" + id + "/all";
    }
}
