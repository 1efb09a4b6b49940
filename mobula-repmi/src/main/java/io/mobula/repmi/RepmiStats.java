package io.mobula.repmi;

import java.util.concurrent.atomic.LongAdder;

/** What this process's RepMI has sent, counted where it is sent ({@link Cloud#counters}). */
final class RepmiStats {
    private final LongAdder writes = new LongAdder();
    private final LongAdder payloads = new LongAdder();
    private final LongAdder payloadBytes = new LongAdder();
    private final LongAdder orders = new LongAdder();
    private final LongAdder fetched = new LongAdder();
    private final LongAdder relayed = new LongAdder();
    private final LongAdder ordersFetched = new LongAdder();
    private final LongAdder takenByWriter = new LongAdder();
    private final LongAdder runInPlace = new LongAdder();
    private final LongAdder handedOff = new LongAdder();

    /** This process made a write (or a creation, or its JOIN). */
    void write() {
        writes.increment();
    }

    /** A write's payload of {@code bytes} bytes was sent to another process (in a message or a reply). */
    void payloadSent(int bytes) {
        payloads.increment();
        payloadBytes.add(bytes);
    }

    /** An order without a payload was sent to another process. */
    void orderSent() {
        orders.increment();
    }

    /** An order was forwarded to a replica below this one in the sequencer's tree ({@link OrderRelay}). */
    void orderRelayed() {
        relayed.increment();
    }

    /** {@code count} orders this replica lacked (a gap, or a relay above it died) were got from the sequencer. */
    void ordersFetched(int count) {
        ordersFetched.add(count);
    }

    /** An ordered write's payload, which had not come from its writer in time, was got from another process. */
    void payloadFetched() {
        fetched.increment();
    }

    /** The order of one of this process's writes was taken in by the thread waiting for that write. */
    void orderTakenByWriter() {
        takenByWriter.increment();
    }

    /** A write was started on a thread that was there already ({@code inPlace}) or on one of its own. */
    void writeStarted(boolean inPlace) {
        (inPlace ? runInPlace : handedOff).increment();
    }

    CloudCounters snapshot() {
        return new CloudCounters(writes.sum(), payloads.sum(), payloadBytes.sum(), orders.sum(), fetched.sum(),
                takenByWriter.sum(), relayed.sum(), ordersFetched.sum(), runInPlace.sum(), handedOff.sum());
    }
}
