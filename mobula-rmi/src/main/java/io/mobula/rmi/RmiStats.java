package io.mobula.rmi;

import java.util.concurrent.atomic.LongAdder;

/** Counters of the RMI runtime of this process. */
final class RmiStats {
    final LongAdder callsMade = new LongAdder();
    final LongAdder callsServed = new LongAdder();
    final LongAdder localCalls = new LongAdder();
    final LongAdder connectionsOpened = new LongAdder();
    final LongAdder connectionsLost = new LongAdder();
    /** Connections dropped because the peer failed the handshake (see {@link RmiCounters#authFailures()}). */
    final LongAdder authFailures = new LongAdder();
}
