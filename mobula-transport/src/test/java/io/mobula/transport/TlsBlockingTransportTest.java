package io.mobula.transport;

import java.time.Duration;

/** The TLS suite in blocking receive mode (no busy-poll window, no caller polling). */
class TlsBlockingTransportTest extends TlsTransportTest {

    @Override
    Transport newTransport(TransportOptions options) {
        return Transports.tls(options.withBusyPoll(Duration.ZERO).withCallerPolling(false),
                TlsOptions.defaults().withContext(alice));
    }
}
