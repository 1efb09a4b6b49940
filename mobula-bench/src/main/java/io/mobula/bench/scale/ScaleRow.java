package io.mobula.bench.scale;

import io.mobula.bench.rmi.Json;
import java.util.List;
import java.util.Locale;

/**
 * One measured operation of the simulation at one size: counts of transport frames (messages) and their bytes.
 *
 * @param n                 pool size (members; the pool coordinator is a node of its own beside them)
 * @param operation         what was measured
 * @param ops               how many operations the counts cover (per-operation values are the counts divided by it)
 * @param messages          frames sent by all nodes, the coordinator included
 * @param bytes             their bytes (frame sizes without the 4-byte length prefix)
 * @param maxPerMember      frames sent by the member that sent most
 * @param meanPerMember     frames sent per member, on average
 * @param depth             the longest causal chain of messages, along threads ({@link Traffic})
 * @param depthBound        its upper bound by node clocks ({@link Traffic})
 * @param coordinatorMessages frames the pool coordinator sent and received
 * @param coordinatorBytes  their bytes
 * @param sequencerMessages frames rank 0 (the RepMI sequencer) sent and received
 * @param sequencerBytes    their bytes
 * @param undelivered       frames sent in the measurement and not received (their connection closed first: a
 *                          handshake that took too long, say); 0 when nothing was lost
 * @param pathBytes         the bytes of the {@code depth} messages of the longest chain along threads
 * @param costModel         the cost-model file the predictions come from, or null when none was given
 * @param predictions       per transport of the cost model, the predicted latency of one operation
 */
record ScaleRow(int n, String operation, int ops, long messages, long bytes, long maxPerMember, double meanPerMember,
                int depth, int depthBound, long coordinatorMessages, long coordinatorBytes, long sequencerMessages,
                long sequencerBytes, long undelivered, long pathBytes, String costModel, List<Prediction> predictions) {

    ScaleRow {
        predictions = List.copyOf(predictions);
    }

    /**
     * What the cost model predicts for one operation on one transport ({@link Traffic}, class comment).
     *
     * @param transport   the transport of the model's parameters
     * @param micros      the latest handling time along threads (the chains the protocol's threads build)
     * @param boundMicros the same by node clocks (everything a node sends after a receipt waits for it): an upper
     *                    bound where the two differ
     */
    record Prediction(String transport, double micros, double boundMicros) {
    }

    /** log2 of {@link #n}. */
    double log2n() {
        return Math.log(n) / Math.log(2);
    }

    String json() {
        StringBuilder sb = new StringBuilder(counts());
        sb.setLength(sb.length() - 1);
        sb.append(",\"path_bytes\":").append(pathBytes);
        if (costModel != null) {
            sb.append(",\"cost_model\":");
            Json.quote(sb, costModel);
            for (Prediction p : predictions) {
                sb.append(String.format(Locale.ROOT, ",\"predicted_%s_us\":%.3f,\"predicted_%s_bound_us\":%.3f",
                        p.transport(), p.micros(), p.transport(), p.boundMicros()));
            }
        }
        return sb.append('}').toString();
    }

    private String counts() {
        return String.format(Locale.ROOT, "{\"suite\":\"scale\",\"n\":%d,\"operation\":\"%s\",\"ops\":%d,"
                + "\"messages\":%d,\"bytes\":%d,\"max_per_member\":%d,\"mean_per_member\":%.3f,\"depth\":%d,"
                + "\"depth_bound\":%d,\"log2n\":%.3f,\"coordinator_messages\":%d,\"coordinator_bytes\":%d,"
                + "\"sequencer_messages\":%d,\"sequencer_bytes\":%d,\"undelivered\":%d}", n, operation, ops,
                messages, bytes, maxPerMember, meanPerMember, depth, depthBound, log2n(), coordinatorMessages,
                coordinatorBytes, sequencerMessages, sequencerBytes, undelivered);
    }
}
