package io.mobula.transport;

import java.time.Duration;

/** The TCP suite in blocking receive mode (no busy-poll window, no caller polling). */
class TcpBlockingTransportTest extends TcpTransportTest {

    @Override
    Transport newTransport(TransportOptions options) {
        return Transports.create("tcp", options.withBusyPoll(Duration.ZERO).withCallerPolling(false));
    }
}
