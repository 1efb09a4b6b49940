package io.mobula.gmi;

/**
 * Counters of GMI in one process.
 *
 * @param discardedExceptions exceptions thrown by member methods whose reply scheme discards results (each also
 *                            logged at INFO)
 * @param forwarderFailures   forwarders that threw on a result, and forwarded results that could not be delivered
 */
public record GroupCounters(long discardedExceptions, long forwarderFailures) {
}
