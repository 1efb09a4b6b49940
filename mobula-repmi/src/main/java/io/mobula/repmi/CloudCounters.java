package io.mobula.repmi;

/**
 * Counters of this process's RepMI since it started ({@link Cloud#counters}). A write's payload reaches every replica
 * once: its writer sends it to each other replica (along a tree rooted at the writer from
 * {@code mobula.repmi.relayFrom} replicas on), and the sequencer sends each replica only the write's order (along a
 * tree rooted at the sequencer from that many replicas on; or the order with the payload to a replica the writer did
 * not yet know, and to one that lost it in a fail-over).
 *
 * @param writes           writes, cloud creations and joins this process made
 * @param payloadsSent     messages (and replies) carrying a write's payload this process sent to other processes,
 *                         the copies it relayed down a writer's tree included
 * @param payloadBytesSent the payload bytes of those messages (the serialized arguments, without headers)
 * @param ordersSent       orders without a payload this process sent to other processes, as the sequencer
 * @param payloadsFetched  ordered writes whose payload had not come from their writer within a grace period (the
 *                         writer died while sending it, say) and that this process got from another one
 * @param ordersTakenByWriter orders of this process's writes that the writing thread took in itself while it waited
 *                         for its write (docs/REPMI.md, "The writer takes its order in"), rather than being woken
 * @param ordersRelayed    orders this process forwarded to the replicas below it in the sequencer's relay tree (from
 *                         {@code mobula.repmi.relayFrom} replicas on, docs/REPMI.md)
 * @param ordersFetched    orders this process lacked (a gap in the numbers, or a relay above it died) and got from the
 *                         sequencer
 * @param writesRunInPlace writes this replica applied on a thread that was there already, with no hand-off (thesis
 *                         3.3.1): the writer's own waiting thread, the receive thread after the message that brought
 *                         the write's turn, or the sequencer's thread after it took the write in
 * @param writesHandedOff  writes this replica applied on a thread started for them (a write whose turn came while an
 *                         earlier one ran or waited, or one taken in where running it is not allowed)
 */
public record CloudCounters(long writes, long payloadsSent, long payloadBytesSent, long ordersSent,
                            long payloadsFetched, long ordersTakenByWriter, long ordersRelayed, long ordersFetched,
                            long writesRunInPlace, long writesHandedOff) {
}
