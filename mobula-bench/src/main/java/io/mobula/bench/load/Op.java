package io.mobula.bench.load;

import java.util.Locale;

/** The remote methods the server counts: one per {@link SoakService} method, and the tickets' {@code value()}. */
public enum Op {
    PING, ADD, SHIFT, ECHO, CALLBACK, FAIL, TICKET, TICKET_VALUE;

    /** The name in reports and JSON, e.g. {@code ticket_value}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
