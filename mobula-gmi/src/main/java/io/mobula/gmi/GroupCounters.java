package io.mobula.gmi;

/**
 * Counters of GMI in one process.
 *
 * @param discardedExceptions exceptions thrown by member methods whose reply scheme discards results (each also
 *                            logged at INFO)
 * @param forwarderFailures   forwarders that threw on a result, and forwarded results that could not be delivered
 * @param relayed             invocations members in this process forwarded to a child member along a broadcast tree
 *                            (broadcasts to {@code mobula.gmi.relayFrom} destinations or more)
 * @param ranOnReceiveThread  invocations of member methods proven non-blocking that ran on the thread that received
 *                            them, with no hand-off (docs/GMI.md, "Where member methods run")
 * @param repliesTakenByCaller replies of members in other processes that the invoking thread received itself while it
 *                            waited for them (docs/GMI.md, "The waiting thread receives"), rather than being woken
 * @param invocationsEncoded  group invocations this process sent, each encoded once whatever the number of
 *                            destinations and relays (docs/GMI.md, "A broadcast is encoded once")
 * @param resultsRelayed      results (and forwarded results) of combined invocations that participants in this
 *                            process passed on to another participant along the tree over the participants (combined
 *                            invocations of {@code mobula.gmi.relayFrom} participants or more)
 */
public record GroupCounters(long discardedExceptions, long forwarderFailures, long relayed,
        long ranOnReceiveThread, long repliesTakenByCaller, long invocationsEncoded, long resultsRelayed) {
}
